import type { ReactNode } from 'react';
import type { Side } from '@bb/contracts';
import { ChatWidget } from '../chat/ChatWidget';
import { SiteFooter } from './SiteFooter';
import { SiteNav, type SiteNavProps } from './SiteNav';

interface PublicLayoutProps {
  side: Side;
  nav: SiteNavProps;
  /** Only the clinic page holds the footer's anchors itself; other pages link to them. */
  hasClinicSections: boolean;
  children: ReactNode;
}

/** Skip link, nav, main landmark, footer and the floating chat, in the side's colours. */
export function PublicLayout({ side, nav, hasClinicSections, children }: PublicLayoutProps) {
  return (
    <div className="lx-page" data-side={side}>
      <a href="#main" className="lx-skip">
        Skip to main content
      </a>
      <SiteNav {...nav} />
      <main id="main" tabIndex={-1} className="lx-main">
        {children}
      </main>
      <SiteFooter hasClinicSections={hasClinicSections} />
      {/* A new key per side: each side resumes its own conversation. */}
      <ChatWidget key={side} side={side} />
    </div>
  );
}
