// Two catalog replicas on one database: a write on one drops the other's cached public lists
// through catalog.lists.changed (each replica's own queue), so a visitor reading the other
// replica sees it at once instead of after the cache's lifetime (here a minute).
import { waitFor } from '@bb/service-kit/testing';
import { client, startCatalog, type Catalog } from './support/harness';

let first: Catalog;
let second: Catalog;

beforeAll(async () => {
  first = await startCatalog('lists_a', { readCacheMs: 60_000 });
  second = await startCatalog('lists_b', { readCacheMs: 60_000, replicaOf: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const titles = async (catalog: Catalog) =>
  (await client(catalog.url).get<{ title: string }[]>('/api/news?offering=clinic', { anonymous: true })).body.map((n) => n.title);
const story = (title: string) => ({
  title,
  excerpt: 'Now open weekends',
  content: 'From this month we open on Saturdays.',
  category: 'Clinic News',
  offeringType: 'clinic' as const,
});

describe('public lists across replicas', () => {
  it("drop on every replica when one of them writes, and on the writer's own at once", async () => {
    // Both replicas cache the list as it is now.
    expect(await titles(first)).toEqual([]);
    expect(await titles(second)).toEqual([]);

    expect((await client(first.url).post('/api/news', story('Open on Saturdays'))).status).toBe(201);
    expect(await titles(first)).toEqual(['Open on Saturdays']);
    await waitFor('the other replica to hear of the write', async () => (await titles(second)).length === 1, 2000);

    // And the other way round.
    expect((await client(second.url).post('/api/news', story('Open on Sundays'))).status).toBe(201);
    await waitFor('the first replica to hear of the write', async () => (await titles(first)).length === 2, 2000);
  });

  it('stay cached between announced writes: one made around the API shows only when the cache expires', async () => {
    const before = await titles(second);
    await first.models.News.create({ ...story('Written around the API'), publishedAt: new Date() });
    // No announcement for a write that bypassed the API: the cached list stands for its lifetime.
    expect(await titles(second)).toEqual(before);
  });
});
