import {
  BOOKING_MESSAGES,
  SLOT_FULL_MESSAGE,
  WAITLIST_MESSAGES,
  type BookedAppointment,
  type Envelope,
  type EventData,
  type WaitlistEntry,
  type WaitlistJoined,
} from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { silentLogger, testAmqpUrl, testMongoUrl, uniqueName, waitFor } from '@bb/service-kit/testing';
import type { AppointmentDoc } from '../src/models/appointment';
import { releaseSeats } from '../src/store/seats';
import { addBookable, asAdmin, bookingRequest, call, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

type SlotOpened = Envelope<EventData<'booking.waitlist.slot-opened'>>;

const buses: EventBus[] = [];
const toClose: BookingUnderTest[] = [];
/** One booking process whose sweep (every minute) stays out of the way: what is heard comes from the request. */
let booking: BookingUnderTest;

async function withItems(started: Promise<BookingUnderTest>): Promise<BookingUnderTest> {
  const b = await started;
  toClose.push(b);
  await addBookable(b.models, { id: 'facial', name: 'Hydra Facial', defaultDuration: 60 });
  await addBookable(b.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 30 });
  await addBookable(b.models, { id: 'portrait', name: 'Portrait Session', defaultDuration: 60, offeringType: 'studio' });
  return b;
}

beforeAll(async () => {
  booking = await withItems(startBooking('waitlist'));
});
afterAll(async () => {
  for (const bus of buses) await bus.close();
  for (const b of toClose) await b.close();
});

/** What the notifications service hears on the booking's exchange, in arrival order. */
async function slotOpenedEvents(exchange: string): Promise<SlotOpened[]> {
  const received: SlotOpened[] = [];
  const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'notifications', logger: silentLogger() });
  buses.push(bus);
  bus.subscribe(uniqueName('waitlist'), ['booking.waitlist.slot-opened'], async (event) => {
    received.push(event as SlotOpened);
  });
  await bus.start();
  return received;
}

