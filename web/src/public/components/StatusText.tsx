import type { ReactNode } from 'react';

/** Loading, empty and failure texts of a list, centred where the list would be. */
export function StatusText({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <p className={tone === 'error' ? 'lx-status lx-status--error' : 'lx-status'} role={tone === 'error' ? 'alert' : undefined}>
      {children}
    </p>
  );
}
