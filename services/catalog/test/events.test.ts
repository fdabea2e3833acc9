import { listenOn, waitFor, type Listener } from '@bb/service-kit/testing';
import { client, startCatalog, type Catalog } from './support/harness';

let catalog: Catalog;
let listener: Listener<'catalog.bookable.changed'>;

beforeAll(async () => {
  // The catalog starts without its broker connection: everything written now must wait in the outbox.
  catalog = await startCatalog('events', { busUp: false });
  listener = await listenOn(catalog.exchange, ['catalog.bookable.changed'], 'booking-test');
});
afterAll(async () => {
  await listener.close();
  await catalog.close();
});

const eventsOf = (id: string) => listener.received.filter((e) => e.data.id === id).sort((a, b) => a.data.version - b.data.version);
/** Lets any duplicate arrive before counting. */
const settle = () => new Promise((r) => setTimeout(r, 1000));

describe('catalog.bookable.changed', () => {
  it('announces every treatment and package change exactly once, with its price when it is one amount, even when written while the broker was unreachable', async () => {
    const api = client(catalog.url);
    const treatment = (
      await api.post<{ id: string }>('/api/treatments', {
        name: 'Hydra Facial',
        description: 'd',
        duration: '60 minutes',
        price: '₱3,500',
        defaultDuration: 60,
      })
    ).body;
    await api.put(`/api/treatments/${treatment.id}`, { name: 'Hydra Glow Facial', defaultDuration: 90, price: '₱3,000–4,000' });
    await api.del(`/api/treatments/${treatment.id}`);
    const pkg = (await api.post<{ id: string }>('/api/packages', { name: 'Solo Portrait', description: 'd', duration: '1 hour', price: 3500 })).body;
    await api.put(`/api/packages/${pkg.id}`, { offeringType: 'both' });

    await new Promise((r) => setTimeout(r, 300));
    expect(listener.received).toHaveLength(0);
    expect(await catalog.models.Treatment.countDocuments({ _id: treatment.id, 'outbox.2': { $exists: true } })).toBe(1);

    await catalog.bus.start();
    catalog.relay.kick();
    await waitFor('five events', () => listener.received.length >= 5, 15000);
    await settle();
    expect(listener.received).toHaveLength(5);
    expect(new Set(listener.received.map((e) => e.id)).size).toBe(5);

    expect(eventsOf(treatment.id).map((e) => e.data)).toEqual([
      {
        id: treatment.id,
        kind: 'treatment',
        name: 'Hydra Facial',
        defaultDuration: 60,
        offeringType: 'clinic',
        deleted: false,
        version: 1,
        priceCentavos: 350_000,
      },
      {
        id: treatment.id,
        kind: 'treatment',
        name: 'Hydra Glow Facial',
        defaultDuration: 90,
        offeringType: 'clinic',
        deleted: false,
        version: 2,
        priceCentavos: null,
      },
      {
        id: treatment.id,
        kind: 'treatment',
        name: 'Hydra Glow Facial',
        defaultDuration: 90,
        offeringType: 'clinic',
        deleted: true,
        version: 3,
        priceCentavos: null,
      },
    ]);
    expect(eventsOf(pkg.id).map((e) => e.data)).toEqual([
      { id: pkg.id, kind: 'package', name: 'Solo Portrait', defaultDuration: null, offeringType: 'studio', deleted: false, version: 1, priceCentavos: 350_000 },
      { id: pkg.id, kind: 'package', name: 'Solo Portrait', defaultDuration: null, offeringType: 'both', deleted: false, version: 2, priceCentavos: 350_000 },
    ]);
    expect(listener.received.every((e) => e.source === 'catalog' && e.type === 'catalog.bookable.changed')).toBe(true);
  });

  it('removes a deleted item for good once its last event is out', async () => {
    const api = client(catalog.url);
    const pkg = (await api.post<{ id: string }>('/api/packages', { name: 'Family Portrait', description: 'd', duration: '1.5 hours', price: 6500 })).body;
    await api.del(`/api/packages/${pkg.id}`);
    await waitFor('deleted event', () => eventsOf(pkg.id).some((e) => e.data.deleted));
    await waitFor('tombstone removed', async () => (await catalog.models.Package.exists({ _id: pkg.id })) === null);
  });

  it('gives concurrent updates of one item distinct, increasing versions, each announced once', async () => {
    const api = client(catalog.url);
    const treatment = (await api.post<{ id: string }>('/api/treatments', { name: 'Peel', description: 'd', duration: '45 minutes', price: '₱1,800' })).body;
    const saves = await Promise.all([1, 2, 3, 4].map((n) => api.put<{ message?: string }>(`/api/treatments/${treatment.id}`, { name: `Peel ${n}` })));
    expect(saves.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    await waitFor('five events', () => eventsOf(treatment.id).length >= 5, 15000);
    await settle();
    const events = eventsOf(treatment.id);
    expect(events.map((e) => e.data.version)).toEqual([1, 2, 3, 4, 5]);
    // The last version carries the name that the stored item ended with.
    const stored = (await api.get<{ name: string }>(`/api/treatments/${treatment.id}`)).body;
    expect(events[4].data.name).toBe(stored.name);
  });

  it('announces no bookable change for other content (staff announce their own event)', async () => {
    const api = client(catalog.url);
    const before = listener.received.length;
    await api.post('/api/staff', { name: 'Camille Cruz', position: 'Skin Therapist', bio: 'b' });
    await api.post('/api/news', { title: 't', excerpt: 'e', content: 'c' });
    await settle();
    expect(listener.received.length).toBe(before);
  });
});
