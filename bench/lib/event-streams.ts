/** The outcomes of a stream of events (bench/events.ts): each event seen, lost or refused, and their figures. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const round1 = (n: number) => Math.round(n * 10) / 10;

/** seen: latency from sending the trigger; lost: trigger accepted, event never observed; refused: trigger not accepted. */
export type Outcome = { kind: 'seen'; ms: number; answerMs: number; uncertaintyMs: number } | { kind: 'lost' } | { kind: 'refused'; status: number };

export interface Stream {
  outcomes: Outcome[];
  seconds: number;
}

export interface Figures {
  p50: number;
  p95: number;
  p99: number;
}

export function quantiles(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round1(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const seenOf = (s: Stream) => s.outcomes.flatMap((o) => (o.kind === 'seen' ? [o] : []));

/**
 * Runs `one` with `inFlight` workers while `more(started)` says so, each worker pausing
 * `pauseMs` after each event; `outcomes` fills as events end, so the loaded phase can watch
 * its progress.
 */
export function runStream(
  one: () => Promise<Outcome>,
  inFlight: number,
  more: (started: number) => boolean,
  pauseMs = 0,
): { outcomes: Outcome[]; done: Promise<Stream> } {
  const outcomes: Outcome[] = [];
  let started = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (more(started)) {
      started += 1;
      outcomes.push(await one());
      if (pauseMs > 0) await sleep(pauseMs);
    }
  };
  const done = Promise.all(Array.from({ length: inFlight }, worker)).then(() => ({ outcomes, seconds: (performance.now() - t0) / 1000 }));
  return { outcomes, done };
}
