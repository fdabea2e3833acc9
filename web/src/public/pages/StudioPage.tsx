import { Hero } from '../components/Hero';
import { PublicLayout } from '../components/PublicLayout';
import { Section } from '../components/Section';
import { Island } from '../../shared/islands/Island';
import { useScrollToHashOnArrival, useSetOffering } from '../hooks/usePageSetup';
import { BookingForm, PackagesList, PortfolioGrid, StaffList } from '../sections/lazy';
import { BUSINESS, PALETTE, STUDIO_NAV } from '../site';

function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="lx-band lx-cta">
      <div className="lx-container">
        <h2 id="cta-title" className="lx-h2">
          Capture Your Precious Moments
        </h2>
        <p>Portraits, couples, families and milestones, styled and shot by our team in BGC.</p>
        <a href="#booking" className="lx-btn lx-btn--lg lx-btn--light">
          Book Your Session
        </a>
      </div>
    </section>
  );
}

const palette = PALETTE.studio;

export function StudioPage() {
  useSetOffering('studio');
  useScrollToHashOnArrival();
  return (
    <PublicLayout
      side="studio"
      hasClinicSections={false}
      nav={{
        brand: BUSINESS.name,
        brandSuffix: 'Studio',
        brandHref: '/landing',
        links: STUDIO_NAV,
        switcher: { label: 'Switch to Clinic', href: '/clinic' },
        bookHref: '#booking',
      }}
    >
      <title>Lumière Studio · Photography in BGC</title>
      <Hero
        eyebrow="Photography studio · BGC, Manila"
        title={BUSINESS.studioName}
        subtitle="Professional photography services capturing your most precious moments, from portraits to family milestones."
        cta={{ label: 'Book Your Session', href: '#booking' }}
      />
      <Section id="packages" eyebrow="Sessions" title="Photography Packages" subtitle="Everything included: styling advice, studio time and edited photos.">
        <Island minHeight="36rem" palette={palette} loadingText="Loading packages...">
          <PackagesList />
        </Island>
      </Section>
      <Section id="portfolio" eyebrow="Our work" title="Our Portfolio" tinted>
        <Island minHeight="30rem" palette={palette} loadingText="Loading portfolio...">
          <PortfolioGrid />
        </Island>
      </Section>
      <Section id="team" eyebrow="Behind the lens" title="Our Photographers">
        <Island minHeight="24rem" palette={palette} loadingText="Loading team...">
          <StaffList side="studio" />
        </Island>
      </Section>
      <CallToAction />
      <Section
        id="booking"
        eyebrow="Reserve your session"
        title="Book Your Photography Session"
        subtitle="Pick a package and a free time; we will confirm your session within the day."
      >
        <Island minHeight="48rem" palette={palette}>
          <BookingForm side="studio" />
        </Island>
      </Section>
    </PublicLayout>
  );
}
