import { BUSINESS, footerLinks } from '../site';
import { MailIcon, PhoneIcon, PinIcon } from './icons';
import { Newsletter } from './Newsletter';
import { SmartLink } from './SmartLink';

/** Quick links, the Manila address and phone (the #contact anchor), and the newsletter. */
export function SiteFooter({ hasClinicSections }: { hasClinicSections: boolean }) {
  const links = footerLinks(hasClinicSections);
  return (
    <footer id="contact" className="lx-footer">
      <div className="lx-container">
        <div className="lx-footer-grid">
          <div>
            <p className="lx-footer-brand">{BUSINESS.name}</p>
            <p>Aesthetic clinic and photography studio in the heart of BGC: look your best, then capture it.</p>
          </div>
          <nav aria-labelledby="footer-links-title">
            <h2 id="footer-links-title">Quick Links</h2>
            <ul>
              {links.map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2>Contact</h2>
            <address className="lx-contact">
              <div>
                <PinIcon />
                <span>{BUSINESS.address}</span>
              </div>
              <div>
                <PhoneIcon />
                <a href={`tel:${BUSINESS.phone.replace(/\s/g, '')}`}>{BUSINESS.phone}</a>
              </div>
              <div>
                <MailIcon />
                <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
              </div>
            </address>
          </div>
          <Newsletter />
        </div>
        <p className="lx-copyright">
          © {new Date().getFullYear()} {BUSINESS.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
