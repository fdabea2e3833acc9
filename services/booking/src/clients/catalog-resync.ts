// The catalog's public lists, read when booking's copy of treatments and packages, or of staff, is empty.
import type { Model } from 'mongoose';
import { z } from 'zod';
import { priceCentavos } from '@bb/contracts';
import type { Logger } from '@bb/service-kit';
import { applyBookableChange } from '../events/bookables';
import { applyStaffChange } from '../events/practitioners';
import type { BookableDoc } from '../models/bookable';
import type { PractitionerDoc } from '../models/practitioner';

const catalogItemsSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    defaultDuration: z.number().int().nullable().optional(),
    offeringType: z.enum(['clinic', 'studio', 'both']),
    /** A treatment's text, a package's pesos. */
    price: z.union([z.string(), z.number()]).optional(),
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
        priceCentavos: item.price === undefined ? null : priceCentavos(item.price),
      });
      if (applied) copied += 1;
    }
  }
  return copied;
}

const catalogStaffSchema = z.array(z.object({ id: z.string(), name: z.string(), imageUrl: z.string(), offeringType: z.enum(['clinic', 'studio', 'both']) }));

/**
 * Fills an empty practitioners copy from the catalog's staff list (staff stored before their
 * changes were announced are known no other way). Booking's own fields start as a new
 * practitioner's. Returns the number of staff copied.
 */
export async function resyncStaff(Practitioner: Model<PractitionerDoc>, catalogUrl: string, timeoutMs = 5000): Promise<number> {
  const res = await fetch(new URL('/api/staff', catalogUrl), { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`GET /api/staff answered ${res.status}`);
  let copied = 0;
  for (const member of catalogStaffSchema.parse(await res.json())) {
    const applied = await applyStaffChange(Practitioner, { ...member, deleted: false, version: RESYNC_VERSION });
    if (applied) copied += 1;
  }
  return copied;
}

/** One of booking's copies of the catalog: what it holds, whether it is empty, and how to fill it from the catalog. */
export interface CatalogCopy {
  what: string;
  isEmpty: () => Promise<boolean>;
  copy: (catalogUrl: string) => Promise<number>;
}

export const bookablesCopy = (Bookable: Model<BookableDoc>): CatalogCopy => ({
  what: 'treatments and packages',
  isEmpty: async () => (await Bookable.estimatedDocumentCount()) === 0,
  copy: (catalogUrl) => resyncBookables(Bookable, catalogUrl),
});

export const staffCopy = (Practitioner: Model<PractitionerDoc>): CatalogCopy => ({
  what: 'staff',
  isEmpty: async () => (await Practitioner.estimatedDocumentCount()) === 0,
  copy: (catalogUrl) => resyncStaff(Practitioner, catalogUrl),
});

/**
 * At start-up, when the copy is empty (a new database, or catalog events published before
 * booking's queue existed), copies the catalog's lists; retries in the background until it
 * succeeds or events have filled the copy. Never on the request path.
 */
export class CatalogResync {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly target: CatalogCopy,
    private readonly catalogUrl: string | undefined,
    private readonly logger: Logger,
    private readonly retryMs = 5000,
  ) {}

  async start(): Promise<void> {
    if (!this.catalogUrl) {
      this.logger.info(`CATALOG_URL not set: ${this.target.what} come from catalog events only`);
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
      if (!(await this.target.isEmpty())) return;
      const copied = await this.target.copy(catalogUrl);
      this.logger.info({ copied }, `copied ${this.target.what} from the catalog`);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, retryInMs: this.retryMs }, `could not copy ${this.target.what} from the catalog, retrying`);
      this.timer = setTimeout(() => void this.attempt(catalogUrl), this.retryMs);
      this.timer.unref();
    }
  }
}
