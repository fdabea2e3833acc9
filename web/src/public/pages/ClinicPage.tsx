import { Hero } from '../components/Hero';
import { StatsBand } from '../components/StatsBand';
import { BookingForm, NewsList, ResultsGallery, StaffList, TreatmentsList } from '../sections/lazy';
import { BUSINESS } from '../site';
import { IslandSection, SidePage } from './SidePage';

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

export function ClinicPage() {
  return (
    <SidePage side="clinic">
      <title>Lumière Clinic · Aesthetic treatments in BGC</title>
      <Hero
        showBadge
        eyebrow="Aesthetic clinic · BGC, Manila"
        title="Reveal your most radiant skin"
        subtitle="Premium facial treatments and beauty services for radiant, healthy skin, designed by doctors in the heart of Bonifacio Global City."
        cta={{ label: 'Book Appointment', href: '#booking' }}
      />
      <IslandSection
        side="clinic"
        id="treatments"
        eyebrow="What we offer"
        title="Our Treatments"
        subtitle="Medical-grade facials and skin therapies, tailored to you."
        minHeight="36rem"
        loadingText="Loading treatments..."
      >
        <TreatmentsList />
      </IslandSection>
      <AboutUs />
      <IslandSection
        side="clinic"
        id="results"
        eyebrow="Before and after"
        title="Real Results"
        subtitle="Real clients, real skin: results from our treatment rooms."
        tinted
        minHeight="30rem"
        loadingText="Loading results..."
      >
        <ResultsGallery />
      </IslandSection>
      <StatsBand />
      <IslandSection
        side="clinic"
        id="staff"
        eyebrow="Meet the experts"
        title="Our Staff"
        subtitle="Physicians and aestheticians who care about your skin."
        minHeight="24rem"
        loadingText="Loading team..."
      >
        <StaffList side="clinic" />
      </IslandSection>
      <IslandSection
        side="clinic"
        id="news"
        eyebrow="Journal"
        title="Latest News"
        subtitle="Skincare advice, new treatments and clinic news."
        tinted
        minHeight="30rem"
        loadingText="Loading news...."
      >
        <NewsList />
      </IslandSection>
      <IslandSection
        side="clinic"
        id="booking"
        eyebrow="Reserve your visit"
        title="Book Your Appointment"
        subtitle="Choose your treatments, pick a free time, and we will confirm within the day."
        minHeight="48rem"
      >
        <BookingForm side="clinic" />
      </IslandSection>
    </SidePage>
  );
}
