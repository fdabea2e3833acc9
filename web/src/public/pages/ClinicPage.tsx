import { Hero } from '../components/Hero';
import { PublicLayout } from '../components/PublicLayout';
import { Section } from '../components/Section';
import { StatsBand } from '../components/StatsBand';
import { Island } from '../../shared/islands/Island';
import { useScrollToHashOnArrival, useSetOffering } from '../hooks/usePageSetup';
import { BookingForm, NewsList, ResultsGallery, StaffList, TreatmentsList } from '../sections/lazy';
import { BUSINESS, CLINIC_NAV, PALETTE } from '../site';

const PROMISES = [
  { title: 'Doctor-led care', text: 'Every plan starts with a consultation by a licensed aesthetic physician.' },
  { title: 'Medical-grade technology', text: 'FDA-cleared devices and clinically proven products, nothing less.' },
  { title: 'Results you can see', text: 'Natural-looking results, tracked from your first visit to your last.' },
];

function AboutUs() {
  return (
    <section id="about-us" aria-labelledby="about-us-title" className="lx-section">
      <div className="lx-container lx-about">
        <div>
          <p className="lx-eyebrow">About us</p>
          <h2 id="about-us-title" className="lx-h2">
            Beauty, backed by medicine
          </h2>
          <p>
            For over a decade, {BUSINESS.clinicName} has helped clients in Bonifacio Global City feel confident in their skin. Our physicians, nurses and
            aestheticians design every treatment around you.
          </p>
        </div>
        <div className="lx-promises">
          {PROMISES.map((p) => (
            <div key={p.title} className="lx-promise">
              <h3>{p.title}</h3>
              <p>{p.text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

const palette = PALETTE.clinic;

export function ClinicPage() {
  useSetOffering('clinic');
  useScrollToHashOnArrival();
  return (
    <PublicLayout
      side="clinic"
      hasClinicSections
      nav={{
        brand: BUSINESS.name,
        brandSuffix: 'Clinic',
        brandHref: '/landing',
        links: CLINIC_NAV,
        switcher: { label: 'Switch to Studio', href: '/studio' },
        bookHref: '#booking',
      }}
    >
      <title>Lumière Clinic · Aesthetic treatments in BGC</title>
      <Hero
        showBadge
        eyebrow="Aesthetic clinic · BGC, Manila"
        title="Reveal your most radiant skin"
        subtitle="Premium facial treatments and beauty services for radiant, healthy skin, designed by doctors in the heart of Bonifacio Global City."
        cta={{ label: 'Book Appointment', href: '#booking' }}
      />
      <Section id="treatments" eyebrow="What we offer" title="Our Treatments" subtitle="Medical-grade facials and skin therapies, tailored to you.">
        <Island minHeight="36rem" palette={palette} loadingText="Loading treatments...">
          <TreatmentsList />
        </Island>
      </Section>
      <AboutUs />
      <Section id="results" eyebrow="Before and after" title="Real Results" subtitle="Real clients, real skin: results from our treatment rooms." tinted>
        <Island minHeight="30rem" palette={palette} loadingText="Loading results...">
          <ResultsGallery />
        </Island>
      </Section>
      <StatsBand />
      <Section id="staff" eyebrow="Meet the experts" title="Our Staff" subtitle="Physicians and aestheticians who care about your skin.">
        <Island minHeight="24rem" palette={palette} loadingText="Loading team...">
          <StaffList side="clinic" />
        </Island>
      </Section>
      <Section id="news" eyebrow="Journal" title="Latest News" subtitle="Skincare advice, new treatments and clinic news." tinted>
        <Island minHeight="30rem" palette={palette} loadingText="Loading news....">
          <NewsList />
        </Island>
      </Section>
      <Section
        id="booking"
        eyebrow="Reserve your visit"
        title="Book Your Appointment"
        subtitle="Choose your treatments, pick a free time, and we will confirm within the day."
      >
        <Island minHeight="48rem" palette={palette}>
          <BookingForm side="clinic" />
        </Island>
      </Section>
    </PublicLayout>
  );
}
