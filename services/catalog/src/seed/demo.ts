import { createHash } from 'node:crypto';
import { Types, type Model, type UpdateQuery } from 'mongoose';
import { UPLOAD_URL_PREFIX } from '@bb/contracts';
import { DEMO_SCHEMAS } from './demo-schemas';
import { completeSeed, isDuplicateKey, sniffImageType, startSeed, type ImageStore, type Logger } from '@bb/service-kit';
import { artworkPng, type Artwork } from './art/artwork';
import { demoContent, type DemoItem } from './demo-content';
import { contentImageKey } from '../domain/images';
import type { CatalogModels } from '../models';
import { bookableChanged } from '../events/bookable-changed';
import { staffChanged } from '../events/staff-changed';
import { VersionedWrites } from '../store/versioned-writes';
import { packageFields } from '../models/package';
import { staffFields } from '../models/staff';
import { treatmentFields } from '../models/treatment';

export const DEMO_MARKER_ID = 'demo-content';

export type SeedOutcome = 'seeded' | 'already-seeded' | 'not-a-demo-database';

export interface SeedDeps {
  models: CatalogModels;
  images: ImageStore;
  logger: Logger;
  /** Publishes the seeded items' events at once rather than at the relay's next tick. */
  kickRelay: () => void;
}

/** Demo ids derive from the slug: a second run, or a second replica, writes the same documents. */
const demoId = (collection: string, slug: string) => new Types.ObjectId(createHash('sha1').update(`demo:${collection}:${slug}`).digest('hex').slice(0, 24));

/** The page order is newest first: the first item of a list gets the latest creation time. */
const createdAtFor = (now: Date, index: number) => new Date(now.getTime() - index * 60_000);

async function hasContent(models: CatalogModels): Promise<boolean> {
  const collections = [models.Treatment, models.Result, models.News, models.Staff, models.Package, models.Portfolio] as Model<unknown>[];
  for (const model of collections) if (await model.exists({})) return true;
  return false;
}

/** Inserts a document with a fixed id and creation time, or leaves an existing one alone. */
async function insertIfMissing(model: Model<unknown>, id: Types.ObjectId, fields: object, createdAt: Date): Promise<void> {
  try {
    await model.updateOne({ _id: id }, { $setOnInsert: { ...fields, createdAt, updatedAt: createdAt } } as UpdateQuery<unknown>, {
      upsert: true,
      timestamps: false,
    });
  } catch (err) {
    // Another replica inserted it between our look and our write.
    if (!isDuplicateKey(err)) throw err;
  }
}

/**
 * Fills an empty database with the demo clinic and studio, pictures included, through the same
 * storage as uploads. It runs only on an empty database or one carrying the demo marker: a
 * database with real content and no marker is never touched. Once complete it never runs again,
 * so demo items an admin deleted stay deleted; an interrupted run resumes where it stopped.
 */
export async function seedDemoContent({ models, images, logger, kickRelay }: SeedDeps): Promise<SeedOutcome> {
  const now = new Date();
  const start = await startSeed(models.SeedMarker, DEMO_MARKER_ID, () => hasContent(models), now);
  if (start === 'not-a-demo-database') logger.warn('the catalog database holds content but no demo marker: demo content not added');
  if (start !== 'seed') return start;

  const storeArt = async (art: Artwork) => {
    const png = artworkPng(art);
    const type = sniffImageType(png);
    if (!type) throw new Error('generated artwork is not a PNG');
    const key = contentImageKey(png, type);
    await images.put(key, png, type.contentType);
    return `${UPLOAD_URL_PREFIX}${key}`;
  };
  const withImages = async <F, I extends string>(item: DemoItem<F, I>) => {
    const urls: Record<string, string> = {};
    for (const [field, art] of Object.entries(item.art) as [string, Artwork][]) urls[field] = await storeArt(art);
    return { ...item.fields, ...urls };
  };

  const content = demoContent(now);
  const treatments = new VersionedWrites(models.Treatment, bookableChanged('treatment'));
  const packages = new VersionedWrites(models.Package, bookableChanged('package'));
  const staff = new VersionedWrites(models.Staff, staffChanged);
  // Each item is drawn, stored and inserted unless it is already there, so a run that was
  // interrupted resumes with only what is missing.
  const seedEach = async <T extends { slug: string }>(
    items: T[],
    model: Model<unknown>,
    collection: string,
    insert: (item: T, id: Types.ObjectId) => Promise<object>,
  ) => {
    for (const [i, item] of items.entries()) {
      const id = demoId(collection, item.slug);
      if (await model.exists({ _id: id })) continue;
      await insertIfMissing(model, id, await insert(item, id), createdAtFor(now, i));
    }
  };
  await seedEach(content.treatments, models.Treatment as Model<unknown>, 'treatments', async (item, id) =>
    treatments.firstVersion(id, treatmentFields(DEMO_SCHEMAS.treatments.parse(await withImages(item)))),
  );
  await seedEach(content.packages, models.Package as Model<unknown>, 'packages', async (item, id) =>
    packages.firstVersion(id, packageFields(DEMO_SCHEMAS.packages.parse(await withImages(item)))),
  );
  await seedEach(content.results, models.Result as Model<unknown>, 'results', async (item) =>
    DEMO_SCHEMAS.results.parse({ ...(await withImages(item)), treatmentId: String(demoId('treatments', item.treatment)) }),
  );
  await seedEach(content.news, models.News as Model<unknown>, 'news', async (item) => {
    const fields = DEMO_SCHEMAS.news.parse(await withImages(item));
    return { ...fields, publishedAt: new Date(fields.publishedAt ?? now) };
  });
  await seedEach(content.staff, models.Staff as Model<unknown>, 'staff', async (item, id) =>
    staff.firstVersion(id, staffFields(DEMO_SCHEMAS.staff.parse(await withImages(item)))),
  );
  await seedEach(content.portfolio, models.Portfolio as Model<unknown>, 'portfolio', async (item) => DEMO_SCHEMAS.portfolio.parse(await withImages(item)));
  await completeSeed(models.SeedMarker, DEMO_MARKER_ID, new Date());
  kickRelay();
  logger.info(
    {
      treatments: content.treatments.length,
      results: content.results.length,
      news: content.news.length,
      staff: content.staff.length,
      packages: content.packages.length,
      portfolio: content.portfolio.length,
    },
    'demo content seeded',
  );
  return 'seeded';
}
