import { BOOKING_MESSAGES, SLOT_FULL_MESSAGE, WAITLIST_MESSAGES, type WaitlistEntry } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { asAdmin, bookingRequest, call, monday, TEST_NOW } from './support/booking';
import { book, cancel, entriesOf, join, settle, signUp, waitlistApps } from './support/waitlist';

const app = waitlistApps('waitlist');
const { slotOpenedEvents } = app;

describe('joining the waitlist', () => {
  it('signs visitors up for a full slot in sign-up order, answering each the slot and the message only', async () => {
    const slot = { preferredDate: monday(1), preferredTime: '10:00' };
    await book(app.booking.url, slot);
    const first = await join(app.booking.url, { ...slot, email: 'Bea@Example.com', firstName: 'Bea' });
    const second = await join(app.booking.url, { ...slot, email: 'carla@example.com', firstName: 'Carla' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ offeringType: 'clinic', ...slot, message: WAITLIST_MESSAGES.joined });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);

    const stored = await entriesOf(app.booking, slot.preferredDate);
    expect(stored.map((e) => [e.email, e.status, e.durationMinutes, e.startTime.toISOString()])).toEqual([
      ['bea@example.com', 'waiting', 60, `${slot.preferredDate}T02:00:00.000Z`],
      ['carla@example.com', 'waiting', 60, `${slot.preferredDate}T02:00:00.000Z`],
    ]);
  });

  it('answers a second sign-up of an address for the same slot as a first one, stores one entry, also when they come at once', async () => {
    const slot = { preferredDate: monday(1), preferredTime: '13:00' };
    await book(app.booking.url, slot);
    const first = await join(app.booking.url, { ...slot, email: 'dina@example.com' });
    const again = await join(app.booking.url, { ...slot, email: 'DINA@example.com', firstName: 'Dina' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const racing = await Promise.all([0, 1, 2].map(() => join(app.booking.url, { ...slot, email: 'ella@example.com' })));
    expect(racing.map((r) => [r.status, r.body])).toEqual(Array(3).fill([201, first.body]));
    expect((await entriesOf(app.booking, slot.preferredDate)).filter((e) => e.preferredTime === slot.preferredTime).map((e) => [e.email, e.firstName])).toEqual(
      [
        ['dina@example.com', 'Ana'],
        ['ella@example.com', 'Ana'],
      ],
    );
  });

  it("tells someone signing up with another person's address nothing of that entry, and leaves it as it is", async () => {
    const slot = { preferredDate: monday(1), preferredTime: '14:00' };
    await book(app.booking.url, slot);
    const victim = await join(app.booking.url, { ...slot, email: 'vera@example.com', firstName: 'Vera', contact: '0917 555 0001' });
    await join(app.booking.url, { ...slot, email: 'wes@example.com', firstName: 'Wes' });
    // The entry has been told once already: a sign-up must not re-arm its mail.
    await app.booking.models.WaitlistEntry.updateOne(
      { email: 'vera@example.com', preferredTime: slot.preferredTime },
      { $set: { status: 'notified', notifiedAt: TEST_NOW } },
    );
    const before = await app.booking.models.WaitlistEntry.findOne({ email: 'vera@example.com', preferredTime: slot.preferredTime }).lean();

    const probe = await join(app.booking.url, { ...slot, email: 'Vera@Example.com', firstName: 'Mallory', lastName: 'Probe', contact: '0917 666 0002' });
    const stranger = await join(app.booking.url, { ...slot, email: 'nobody-waits@example.com' });
    expect(probe.status).toBe(201);
    expect(probe.body).toEqual(victim.body);
    expect(Object.keys(probe.body).sort()).toEqual(Object.keys(stranger.body).sort());
    expect(probe.body).toEqual(stranger.body);
    expect(await app.booking.models.WaitlistEntry.findOne({ email: 'vera@example.com', preferredTime: slot.preferredTime }).lean()).toEqual(before);
  });

  it('answers 409 for a slot that has room: it is to be booked', async () => {
    const res = await join(app.booking.url, { preferredDate: monday(1), preferredTime: '15:00', email: 'fay@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(WAITLIST_MESSAGES.notFull);
    expect(await app.booking.models.WaitlistEntry.countDocuments({ email: 'fay@example.com' })).toBe(0);
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
      const res = await join(app.booking.url, { preferredTime: '10:00', email: 'gia@example.com', ...over });
      expect({ over, status: res.status }).toEqual({ over, status });
      if (message) expect(res.body.message).toBe(message);
    }
    const empty = await call(app.booking.url, 'POST', '/api/waitlist', {});
    expect(empty.status).toBe(400);
    expect(await app.booking.models.WaitlistEntry.countDocuments({ email: 'gia@example.com' })).toBe(0);
  });
});

describe('when a slot frees up', () => {
  it('tells everyone waiting in sign-up order, once each; the first to book gets it and the next gets 409', async () => {
    const heard = await slotOpenedEvents(app.booking.exchange);
    const slot = { preferredDate: monday(2), preferredTime: '10:00' };
    const taken = await book(app.booking.url, slot);
    expect((await join(app.booking.url, { ...slot, email: 'hana@example.com', firstName: 'Hana', treatments: ['facial'] })).status).toBe(201);
    const ivy = await join(app.booking.url, { ...slot, email: 'ivy@example.com', firstName: 'Ivy', treatments: ['peel'] });

    expect((await cancel(app.booking.url, taken.id)).status).toBe(200);
    await waitFor('two slot-opened events', () => heard.length >= 2, 10000);
    await settle();
    const [hanaEntry, ivyEntry] = await entriesOf(app.booking, slot.preferredDate);
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
    const stored = await entriesOf(app.booking, slot.preferredDate);
    expect(stored.map((e) => [e.status, e.notifiedAt !== null, e.outbox.length])).toEqual([
      ['notified', true, 0],
      ['notified', true, 0],
    ]);

    const first = await call(app.booking.url, 'POST', '/api/appointments', bookingRequest({ ...slot, email: 'hana@example.com', firstName: 'Hana' }));
    const second = await call(
      app.booking.url,
      'POST',
      '/api/appointments',
      bookingRequest({ ...slot, email: 'ivy@example.com', firstName: 'Ivy', treatments: ['peel'] }),
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(SLOT_FULL_MESSAGE);

    // Full again: signing up again answers as any sign-up does and changes nothing (one mail per entry).
    const rejoined = await join(app.booking.url, { ...slot, email: 'ivy@example.com', firstName: 'Ivy', treatments: ['peel'] });
    expect([rejoined.status, rejoined.body]).toEqual([201, ivy.body]);
    expect((await entriesOf(app.booking, slot.preferredDate)).map((e) => [e.email, e.status])).toEqual([
      ['hana@example.com', 'notified'],
      ['ivy@example.com', 'notified'],
    ]);
  });

  it('tells nobody when the slot stays full: a cancellation at another time of the day', async () => {
    const heard = await slotOpenedEvents(app.booking.exchange);
    const waitedFor = { preferredDate: monday(3), preferredTime: '10:00' };
    await book(app.booking.url, waitedFor);
    const other = await book(app.booking.url, { preferredDate: monday(3), preferredTime: '14:00' });
    await join(app.booking.url, { ...waitedFor, email: 'jade@example.com' });

    expect((await cancel(app.booking.url, other.id)).status).toBe(200);
    await settle();
    expect(heard).toEqual([]);
    expect((await entriesOf(app.booking, waitedFor.preferredDate)).map((e) => e.status)).toEqual(['waiting']);
  });

  it('tells them when the customer cancels or moves away through the manage link, or staff delete the appointment', async () => {
    const heard = await slotOpenedEvents(app.booking.exchange);
    const day = monday(4);
    const [cancelled, moved, deleted] = await Promise.all(
      ['09:00', '11:00', '13:00'].map((preferredTime) => book(app.booking.url, { preferredDate: day, preferredTime })),
    );
    for (const [preferredTime, email] of [
      ['09:00', 'kim@example.com'],
      ['11:00', 'lea@example.com'],
      ['13:00', 'mia@example.com'],
    ]) {
      expect((await join(app.booking.url, { preferredDate: day, preferredTime, email })).status).toBe(201);
    }

    expect((await call(app.booking.url, 'POST', `/api/manage/${cancelled.manageToken}/cancel`)).status).toBe(200);
    await waitFor('kim is told', () => heard.some((e) => e.data.email === 'kim@example.com'));
    expect((await call(app.booking.url, 'POST', `/api/manage/${moved.manageToken}/reschedule`, { preferredDate: day, preferredTime: '15:00' })).status).toBe(
      200,
    );
    await waitFor('lea is told', () => heard.some((e) => e.data.email === 'lea@example.com'));
    expect((await call(app.booking.url, 'DELETE', `/api/appointments/${deleted.id}`, undefined, asAdmin)).status).toBe(200);
    await waitFor('mia is told', () => heard.some((e) => e.data.email === 'mia@example.com'));
    await settle();
    expect(heard.map((e) => e.data.email)).toEqual(['kim@example.com', 'lea@example.com', 'mia@example.com']);
  });

  it('tells them when more capacity is saved', async () => {
    const heard = await slotOpenedEvents(app.booking.exchange);
    const slot = { preferredDate: monday(5), preferredTime: '10:00', offeringType: 'studio', treatments: ['portrait'] };
    await book(app.booking.url, slot);
    await join(app.booking.url, { ...slot, email: 'nina@example.com' });
    expect((await call(app.booking.url, 'PUT', '/api/settings/studio', { maxSessionsPerSlot: 2 }, asAdmin)).status).toBe(200);
    await waitFor('nina is told', () => heard.length >= 1);
    await settle();
    expect(heard.map((e) => [e.data.email, e.data.offeringType, e.data.position])).toEqual([['nina@example.com', 'studio', 1]]);
  });
});

describe('the staff waitlist', () => {
  it('lists entries of slots from today on, by slot and sign-up order, of one offering when asked', async () => {
    const yesterday = new Date(TEST_NOW.getTime() - 86400000);
    await app.booking.models.WaitlistEntry.create({
      ...signUp({ email: 'past@example.com' }),
      offeringType: 'clinic',
      preferredDate: '2030-01-01',
      startTime: yesterday,
      durationMinutes: 60,
      createdAt: yesterday,
    });
    const all = await call<WaitlistEntry[]>(app.booking.url, 'GET', '/api/waitlist', undefined, asAdmin);
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

    const studio = await call<WaitlistEntry[]>(app.booking.url, 'GET', '/api/waitlist?offeringType=studio', undefined, asAdmin);
    expect(studio.body.map((e) => e.email)).toEqual(['nina@example.com']);
    expect((await call(app.booking.url, 'GET', '/api/waitlist?offeringType=spa', undefined, asAdmin)).status).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await call(app.booking.url, 'GET', '/api/waitlist')).status).toBe(401);
    const [entry] = await entriesOf(app.booking, monday(1));
    expect((await call(app.booking.url, 'DELETE', `/api/waitlist/${String(entry._id)}`)).status).toBe(401);
    expect(await app.booking.models.WaitlistEntry.exists({ _id: entry._id })).not.toBeNull();
  });

  it('removes an entry, and answers 404 for one unknown or malformed', async () => {
    const [entry] = await entriesOf(app.booking, monday(1));
    const removed = await call(app.booking.url, 'DELETE', `/api/waitlist/${String(entry._id)}`, undefined, asAdmin);
    expect(removed.status).toBe(200);
    expect(await app.booking.models.WaitlistEntry.exists({ _id: entry._id })).toBeNull();
    for (const id of [String(entry._id), 'not-an-id', 'aaaaaaaaaaaa']) {
      const res = await call(app.booking.url, 'DELETE', `/api/waitlist/${id}`, undefined, asAdmin);
      expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 404, message: 'Waitlist entry not found' });
    }
  });
});
