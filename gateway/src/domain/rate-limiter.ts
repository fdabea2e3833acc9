/**
 * Fixed-window counters per key, in memory: each gateway replica limits on its own, so with
 * N replicas a client can reach N times the limit (acceptable for abuse control).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfterSeconds(key: string): number {
    const w = this.current(key);
    return w.count >= this.limit ? Math.max(1, Math.ceil((w.start + this.windowMs - this.now()) / 1000)) : 0;
  }

  hit(key: string): void {
    this.current(key).count += 1;
    if (this.windows.size > 50000) this.sweep();
  }

  private current(key: string) {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    return w;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
