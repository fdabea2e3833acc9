import type { ReactNode } from 'react';
import { TRUST_BADGE } from '../site';
import { StarIcon } from './icons';
import { SmartLink } from './SmartLink';

export interface HeroProps {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  cta?: { label: string; href: string };
  /** The trust badge 'Trusted by 5,000+ clients'. */
  showBadge?: boolean;
  /** Detail pages use a short hero; landing pages fill the first screen. */
  compact?: boolean;
  children?: ReactNode;
}

/**
 * Title, subtitle, call to action and the background picture: a deep gradient of the side's
 * colour with soft light shapes, drawn in CSS so the first screen needs no image download.
 */
export function Hero({ eyebrow, title, subtitle, cta, showBadge = false, compact = false, children }: HeroProps) {
  return (
    <section aria-labelledby="hero-title" className={compact ? 'lx-hero lx-hero--compact' : 'lx-hero'}>
      <div className="lx-container">
        <div className="lx-hero-body">
          {showBadge && (
            <p className="lx-badge">
              <span className="lx-stars" aria-hidden="true">
                <StarIcon />
                <StarIcon />
                <StarIcon />
                <StarIcon />
                <StarIcon />
              </span>
              {TRUST_BADGE}
            </p>
          )}
          {eyebrow && <p className="lx-hero-eyebrow">{eyebrow}</p>}
          <h1 id="hero-title">{title}</h1>
          {subtitle && <p className="lx-hero-sub">{subtitle}</p>}
          {cta && (
            <SmartLink href={cta.href} className="lx-btn lx-btn--lg lx-btn--light">
              {cta.label}
            </SmartLink>
          )}
          {children}
        </div>
      </div>
    </section>
  );
}
