import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useOffering } from '../../shared/offering/OfferingContext';
import { ArrowLeftIcon } from '../components/icons';
import { PublicLayout } from '../components/PublicLayout';
import { BUSINESS, CLINIC_SHARED_NAV } from '../site';

/** Detail pages: the clinic-side shared nav (links to the landing sections), in the current side's colours. */
export function DetailLayout({ children }: { children: ReactNode }) {
  const { offering } = useOffering();
  return (
    <PublicLayout
      side={offering}
      hasClinicSections={false}
      nav={{ brand: BUSINESS.name, brandHref: '/landing', links: CLINIC_SHARED_NAV, bookHref: '/landing#booking' }}
    >
      {children}
    </PublicLayout>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <RouterLink to={to} className="lx-back">
      <ArrowLeftIcon />
      {children}
    </RouterLink>
  );
}

/** A detail page's facts (duration, price) as a description list. */
export function Facts({ facts }: { facts: [label: string, value: string][] }) {
  return (
    <dl className="lx-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="lx-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
