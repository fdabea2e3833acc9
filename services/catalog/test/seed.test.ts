import type { NewsArticle, Package, PortfolioItem, Result, StaffMember, Treatment } from '@bb/contracts';
import { DEFAULT_OFFICE_HOURS, RESULT_CATEGORIES } from '@bb/contracts';
import { WEEKDAY_NAMES } from '@bb/service-kit';
import { silentLogger } from '@bb/service-kit/testing';
import { sniffImageType } from '@bb/service-kit';
import { DEMO_MARKER_ID, seedDemoContent } from '../src/seed/demo';
import { demoContent } from '../src/seed/demo-content';
import { client, startCatalog, type Catalog } from './support/harness';

const logger = silentLogger();
let catalog: Catalog;
let fresh: Catalog;
beforeAll(async () => {
  [catalog, fresh] = await Promise.all([startCatalog('seed'), startCatalog('seed_fresh')]);
});
afterAll(async () => {
  await Promise.all([catalog.close(), fresh.close()]);
});

const seed = (c: Catalog) => seedDemoContent({ models: c.models, images: c.images, logger, kickRelay: () => c.relay.kick() });

async function everything(c: Catalog) {
  const api = client(c.url);
  const get = async <T>(path: string) => (await api.get<T[]>(path, { anonymous: true })).body;
  return {
    treatments: await get<Treatment>('/api/treatments'),
    results: await get<Result>('/api/results'),
    news: await get<NewsArticle>('/api/news'),
    staff: await get<StaffMember>('/api/staff'),
    packages: await get<Package>('/api/packages'),
    portfolio: await get<PortfolioItem>('/api/portfolio'),
  };
}
const counts = (all: Awaited<ReturnType<typeof everything>>) => Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.length]));

describe('demo content', () => {
  it('fills an empty database with a believable clinic and studio', async () => {
    expect(await seed(catalog)).toBe('seeded');
    const all = await everything(catalog);
    expect(all.treatments.length).toBeGreaterThanOrEqual(6);
    expect(all.treatments.every((t) => t.whatToExpect.length > 0 && t.defaultDuration !== null)).toBe(true);
    expect(all.results).toHaveLength(6);
    expect(new Set(all.results.map((r) => r.category))).toEqual(new Set(RESULT_CATEGORIES));
    expect(all.results.every((r) => r.treatmentName !== null)).toBe(true);
    expect(all.news).toHaveLength(4);
    expect(all.staff.filter((s) => s.offeringType === 'clinic')).toHaveLength(4);
    expect(all.staff.filter((s) => s.offeringType === 'studio')).toHaveLength(4);
    expect(all.packages.length).toBeGreaterThanOrEqual(4);
    expect(all.portfolio).toHaveLength(8);
  });

  it("says nothing the demo's office hours contradict: no day they keep closed", () => {
    const closedDays = WEEKDAY_NAMES.filter((_, day) => !(DEFAULT_OFFICE_HOURS.openDays as readonly number[]).includes(day));
    expect(closedDays).toEqual(['Sunday', 'Saturday']);
    const words: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') words.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(demoContent(new Date('2026-11-26T00:00:00Z')));
    const closed = new RegExp(`\\b(${closedDays.join('|')}|weekend)s?\\b`, 'i');
    expect(words.filter((text) => closed.test(text))).toEqual([]);
  });

  it('keeps the page order: newest news first, staff by displayOrder', async () => {
    const { news, staff } = await everything(catalog);
    const published = news.map((n) => Date.parse(n.publishedAt));
    expect(published).toEqual([...published].sort((a, b) => b - a));
    const clinicTeam = staff.filter((s) => s.offeringType === 'clinic');
    expect(clinicTeam.map((s) => s.displayOrder)).toEqual([1, 2, 3, 4]);
  });

  it('stores every picture through the upload storage, as a small PNG', async () => {
    const all = await everything(catalog);
    const urls = [
      ...all.treatments.map((t) => t.imageUrl),
      ...all.results.flatMap((r) => [r.beforeImageUrl, r.afterImageUrl]),
      ...all.news.map((n) => n.imageUrl),
      ...all.staff.map((s) => s.imageUrl),
      ...all.packages.map((p) => p.imageUrl),
      ...all.portfolio.map((p) => p.imageUrl),
    ];
    expect(urls.every((u) => u.startsWith('/api/uploads/'))).toBe(true);
    for (const url of urls) {
      const res = await fetch(`${catalog.url}${url}`);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(sniffImageType(bytes)?.contentType).toBe('image/png');
      expect(bytes.length).toBeLessThan(40_000);
    }
  });

  it('announces the seeded treatments and packages to booking, version 1', async () => {
    const [treatment] = await catalog.models.Treatment.find().lean();
    // The relay may already have published it; then the document's outbox is empty and that is fine.
    const pending = treatment.outbox.map((e) => e.data as { version: number; deleted: boolean });
    expect(pending.every((d) => d.version === 1 && !d.deleted)).toBe(true);
    expect(treatment.version).toBe(1);
  });

  it('adds nothing when run again, and an interrupted run resumes with only what is missing', async () => {
    const before = counts(await everything(catalog));
    expect(await seed(catalog)).toBe('already-seeded');
    // As if the first run had stopped before the last portfolio item.
    const [last] = await catalog.models.Portfolio.find().sort({ createdAt: 1 }).limit(1).lean();
    await catalog.models.Portfolio.deleteOne({ _id: last._id });
    await catalog.models.SeedMarker.updateOne({ _id: DEMO_MARKER_ID }, { $set: { completedAt: null } });
    expect(await seed(catalog)).toBe('seeded');
    expect(counts(await everything(catalog))).toEqual(before);
    expect(await catalog.models.Portfolio.exists({ _id: last._id })).not.toBeNull();
  });

  it('does not bring back demo items an admin deleted', async () => {
    const api = client(catalog.url);
    const [member] = (await everything(catalog)).staff;
    await api.del(`/api/staff/${member.id}`);
    expect(await seed(catalog)).toBe('already-seeded');
    expect((await api.get(`/api/staff/${member.id}`)).status).toBe(404);
  });

  it('never touches a database that holds content without the demo marker', async () => {
    const api = client(fresh.url);
    await api.post('/api/staff', { name: 'Real Person', position: 'Owner', bio: 'Runs the place' });
    expect(await seed(fresh)).toBe('not-a-demo-database');
    expect(counts(await everything(fresh))).toEqual({ treatments: 0, results: 0, news: 0, staff: 1, packages: 0, portfolio: 0 });
    expect(await fresh.models.SeedMarker.exists({ _id: DEMO_MARKER_ID })).toBeNull();
  });
});
