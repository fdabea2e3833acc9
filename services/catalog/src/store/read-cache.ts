import { prepareJson as prepare, type PreparedJson as Prepared } from '@bb/service-kit';

/**
 * Serialised public lists, per resource and filter. A write clears its resource's lists in
 * every replica (ListChanges); `ttlMs` bounds how old a list can get when that announcement is
 * missed. Concurrent misses share one database read.
 */
export class ReadCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<Prepared> }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<unknown>): Promise<Prepared> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load().then(prepare);
    this.entries.set(key, { expiresAt: now + this.ttlMs, value });
    // A failed read is not kept: the next request tries the database again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

export const createReadCaches = (ttlMs: number) => ({
  treatments: new ReadCache(ttlMs),
  results: new ReadCache(ttlMs),
  news: new ReadCache(ttlMs),
  staff: new ReadCache(ttlMs),
  packages: new ReadCache(ttlMs),
  portfolio: new ReadCache(ttlMs),
});
export type ReadCaches = ReturnType<typeof createReadCaches>;