/** The booking form's fields a sign-up sends. */
const signUp = (over: Record<string, unknown>) => {
  const { gender: _gender, age: _age, notes: _notes, ...fields } = bookingRequest(over);
  return fields;
};
const join = (url: string, over: Record<string, unknown>) => call<WaitlistJoined>(url, 'POST', '/api/waitlist', signUp(over));
async function book(url: string, over: Record<string, unknown>) {
  const res = await call<BookedAppointment>(url, 'POST', '/api/appointments', bookingRequest(over));
  expect(res.status).toBe(201);
  return res.body;
}
const cancel = (url: string, id: string) => call(url, 'PATCH', `/api/appointments/${id}`, { status: 'cancelled' }, asAdmin);
const entriesOf = (b: BookingUnderTest, preferredDate: string) => b.models.WaitlistEntry.find({ preferredDate }).sort({ createdAt: 1, _id: 1 }).lean();
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('joining the waitlist', () => {
  it('signs visitors up for a full slot in sign-up order, answering each the slot and the message only', async () => {
    const slot = { preferredDate: monday(1), preferredTime: '10:00' };
    await book(booking.url, slot);
    const first = await join(booking.url, { ...slot, email: 'Bea@Example.com', firstName: 'Bea' });
    const second = await join(booking.url, { ...slot, email: 'carla@example.com', firstName: 'Carla' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ offeringType: 'clinic', ...slot, message: WAITLIST_MESSAGES.joined });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);

    const stored = await entriesOf(booking, slot.preferredDate);
    expect(stored.map((e) => [e.email, e.status, e.durationMinutes, e.startTime.toISOString()])).toEqual([
      ['bea@example.com', 'waiting', 60, `${slot.preferredDate}T02:00:00.000Z`],
      ['carla@example.com', 'waiting', 60, `${slot.preferredDate}T02:00:00.000Z`],
    ]);
  });

  it('answers a second sign-up of an address for the same slot as a first one, stores one entry, also when they come at once', async () => {
    const slot = { preferredDate: monday(1), preferredTime: '13:00' };
    await book(booking.url, slot);
    const first = await join(booking.url, { ...slot, email: 'dina@example.com' });
    const again = await join(booking.url, { ...slot, email: 'DINA@example.com', firstName: 'Dina' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const racing = await Promise.all([0, 1, 2].map(() => join(booking.url, { ...slot, email: 'ella@example.com' })));
    expect(racing.map((r) => [r.status, r.body])).toEqual(Array(3).fill([201, first.body]));
    expect((await entriesOf(booking, slot.preferredDate)).filter((e) => e.preferredTime === slot.preferredTime).map((e) => [e.email, e.firstName])).toEqual([
      ['dina@example.com', 'Ana'],
      ['ella@example.com', 'Ana'],
    ]);
  });

  it("tells someone signing up with another person's address nothing of that entry, and leaves it as it is", async () => {
    const slot = { preferredDate: monday(1), preferredTime: '14:00' };
    await book(booking.url, slot);
    const victim = await join(booking.url, { ...slot, email: 'vera@example.com', firstName: 'Vera', contact: '0917 555 0001' });
    await join(booking.url, { ...slot, email: 'wes@example.com', firstName: 'Wes' });
    // The entry has been told once already: a sign-up must not re-arm its mail.
    await booking.models.WaitlistEntry.updateOne(
      { email: 'vera@example.com', preferredTime: slot.preferredTime },
      { $set: { status: 'notified', notifiedAt: TEST_NOW } },
    );
    const before = await booking.models.WaitlistEntry.findOne({ email: 'vera@example.com', preferredTime: slot.preferredTime }).lean();

    const probe = await join(booking.url, { ...slot, email: 'Vera@Example.com', firstName: 'Mallory', lastName: 'Probe', contact: '0917 666 0002' });
    const stranger = await join(booking.url, { ...slot, email: 'nobody-waits@example.com' });
    expect(probe.status).toBe(201);
    expect(probe.body).toEqual(victim.body);
    expect(Object.keys(probe.body).sort()).toEqual(Object.keys(stranger.body).sort());
    expect(probe.body).toEqual(stranger.body);
    expect(await booking.models.WaitlistEntry.findOne({ email: 'vera@example.com', preferredTime: slot.preferredTime }).lean()).toEqual(before);
  });

  it('answers 409 for a slot that has room: it is to be booked', async () => {
    const res = await join(booking.url, { preferredDate: monday(1), preferredTime: '15:00', email: 'fay@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(WAITLIST_MESSAGES.notFull);
    expect(await booking.models.WaitlistEntry.countDocuments({ email: 'fay@example.com' })).toBe(0);
  });

  it("refuses what a booking refuses, with the booking form's messages, and stores nothing", async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ preferredDate: '2030-01-06' }, 400, 'The clinic is closed on that day. Please choose another date.'],
      [
        { preferredDate: monday(1), preferredTime: '10:15' },
        400,
        'That time is not one of the available times of that day. Please choose a time from the schedule.',
      ],
      [{ preferredDate: '2029-12-31' }, 400, 'That time has already passed. Please choose a later time.'],
      [{ preferredDate: monday(1), treatments: ['nothing-such'] }, 400, 'One of the chosen treatments is not available any more. Please choose again.'],
      [{ preferredDate: monday(1), treatments: ['portrait'] }, 400, 'Portrait Session cannot be booked at the clinic. Please choose again.'],
      [{ preferredDate: monday(1), email: 'not-an-address' }, 400, BOOKING_MESSAGES.email],
      [{ preferredDate: monday(1), contact: 'abc' }, 400, BOOKING_MESSAGES.contactNotAPhone],
      [{ preferredDate: 'tomorrow' }, 400, ''],
      [{ preferredDate: monday(1), treatments: [] }, 400, ''],
    ];
    for (const [over, status, message] of refusals) {
      const res = await join(booking.url, { preferredTime: '10:00', email: 'gia@example.com', ...over });
      expect({ over, status: res.status }).toEqual({ over, status });
      if (message) expect(res.body.message).toBe(message);
    }
    const empty = await call(booking.url, 'POST', '/api/waitlist', {});
    expect(empty.status).toBe(400);
    expect(await booking.models.WaitlistEntry.countDocuments({ email: 'gia@example.com' })).toBe(0);
  });
});

