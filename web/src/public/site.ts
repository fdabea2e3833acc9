import type { Side } from '@bb/contracts';

/** Business facts shown on the public pages (contact block, footer, hero). */
export const BUSINESS = {
  name: 'Lumière',
  clinicName: 'Lumière Clinic',
  studioName: 'Lumière Studio',
  location: 'BGC, Philippines',
  address: '5th Avenue corner 26th Street, Bonifacio Global City, Taguig, Metro Manila 1634',
  phone: '+63 917 555 0148',
  email: 'hello@lumiere.ph',
} as const;

/** Each side by the name a customer knows it (booking summaries, the manage page). */
export const SIDE_NAME: Record<Side, string> = { clinic: BUSINESS.clinicName, studio: BUSINESS.studioName };

export const TRUST_BADGE = 'Trusted by 5,000+ clients';

export const STATS = [
  { value: '10+', label: 'Years of Excellence' },
  { value: '15,000+', label: 'Treatments Performed' },
  { value: '98%', label: 'Client Satisfaction' },
  { value: '25+', label: 'Certified Experts' },
] as const;

export interface NavItem {
  label: string;
  href: string;
}

/** The shared nav's default links (spec §2). */
export const DEFAULT_NAV: NavItem[] = [
  { label: 'Treatments', href: '#treatments' },
  { label: 'Results', href: '#results' },
  { label: 'News', href: '#news' },
  { label: 'Contact', href: '#contact' },
];

/** The clinic-side shared nav used on detail pages: sections of the landing page. */
export const CLINIC_SHARED_NAV: NavItem[] = [
  { label: 'Treatments', href: '/landing#treatments' },
  { label: 'Results', href: '/landing#results' },
  { label: 'Our Staff', href: '/landing#staff' },
  { label: 'News', href: '/landing#news' },
];

export const CLINIC_NAV: NavItem[] = [
  { label: 'Treatments', href: '#treatments' },
  { label: 'Results', href: '#results' },
  { label: 'Staff', href: '#staff' },
  { label: 'News', href: '#news' },
  { label: 'Book Now', href: '#booking' },
];

export const STUDIO_NAV: NavItem[] = [
  { label: 'Packages', href: '#packages' },
  { label: 'Portfolio', href: '#portfolio' },
  { label: 'Our Team', href: '#team' },
  { label: 'Book Now', href: '#booking' },
];

/** The footer's own anchor: every page's footer holds the address and phone. */
const FOOTER_ANCHOR = 'contact';
const FOOTER_SECTIONS = [
  { label: 'Treatments', id: 'treatments' },
  { label: 'About Us', id: 'about-us' },
  { label: 'Results', id: 'results' },
  { label: 'News', id: 'news' },
  { label: 'Contact', id: FOOTER_ANCHOR },
] as const;

/**
 * Footer quick links: in-page anchors on the clinic page; elsewhere the clinic's sections
 * through /landing#…, but Contact stays on the page, as the footer itself is the contact block.
 */
export const footerLinks = (hasClinicSections: boolean): NavItem[] =>
  FOOTER_SECTIONS.map(({ label, id }) => ({ label, href: hasClinicSections || id === FOOTER_ANCHOR ? `#${id}` : `/landing#${id}` }));

/** Chakra colour palette of each side: rose for the clinic, plum for the studio. */
export const PALETTE: Record<Side, 'brand' | 'studio'> = { clinic: 'brand', studio: 'studio' };
