import { Hero } from '../components/Hero';
import { BookingForm, PackagesList, PortfolioGrid, StaffList } from '../sections/lazy';
import { BUSINESS } from '../site';
import { IslandSection, SidePage } from './SidePage';

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

export function StudioPage() {
  return (
    <SidePage side="studio">
      <title>Lumière Studio · Photography in BGC</title>
      <Hero
        eyebrow="Photography studio · BGC, Manila"
        title={BUSINESS.studioName}
        subtitle="Professional photography services capturing your most precious moments, from portraits to family milestones."
        cta={{ label: 'Book Your Session', href: '#booking' }}
      />
      <IslandSection
        side="studio"
        id="packages"
        eyebrow="Sessions"
        title="Photography Packages"
        subtitle="Everything included: styling advice, studio time and edited photos."
        minHeight="36rem"
        loadingText="Loading packages..."
      >
        <PackagesList />
      </IslandSection>
      <IslandSection side="studio" id="portfolio" eyebrow="Our work" title="Our Portfolio" tinted minHeight="30rem" loadingText="Loading portfolio...">
        <PortfolioGrid />
      </IslandSection>
      <IslandSection side="studio" id="team" eyebrow="Behind the lens" title="Our Photographers" minHeight="24rem" loadingText="Loading team...">
        <StaffList side="studio" />
      </IslandSection>
      <CallToAction />
      <IslandSection
        side="studio"
        id="booking"
        eyebrow="Reserve your session"
        title="Book Your Photography Session"
        subtitle="Pick a package and a free time; we will confirm your session within the day."
        minHeight="48rem"
      >
        <BookingForm side="studio" />
      </IslandSection>
    </SidePage>
  );
}
