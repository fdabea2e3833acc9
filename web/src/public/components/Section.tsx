import type { ReactNode } from 'react';

export interface SectionProps {
  id: string;
  title: string;
  subtitle?: string;
  eyebrow?: string;
  tinted?: boolean;
  children: ReactNode;
}

/** A landing-page section: an anchor target (clear of the sticky bar), a heading, content. */
export function Section({ id, title, subtitle, eyebrow, tinted = false, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={tinted ? 'lx-section lx-section--tint' : 'lx-section'}>
      <div className="lx-container">
        <div className="lx-section-head">
          {eyebrow && <p className="lx-eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="lx-h2">
            {title}
          </h2>
          {subtitle && <p className="lx-lead">{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
