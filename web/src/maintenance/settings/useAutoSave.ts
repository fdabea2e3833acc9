import { useEffect, useRef, useState } from 'react';

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

/**
 * A settings form's edits over what is stored: `shown` is the stored value until the admin
 * changes something, then their draft, saved by `save` as `useAutoSave` does.
 */
export function useAutoSavedDraft<D extends object>(stored: D, save: (draft: D) => void) {
  /** The admin's edits, null until they change anything. */
  const [draft, setDraft] = useState<D | null>(null);
  const shown = draft ?? stored;
  useAutoSave(draft, save);
  return { draft, shown, change: (patch: Partial<D>) => setDraft({ ...shown, ...patch }) };
}
