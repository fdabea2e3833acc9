import type { WebhookDelivery } from '@bb/contracts';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/**
 * Reads a retry schedule such as "1m,5m,15m,40m" (units ms, s, m, h; a bare number is ms):
 * the waits before the 2nd, 3rd… attempt. Throws with the offending entry when unreadable.
 */
export function parseRetryDelays(spec: string): number[] {
  const parts = spec
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return parts.map((part) => {
    const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(part);
    if (!match) throw new Error(`"${part}" is not a duration (use e.g. 500ms, 30s, 5m, 1h)`);
    const ms = Math.round(Number(match[1]) * UNIT_MS[(match[2] ?? 'ms') as keyof typeof UNIT_MS]);
    if (ms < 1) throw new Error(`"${part}" must be at least 1 ms`);
    return ms;
  });
}

/** The first try plus one per delay. */
export const totalAttempts = (delays: readonly number[]): number => delays.length + 1;

/** What one attempt's row in the delivery log says: the last failed attempt ends the delivery. */
export function outcomeOf(ok: boolean, attempt: number, delays: readonly number[]): WebhookDelivery['outcome'] {
  if (ok) return 'success';
  return attempt < totalAttempts(delays) ? 'retrying' : 'failed';
}
