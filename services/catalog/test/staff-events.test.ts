import { listenOn, waitFor, type Listener } from '@bb/service-kit/testing';
import { client, startCatalog, type Catalog } from './support/harness';

let catalog: Catalog;
let listener: Listener<'catalog.staff.changed'>;

beforeAll(async () => {
  // Written while the broker is unreachable, the events wait in the outbox.
  catalog = await startCatalog('staff_events', { busUp: false });
  listener = await listenOn(catalog.exchange, ['catalog.staff.changed'], 'booking-test');
});
afterAll(async () => {
  await listener.close();
  await catalog.close();
});

const eventsOf = (id: string) => listener.received.filter((e) => e.data.id === id).sort((a, b) => a.data.version - b.data.version);
/** Lets any duplicate arrive before counting. */
const settle = () => new Promise((r) => setTimeout(r, 1000));

describe('catalog.staff.changed', () => {
  it('announces every staff write and removal exactly once, from the same document write', async () => {
    const api = client(catalog.url);
    const member = (await api.post<{ id: string }>('/api/staff', { name: 'Ana Reyes', position: 'Nurse', bio: 'b', offeringType: 'clinic' })).body;
    await api.put(`/api/staff/${member.id}`, { name: 'Ana Reyes-Cruz', imageUrl: '/api/uploads/ana.png' });
    await api.put(`/api/staff/${member.id}`, { position: 'Head Nurse', offeringType: 'both' });
    await api.del(`/api/staff/${member.id}`);
    const other = (await api.post<{ id: string }>('/api/staff', { name: 'Sam Lim', position: 'Photographer', bio: 'b' })).body;

    await new Promise((r) => setTimeout(r, 300));
    expect(listener.received).toHaveLength(0);
    expect(await catalog.models.Staff.countDocuments({ _id: member.id, 'outbox.3': { $exists: true } })).toBe(1);
    // Removed from the lists at once, though its tombstone waits for its event.
    expect((await api.get(`/api/staff/${member.id}`)).status).toBe(404);
    expect((await api.get<{ id: string }[]>('/api/staff')).body.map((s) => s.id)).toEqual([other.id]);

    await catalog.bus.start();
    catalog.relay.kick();
    await waitFor('five events', () => listener.received.length >= 5, 15000);
    await settle();
    expect(listener.received).toHaveLength(5);
    expect(new Set(listener.received.map((e) => e.id)).size).toBe(5);
    expect(eventsOf(member.id).map((e) => e.data)).toEqual([
      { id: member.id, name: 'Ana Reyes', imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 },
      { id: member.id, name: 'Ana Reyes-Cruz', imageUrl: '/api/uploads/ana.png', offeringType: 'clinic', deleted: false, version: 2 },
      { id: member.id, name: 'Ana Reyes-Cruz', imageUrl: '/api/uploads/ana.png', offeringType: 'both', deleted: false, version: 3 },
      { id: member.id, name: 'Ana Reyes-Cruz', imageUrl: '/api/uploads/ana.png', offeringType: 'both', deleted: true, version: 4 },
    ]);
    expect(eventsOf(other.id).map((e) => e.data)).toEqual([{ id: other.id, name: 'Sam Lim', imageUrl: '', offeringType: 'both', deleted: false, version: 1 }]);
    expect(listener.received.every((e) => e.source === 'catalog' && e.type === 'catalog.staff.changed')).toBe(true);
    await waitFor('tombstone removed', async () => (await catalog.models.Staff.exists({ _id: member.id })) === null);
  });

  it('counts from the first version for a staff member stored before staff changes were announced', async () => {
    const api = client(catalog.url);
    const legacy = await catalog.models.Staff.collection.insertOne({
      name: 'Old Timer',
      position: 'Founder',
      bio: 'b',
      imageUrl: '',
      displayOrder: 0,
      offeringType: 'studio',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const id = String(legacy.insertedId);
    expect((await api.put(`/api/staff/${id}`, { name: 'Old Timer Sr.' })).status).toBe(200);
    await waitFor('its first event', () => eventsOf(id).length >= 1, 15000);
    await settle();
    expect(eventsOf(id).map((e) => e.data)).toEqual([{ id, name: 'Old Timer Sr.', imageUrl: '', offeringType: 'studio', deleted: false, version: 1 }]);
  });
});
