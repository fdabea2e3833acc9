import { startTransition, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { onReady, setIsland } from './store';

let revealed = typeof window === 'undefined' || typeof IntersectionObserver === 'undefined';
/** Islands still waiting, in the order they registered (the document's order). */
const revealers = new Set<() => void>();

function revealAll() {
  if (revealed) return;
  revealed = true;
  window.removeEventListener('keydown', onKey);
  revealers.forEach((reveal) => reveal());
}

// A keyboard user must reach every section at once: Tab into it, or find it with Ctrl+F.
const onKey = () => revealAll();
if (!revealed) window.addEventListener('keydown', onKey, { passive: true });

/**
 * How long after the load event the page is left to itself before sections render unasked: the
 * first screen's requests have settled by then (measured: rendering 2 s after load still landed
 * in Lighthouse's trace and cost about 150 ms of blocking time; 3 s did not).
 */
const SETTLE_MS = 3000;
let settled = false;
/** Runs once the page has loaded and settled (at once on later calls). */
function whenSettled(run: () => void) {
  if (settled) return run();
  const settle = () =>
    setTimeout(() => {
      settled = true;
      run();
    }, SETTLE_MS);
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}
const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));

let idleRevealPending = false;

/**
 * Once the page has loaded and settled, each idle moment renders the next waiting island:
 * within a few seconds the whole page is in the document (find-in-page, printing, readers
 * that do not scroll) while the first screen's work stays first.
 */
function revealNextWhenIdle() {
  if (idleRevealPending || revealed) return;
  idleRevealPending = true;
  whenSettled(() =>
    whenIdle(() => {
      idleRevealPending = false;
      const [next] = revealers;
      if (!next) return;
      revealers.delete(next);
      next();
      revealNextWhenIdle();
    }),
  );
}

interface IslandProps {
  children: ReactNode;
  /** Room kept before the content arrives, close to its real height. */
  minHeight?: string;
  loadingText?: string;
  palette?: string;
  /** 'visible': when it is about to scroll into view, at the first key press, or when the page is idle; 'now': at once. */
  when?: 'visible' | 'now';
}

/**
 * A placeholder the Chakra island host draws into (see ChakraIslands). A deferred island
 * renders, and so downloads and fetches, when it nears the screen (a screen reader's virtual
 * cursor scrolls too), when the visitor presses a key, or in its turn once the page is idle: a
 * phone's first load does the hero's work, not every section's. Activation is a transition,
 * rendered in short slices.
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
    revealNextWhenIdle();
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
