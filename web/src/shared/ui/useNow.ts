import { useEffect, useState } from 'react';

/** The current moment, read again every `everyMs`: what is shown as time passes (a hold running out, a countdown). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
