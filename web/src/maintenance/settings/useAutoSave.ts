import { useEffect, useRef } from 'react';

/**
 * Saves a value a moment after it last changed (a few clicks on a stepper make one write), and
 * at once if the screen goes away first, so leaving never loses a change.
 */
export function useAutoSave<T>(value: T | null, save: (value: T) => void, delayMs = 600) {
  const pending = useRef<T | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    if (value === null) return;
    pending.current = value;
    const timer = setTimeout(() => {
      pending.current = null;
      saveRef.current(value);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);

  useEffect(
    () => () => {
      if (pending.current !== null) saveRef.current(pending.current);
    },
    [],
  );
}
