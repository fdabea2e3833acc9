import { testMongoUrl, uniqueName, waitFor } from '@bb/service-kit/testing';
import type { AppointmentDoc } from '../src/models/appointment';
import { appointmentHolder } from '../src/domain/ledger';
import { beginChange, finishChange } from '../src/store/ledger';
import { asAdmin, call, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';
import { book, cancel, entriesOf, join, settle, waitlistApps, type SlotOpened } from './support/waitlist';

const { withItems, slotOpenedEvents } = waitlistApps();

describe('two booking processes with their sweeps running', () => {
  let replicas: BookingUnderTest[];
  let heard: SlotOpened[];
  const mongoUrl = testMongoUrl('waitlist_pair');

  beforeAll(async () => {
    const env = { BUS_EXCHANGE: uniqueName('waitlist_pair_ex'), BUS_QUEUE_PREFIX: `${uniqueName('waitlist_pair')}.`, WAITLIST_SWEEP_INTERVAL_MS: '100' };
    replicas = [await withItems(startBooking('waitlist_pair', { mongoUrl, env })), await withItems(startBooking('waitlist_pair', { mongoUrl, env }))];
    heard = await slotOpenedEvents(env.BUS_EXCHANGE);
  });
  afterAll(() => replicas[0].conn.dropDatabase());

  // Each replica marks entries in sign-up order, but two replicas splitting one slot's entries publish
  // independently, so the events can arrive in any order: each once, with the place they signed up in.
  it('tell each waiting visitor once, with their sign-up position', async () => {
    const [a, b] = replicas;
    const slot = { preferredDate: monday(6), preferredTime: '10:00' };
    const taken = await book(a.url, slot);
    for (const email of ['olga@example.com', 'pia@example.com', 'quinn@example.com']) expect((await join(b.url, { ...slot, email })).status).toBe(201);
    const joined = (await entriesOf(a, slot.preferredDate)).map((e, i) => ({ id: String(e._id), position: i + 1 }));
    expect(joined).toHaveLength(3);

    // The cancel's own check on a, a settings save's on b and both sweeps race for the same entries.
    const [cancelled, saved] = await Promise.all([cancel(a.url, taken.id), call(b.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 1 }, asAdmin)]);
    expect([cancelled.status, saved.status]).toEqual([200, 200]);
    await waitFor('three slot-opened events', () => heard.length >= 3, 10000);
    await settle();
    const told = heard.map((e) => [e.data.entryId, e.data.position]).sort((x, y) => Number(x[1]) - Number(y[1]));
    expect(told).toEqual(joined.map((j) => [j.id, j.position]));
  });

  it('notify by the sweep what a process that stopped after freeing the places never checked', async () => {
    const [a] = replicas;
    const slot = { preferredDate: monday(7), preferredTime: '10:00' };
    const taken = await book(a.url, slot);
    expect((await join(a.url, { ...slot, email: 'rosa@example.com' })).status).toBe(201);
    const [rosa] = await entriesOf(a, slot.preferredDate);
    const before = heard.length;

    // Cancelled and its places given back, as a process does before it stops (no check follows).
    const doc = await a.models.Appointment.findOneAndUpdate({ _id: taken.id }, { $set: { status: 'cancelled', blocks: [] } }).lean<AppointmentDoc>();
    if (!doc) throw new Error('the booked appointment is missing');
    const change = { offering: 'clinic' as const, holder: appointmentHolder(doc._id), from: doc.blocks, to: [], capacity: 1, now: TEST_NOW };
    const begun = await beginChange(a.models, change);
    if (!begun.ok) throw new Error('the ledger refused the release');
    await finishChange(a.models, change, [], begun);
    await waitFor('the sweep tells rosa', () => heard.length > before, 10000);
    await settle();
    expect(heard.slice(before).map((e) => [e.data.entryId, e.data.position])).toEqual([[String(rosa._id), 1]]);
  });

  it('delete by the sweep entries a week past their slot (FerretDB has no TTL index)', async () => {
    const [a] = replicas;
    const entry = (startTime: Date, email: string) => ({
      offeringType: 'clinic' as const,
      firstName: 'Old',
      lastName: 'Entry',
      email,
      contact: '0917 000 0001',
      preferredDate: startTime.toISOString().slice(0, 10),
      preferredTime: '10:00',
      startTime,
      durationMinutes: 60,
      status: 'notified' as const,
      createdAt: startTime,
    });
    await a.models.WaitlistEntry.create([
      entry(new Date('2029-12-20T02:00:00Z'), 'gone@example.com'),
      entry(new Date('2029-12-30T02:00:00Z'), 'kept@example.com'),
    ]);
    await waitFor('the old entry is deleted', async () => (await a.models.WaitlistEntry.exists({ email: 'gone@example.com' })) === null, 10000);
    expect(await a.models.WaitlistEntry.exists({ email: 'kept@example.com' })).not.toBeNull();
  });
});
