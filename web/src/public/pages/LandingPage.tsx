import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { Side } from '@bb/contracts';
import { useOffering } from '../../shared/offering/OfferingContext';
import { landingForward } from '../domain/navigation';
import { BUSINESS } from '../site';

const HALVES = [
  { side: 'clinic', title: 'Aesthetic Clinic', text: 'Premium facial treatments and beauty services for radiant, healthy skin', button: 'Enter Clinic' },
  { side: 'studio', title: 'Photography Studio', text: 'Professional photography services capturing your most precious moments', button: 'Enter Studio' },
] as const;

type Hover = 'neutral' | Side;

/** Hovering (or focusing into) one half brightens it and dims the other. */
const hoverOf = (hover: Hover, side: Side) => (hover === 'neutral' ? undefined : hover === side ? 'bright' : 'dim');

/** The landing screen: clinic on one half, studio on the other. */
export function LandingPage() {
  const [hover, setHover] = useState<Hover>('neutral');
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const { offering } = useOffering();
  const forward = landingForward(hash, offering, search);

  useEffect(() => {
    if (forward) navigate(forward, { replace: true });
  }, [forward, navigate]);
  if (forward) return null;

  return (
    <main className="lx-screen lx-landing" onMouseLeave={() => setHover('neutral')}>
      <title>Lumière · Clinic and Studio in BGC</title>
      <h1 className="lx-landing-brand">{BUSINESS.name}</h1>
      {HALVES.map((half) => (
        <section
          key={half.side}
          aria-labelledby={`landing-${half.side}`}
          className={`lx-half lx-half--${half.side}`}
          data-hover={hoverOf(hover, half.side)}
          onMouseEnter={() => setHover(half.side)}
          onFocus={() => setHover(half.side)}
          onBlur={() => setHover('neutral')}
        >
          <div className="lx-half-body">
            <h2 id={`landing-${half.side}`}>{half.title}</h2>
            <p>{half.text}</p>
            <RouterLink to={`/${half.side}`} className="lx-btn lx-btn--lg lx-btn--light lx-btn--dark-text">
              {half.button}
            </RouterLink>
          </div>
        </section>
      ))}
    </main>
  );
}
