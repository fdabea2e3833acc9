import type { ReactNode } from 'react';
import type { Side } from '@bb/contracts';
import { PublicLayout } from '../components/PublicLayout';
import { Section, type SectionProps } from '../components/Section';
import { Island } from '../../shared/islands/Island';
import { useScrollToHashOnArrival, useSetOffering } from '../hooks/usePageSetup';
import { BUSINESS, CLINIC_NAV, PALETTE, STUDIO_NAV } from '../site';

/** What a side's nav holds of its own: its name, its sections, the way to the other side. */
const SIDE_NAV = {
  clinic: { brandSuffix: 'Clinic', links: CLINIC_NAV, switcher: { label: 'Switch to Studio', href: '/studio' } },
  studio: { brandSuffix: 'Studio', links: STUDIO_NAV, switcher: { label: 'Switch to Clinic', href: '/clinic' } },
};

/** A side's one-page site (the clinic's or the studio's): the side chosen, its nav, a booking form at #booking. */
export function SidePage({ side, children }: { side: Side; children: ReactNode }) {
  useSetOffering(side);
  useScrollToHashOnArrival();
  return (
    <PublicLayout
      side={side}
      hasClinicSections={side === 'clinic'}
      nav={{ brand: BUSINESS.name, brandHref: '/landing', bookHref: '#booking', ...SIDE_NAV[side] }}
    >
      {children}
    </PublicLayout>
  );
}

interface IslandSectionProps extends SectionProps {
  side: Side;
  /** The island's room kept before its content arrives. */
  minHeight: string;
  loadingText?: string;
}

/** A section of a side's page whose content loads as an island, in the side's colours. */
export function IslandSection({ side, minHeight, loadingText, children, ...section }: IslandSectionProps) {
  return (
    <Section {...section}>
      <Island minHeight={minHeight} palette={PALETTE[side]} loadingText={loadingText}>
        {children}
      </Island>
    </Section>
  );
}
