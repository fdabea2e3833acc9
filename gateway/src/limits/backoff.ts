/**
 * Seconds one username must wait before its next sign-in attempt, after `attempts` attempts in
 * the current window of which `free` pass without waiting: 1, 2, 4, … doubling, never more than
 * `capSeconds`. The cap is what keeps a stranger from locking the real owner out for good.
 */
export function usernameBackoffSeconds(attempts: number, free: number, capSeconds: number): number {
  if (attempts <= free) return 0;
  const exponent = Math.min(attempts - free - 1, 30);
  return Math.min(2 ** exponent, capSeconds);
}

/** Whole seconds for a Retry-After header, at least one. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