describe('when a slot frees up', () => {
  it('tells everyone waiting in sign-up order, once each; the first to book gets it and the next gets 409', async () => {
    const heard = await slotOpenedEvents(booking.exchange);
    const slot = { preferredDate: monday(2), preferredTime: '10:00' };
    const taken = await book(booking.url, slot);
    expect((await join(booking.url, { ...slot, email: 'hana@example.com', firstName: 'Hana', treatments: ['facial'] })).status).toBe(201);
    const ivy = await join(booking.url, { ...slot, email: 'ivy@example.com', firstName: 'Ivy', treatments: ['peel'] });

    expect((await cancel(booking.url, taken.id)).status).toBe(200);
    await waitFor('two slot-opened events', () => heard.length >= 2, 10000);
    await settle();
    const [hanaEntry, ivyEntry] = await entriesOf(booking, slot.preferredDate);
    expect(heard.map((e) => [e.data.entryId, e.data.position])).toEqual([
      [String(hanaEntry._id), 1],
      [String(ivyEntry._id), 2],
    ]);
    expect(heard[0].data).toEqual({
      entryId: String(hanaEntry._id),
      firstName: 'Hana',
      lastName: 'Reyes',
      email: 'hana@example.com',
      offeringType: 'clinic',
      items: [{ id: 'facial', name: 'Hydra Facial' }],
      ...slot,
      startTime: `${slot.preferredDate}T02:00:00.000Z`,
      position: 1,
    });
    const stored = await entriesOf(booking, slot.preferredDate);
    expect(stored.map((e) => [e.status, e.notifiedAt !== null, e.outbox.length])).toEqual([
      ['notified', true, 0],
      ['notified', true, 0],
    ]);

    const first = await call(booking.url, 'POST', '/api/appointments', bookingRequest({ ...slot, email: 'hana@example.com', firstName: 'Hana' }));
    const second = await call(
      booking.url,
      'POST',
      '/api/appointments',
      bookingRequest({ ...slot, email: 'ivy@example.com', firstName: 'Ivy', treatments: ['peel'] }),
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(SLOT_FULL_MESSAGE);

    // Full again: signing up again answers as any sign-up does and changes nothing (one mail per entry).
    const rejoined = await join(booking.url, { ...slot, email: 'ivy@example.com', firstName: 'Ivy', treatments: ['peel'] });
    expect([rejoined.status, rejoined.body]).toEqual([201, ivy.body]);
    expect((await entriesOf(booking, slot.preferredDate)).map((e) => [e.email, e.status])).toEqual([
      ['hana@example.com', 'notified'],
      ['ivy@example.com', 'notified'],
    ]);
  });

  it('tells nobody when the slot stays full: a cancellation at another time of the day', async () => {
    const heard = await slotOpenedEvents(booking.exchange);
    const waitedFor = { preferredDate: monday(3), preferredTime: '10:00' };
    await book(booking.url, waitedFor);
    const other = await book(booking.url, { preferredDate: monday(3), preferredTime: '14:00' });
    await join(booking.url, { ...waitedFor, email: 'jade@example.com' });

    expect((await cancel(booking.url, other.id)).status).toBe(200);
    await settle();
    expect(heard).toEqual([]);
    expect((await entriesOf(booking, waitedFor.preferredDate)).map((e) => e.status)).toEqual(['waiting']);
  });

  it('tells them when the customer cancels or moves away through the manage link, or staff delete the appointment', async () => {
    const heard = await slotOpenedEvents(booking.exchange);
    const day = monday(4);
    const [cancelled, moved, deleted] = await Promise.all(
      ['09:00', '11:00', '13:00'].map((preferredTime) => book(booking.url, { preferredDate: day, preferredTime })),
    );
    for (const [preferredTime, email] of [
      ['09:00', 'kim@example.com'],
      ['11:00', 'lea@example.com'],
      ['13:00', 'mia@example.com'],
    ]) {
      expect((await join(booking.url, { preferredDate: day, preferredTime, email })).status).toBe(201);
    }

    expect((await call(booking.url, 'POST', `/api/manage/${cancelled.manageToken}/cancel`)).status).toBe(200);
    await waitFor('kim is told', () => heard.some((e) => e.data.email === 'kim@example.com'));
    expect((await call(booking.url, 'POST', `/api/manage/${moved.manageToken}/reschedule`, { preferredDate: day, preferredTime: '15:00' })).status).toBe(200);
    await waitFor('lea is told', () => heard.some((e) => e.data.email === 'lea@example.com'));
    expect((await call(booking.url, 'DELETE', `/api/appointments/${deleted.id}`, undefined, asAdmin)).status).toBe(200);
    await waitFor('mia is told', () => heard.some((e) => e.data.email === 'mia@example.com'));
    await settle();
    expect(heard.map((e) => e.data.email)).toEqual(['kim@example.com', 'lea@example.com', 'mia@example.com']);
  });

  it('tells them when more capacity is saved', async () => {
    const heard = await slotOpenedEvents(booking.exchange);
    const slot = { preferredDate: monday(5), preferredTime: '10:00', offeringType: 'studio', treatments: ['portrait'] };
    await book(booking.url, slot);
    await join(booking.url, { ...slot, email: 'nina@example.com' });
    expect((await call(booking.url, 'PUT', '/api/settings/studio', { maxSessionsPerSlot: 2 }, asAdmin)).status).toBe(200);
    await waitFor('nina is told', () => heard.length >= 1);
    await settle();
    expect(heard.map((e) => [e.data.email, e.data.offeringType, e.data.position])).toEqual([['nina@example.com', 'studio', 1]]);
  });
});

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

  it('notify by the sweep what a process that stopped after freeing the seats never checked', async () => {
    const [a] = replicas;
    const slot = { preferredDate: monday(7), preferredTime: '10:00' };
    const taken = await book(a.url, slot);
    expect((await join(a.url, { ...slot, email: 'rosa@example.com' })).status).toBe(201);
    const [rosa] = await entriesOf(a, slot.preferredDate);
    const before = heard.length;

    // Cancelled and its seats given back, as a process does before it stops (no check follows).
    const doc = await a.models.Appointment.findOneAndUpdate({ _id: taken.id }, { $set: { status: 'cancelled', seats: [] } }).lean<AppointmentDoc>();
    if (!doc) throw new Error('the booked appointment is missing');
    await releaseSeats(a.models, doc.seats, doc._id);
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

describe('the staff waitlist', () => {
  it('lists entries of slots from today on, by slot and sign-up order, of one offering when asked', async () => {
    const yesterday = new Date(TEST_NOW.getTime() - 86400000);
    await booking.models.WaitlistEntry.create({
      ...signUp({ email: 'past@example.com' }),
      offeringType: 'clinic',
      preferredDate: '2030-01-01',
      startTime: yesterday,
      durationMinutes: 60,
      createdAt: yesterday,
    });
    const all = await call<WaitlistEntry[]>(booking.url, 'GET', '/api/waitlist', undefined, asAdmin);
    expect(all.status).toBe(200);
    const slots = all.body.map((e) => `${e.preferredDate} ${e.preferredTime}`);
    expect(slots).toEqual([...slots].sort());
    expect(all.body.filter((e) => e.preferredDate === monday(1) && e.preferredTime === '10:00').map((e) => e.email)).toEqual([
      'bea@example.com',
      'carla@example.com',
    ]);
    expect(all.body.some((e) => e.email === 'past@example.com')).toBe(false);
    expect(all.body.find((e) => e.email === 'hana@example.com')).toMatchObject({
      status: 'notified',
      notifiedAt: expect.any(String),
      items: [{ id: 'facial', name: 'Hydra Facial' }],
    });

    const studio = await call<WaitlistEntry[]>(booking.url, 'GET', '/api/waitlist?offeringType=studio', undefined, asAdmin);
    expect(studio.body.map((e) => e.email)).toEqual(['nina@example.com']);
    expect((await call(booking.url, 'GET', '/api/waitlist?offeringType=spa', undefined, asAdmin)).status).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await call(booking.url, 'GET', '/api/waitlist')).status).toBe(401);
    const [entry] = await entriesOf(booking, monday(1));
    expect((await call(booking.url, 'DELETE', `/api/waitlist/${String(entry._id)}`)).status).toBe(401);
    expect(await booking.models.WaitlistEntry.exists({ _id: entry._id })).not.toBeNull();
  });

  it('removes an entry, and answers 404 for one unknown or malformed', async () => {
    const [entry] = await entriesOf(booking, monday(1));
    const removed = await call(booking.url, 'DELETE', `/api/waitlist/${String(entry._id)}`, undefined, asAdmin);
    expect(removed.status).toBe(200);
    expect(await booking.models.WaitlistEntry.exists({ _id: entry._id })).toBeNull();
    for (const id of [String(entry._id), 'not-an-id', 'aaaaaaaaaaaa']) {
      const res = await call(booking.url, 'DELETE', `/api/waitlist/${id}`, undefined, asAdmin);
      expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 404, message: 'Waitlist entry not found' });
    }
  });
});
