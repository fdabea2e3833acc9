import { startTransition, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { onReady, setIsland } from './store';

let revealed = typeof window === 'undefined' || typeof IntersectionObserver === 'undefined';
const revealers = new Set<() => void>();

function revealAll() {
  if (revealed) return;
  revealed = true;
  window.removeEventListener('keydown', onKey);
  revealers.forEach((reveal) => reveal());
}

// A keyboard user must be able to Tab into every section, not only those scrolled past.
const onKey = (e: KeyboardEvent) => e.key === 'Tab' && revealAll();
if (!revealed) window.addEventListener('keydown', onKey, { passive: true });

interface IslandProps {
  children: ReactNode;
  /** Room kept before the content arrives, close to its real height. */
  minHeight?: string;
  loadingText?: string;
  palette?: string;
  /** 'visible': when it is about to scroll into view (or at the first Tab); 'now': at once. */
  when?: 'visible' | 'now';
}

/**
 * A placeholder the Chakra island host draws into (see ChakraIslands). A deferred island
 * renders, and so downloads and fetches, only when it nears the screen (a screen reader's
 * virtual cursor scrolls too) or when the visitor uses Tab: a phone's first load does the
 * hero's work, not every section's. Activation is a transition, rendered in short slices.
 */
export function Island({ children, minHeight, loadingText = 'Loading...', palette, when = 'visible' }: IslandProps) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const [active, setActive] = useState(when === 'now' || revealed);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (active || !element) return;
    const show = () => startTransition(() => setActive(true));
    // A Tab pressed between this island's first render and this effect found no revealer to call.
    if (revealed) {
      show();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '160px 0px' });
    observer.observe(element);
    revealers.add(show);
    return () => {
      observer.disconnect();
      revealers.delete(show);
    };
  }, [active]);

  useEffect(() => {
    if (active && ref.current) setIsland(id, { element: ref.current, node: children, palette, loadingText });
  }, [active, id, children, palette, loadingText]);

  useEffect(() => {
    const stop = onReady(id, () => setReady(true));
    return () => {
      stop();
      setIsland(id, null);
    };
  }, [id]);

  return <div ref={ref} data-island={ready ? 'ready' : 'pending'} style={ready ? undefined : { minHeight }} />;
}
