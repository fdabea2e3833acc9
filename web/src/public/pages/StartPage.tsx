import { Link as RouterLink } from 'react-router-dom';
import { MailIcon, PhoneIcon, PinIcon } from '../components/icons';
import { BUSINESS } from '../site';

const DESTINATIONS = [
  { title: 'Landing Page', text: 'Explore the clinic and studio offerings', to: '/landing', side: 'clinic' },
  { title: 'Backend', text: 'Manage content, appointments, system settings', to: '/maintenance', side: 'studio' },
] as const;

/** The start screen: the public site or the staff console, and how to reach the business. */
export function StartPage() {
  return (
    <main className="lx-screen lx-start">
      <title>Lumière Clinic &amp; Studio</title>
      <div className="lx-container">
        <div className="lx-start-head">
          <h1>Welcome to {BUSINESS.name}</h1>
          <p>Choose your destination to continue</p>
        </div>
        <div className="lx-cards">
          {DESTINATIONS.map((d) => (
            <section key={d.title} aria-labelledby={`start-${d.side}`} className="lx-card" data-side={d.side}>
              <h2 id={`start-${d.side}`}>{d.title}</h2>
              <p>{d.text}</p>
              <RouterLink to={d.to} className="lx-btn" aria-label={`Enter ${d.title}`}>
                Enter
              </RouterLink>
            </section>
          ))}
        </div>
        <address aria-label="Contact">
          <div>
            <PinIcon /> <span>{BUSINESS.location}</span>
          </div>
          <div>
            <PhoneIcon /> <a href={`tel:${BUSINESS.phone.replace(/\s/g, '')}`}>{BUSINESS.phone}</a>
          </div>
          <div>
            <MailIcon /> <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
          </div>
        </address>
      </div>
    </main>
  );
}
