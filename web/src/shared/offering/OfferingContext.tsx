import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Side } from '@bb/contracts';

export const OFFERING_KEY = 'maintenance-offering';

/** What the browser has stored, if anything (the context's value is clinic when nothing is). */
export const storedOffering = (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(OFFERING_KEY));

const read = (): Side => (storedOffering() === 'studio' ? 'studio' : 'clinic');

interface OfferingValue {
  offering: Side;
  setOffering: (offering: Side) => void;
}

const OfferingContext = createContext<OfferingValue | null>(null);

/** The chosen offering (clinic or studio), remembered in localStorage; clinic by default. */
export function OfferingProvider({ children }: { children: ReactNode }) {
  const [offering, setState] = useState<Side>(read);
  const setOffering = useCallback((next: Side) => {
    localStorage.setItem(OFFERING_KEY, next);
    setState(next);
  }, []);
  const value = useMemo(() => ({ offering, setOffering }), [offering, setOffering]);
  return <OfferingContext.Provider value={value}>{children}</OfferingContext.Provider>;
}

export function useOffering(): OfferingValue {
  const value = useContext(OfferingContext);
  if (!value) throw new Error('useOffering must be used within an OfferingProvider');
  return value;
}
