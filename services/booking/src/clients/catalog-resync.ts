// The catalog's public lists, read when booking's copy of treatments and packages is empty.
import type { Model } from 'mongoose';
import { z } from 'zod';
import type { Logger } from '@bb/service-kit';
import { applyBookableChange } from '../events/bookables';
import type { BookableDoc } from '../models/bookable';

const catalogItemsSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    defaultDuration: z.number().int().nullable().optional(),
    offeringType: z.enum(['clinic', 'studio', 'both']),
  }),
);

/**
 * Version a resynced item gets: below any version the catalog publishes, so a change event
 * that arrives during or after the resync wins over the listed copy.
 */
const RESYNC_VERSION = 0;

/** Fills an empty copy from the catalog's public lists. Returns the number of items copied. */
export async function resyncBookables(Bookable: Model<BookableDoc>, catalogUrl: string, timeoutMs = 5000): Promise<number> {
  let copied = 0;
  for (const [kind, path] of [
    ['treatment', '/api/treatments'],
    ['package', '/api/packages'],
  ] as const) {
    const res = await fetch(new URL(path, catalogUrl), { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    for (const item of catalogItemsSchema.parse(await res.json())) {
      const applied = await applyBookableChange(Bookable, {
        id: item.id,
        kind,
        name: item.name,
        defaultDuration: item.defaultDuration ?? null,
        offeringType: item.offeringType,
        deleted: false,
        version: RESYNC_VERSION,
      });
      if (applied) copied += 1;
    }
  }
  return copied;
}

/**
 * At start-up, when the copy is empty (a new database, or catalog events published before
 * booking's queue existed), copies the catalog's lists; retries in the background until it
 * succeeds or events have filled the copy. Never on the request path.
 */
export class BookableResync {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly Bookable: Model<BookableDoc>,
    private readonly catalogUrl: string | undefined,
    private readonly logger: Logger,
    private readonly retryMs = 5000,
  ) {}

  async start(): Promise<void> {
    if (!this.catalogUrl) {
      this.logger.info('CATALOG_URL not set: treatments and packages come from catalog events only');
      return;
    }
    await this.attempt(this.catalogUrl);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async attempt(catalogUrl: string): Promise<void> {
    if (this.stopped) return;
    try {
      if ((await this.Bookable.estimatedDocumentCount()) > 0) return;
      const copied = await resyncBookables(this.Bookable, catalogUrl);
      this.logger.info({ copied }, 'copied treatments and packages from the catalog');
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, retryInMs: this.retryMs }, 'could not copy treatments and packages from the catalog, retrying');
      this.timer = setTimeout(() => void this.attempt(catalogUrl), this.retryMs);
      this.timer.unref();
    }
  }
}
