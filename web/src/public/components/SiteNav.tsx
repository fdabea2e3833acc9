import { useEffect, useId, useState } from 'react';
import { DEFAULT_NAV, type NavItem } from '../site';
import { CloseIcon, MenuIcon } from './icons';
import { SmartLink } from './SmartLink';

export interface SiteNavProps {
  brand: string;
  /** The word after the brand name, in the side's colour (Clinic, Studio). */
  brandSuffix?: string;
  brandHref: string;
  /** The spec's default menu (Treatments, Results, News, Contact) unless a page has its own. */
  links?: NavItem[];
  /** The link to the other offering (Switch to Studio / Switch to Clinic). */
  switcher?: NavItem;
  /** '#booking' on a page with a booking section, '/landing#booking' elsewhere. */
  bookHref: string;
}

/** Top bar: brand, menu links, offering switcher, Book Appointment, and a collapsible menu below 768 px. */
export function SiteNav({ brand, brandSuffix, brandHref, links = DEFAULT_NAV, switcher, bookHref }: SiteNavProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="lx-header">
      <nav aria-label="Main" className="lx-container lx-nav">
        <SmartLink href={brandHref} className="lx-brand">
          {brand}
          {brandSuffix && <span>{brandSuffix}</span>}
        </SmartLink>
        <ul className="lx-links">
          {links.map((link) => (
            <li key={link.href}>
              <SmartLink href={link.href} className="lx-navlink">
                {link.label}
              </SmartLink>
            </li>
          ))}
        </ul>
        <div className="lx-actions">
          {switcher && (
            <SmartLink href={switcher.href} className="lx-navlink lx-switch">
              {switcher.label}
            </SmartLink>
          )}
          <SmartLink href={bookHref} className="lx-btn">
            Book Appointment
          </SmartLink>
          <button
            type="button"
            className="lx-menu-toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </nav>
      <nav aria-label="Mobile menu" id={menuId} hidden={!open} className="lx-mobile-menu">
        <div className="lx-container">
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href} className="lx-navlink" onClick={close}>
                  {link.label}
                </SmartLink>
              </li>
            ))}
            {switcher && (
              <li>
                <SmartLink href={switcher.href} className="lx-navlink" onClick={close}>
                  {switcher.label}
                </SmartLink>
              </li>
            )}
          </ul>
          <SmartLink href={bookHref} className="lx-btn lx-btn--block" onClick={close}>
            Book Appointment
          </SmartLink>
        </div>
      </nav>
    </header>
  );
}
