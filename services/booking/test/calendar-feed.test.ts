import { Types } from 'mongoose';
import type { BookedAppointment, CalendarFeed } from '@bb/contracts';
import { readCalendar } from '@bb/service-kit/testing';
import { newFeedToken, offeringFeed, tokenOfFeed } from '../src/domain/calendar-feed';
import type { AppointmentDoc } from '../src/models/appointment';
import { addBookable, addFacialAndPeel, asAdmin, bookingRequest, call, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking('calendar_feed');
  await addFacialAndPeel(booking.models);
  await addBookable(booking.models, { id: 'portrait', name: 'Portrait Session', defaultDuration: 60, offeringType: 'studio' });
});
afterAll(() => booking.close());

const feedAddress = async (offering: string) => (await call<CalendarFeed>(booking.url, 'GET', `/api/calendar-feeds/${offering}`, undefined, asAdmin)).body;
const fetchFeed = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${booking.url}${path}`, { method, headers });
async function book(over: Record<string, unknown>) {
  const res = await call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over));
  expect(res.status).toBe(201);
  return res.body;
}

/** An appointment booked long ago, stored as booking stores one. */
async function storeAppointment(start: Date, firstName: string): Promise<string> {
  const _id = new Types.ObjectId();
  const doc: Omit<AppointmentDoc, 'outbox'> = {
    _id,
    firstName,
    lastName: 'Cruz',
    gender: null,
    age: null,
    email: `${firstName.toLowerCase()}@example.com`,
    contact: '0917 555 0000',
    preferredDate: start.toISOString().slice(0, 10),
    preferredTime: '10:00',
    startTime: start,
    endTime: new Date(start.getTime() + 3600_000),
    offeringType: 'clinic',
    treatments: ['facial'],
    items: [{ id: 'facial', name: 'Hydra Facial' }],
    notes: '',
    status: 'done',
    adminComment: '',
    blocks: [],
    requestHash: null,
    revision: 1,
    createdAt: start,
    updatedAt: start,
  };
  await booking.models.Appointment.create(doc);
  return String(_id);
}

const uidOf = (id: string) => `appointment-${id}@beauty-booking`;

describe('the calendar feed address', () => {
  it('is made on first ask, once even when asked twice at once, and stays until rotated', async () => {
    const [first, second] = await Promise.all([feedAddress('clinic'), feedAddress('clinic')]);
    expect(first).toEqual({
      offeringType: 'clinic',
      path: expect.stringMatching(/^\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/),
      rotatedAt: TEST_NOW.toISOString(),
    });
    expect(second).toEqual(first);
    expect(await feedAddress('clinic')).toEqual(first);
    expect((await feedAddress('studio')).path).not.toBe(first.path);
  });

  it('is for staff only, and an offering that is none answers 400', async () => {
    expect((await call(booking.url, 'GET', '/api/calendar-feeds/clinic')).status).toBe(401);
    expect((await call(booking.url, 'POST', '/api/calendar-feeds/clinic/rotate')).status).toBe(401);
    expect((await call(booking.url, 'GET', '/api/calendar-feeds/spa', undefined, asAdmin)).status).toBe(400);
  });
});

describe('the calendar feed', () => {
  it("lists the offering's appointments from 30 days ago on, cancelled and deleted ones left out, in Manila time", async () => {
    const { path } = await feedAddress('clinic');
    const long = await book({ preferredDate: monday(0), preferredTime: '10:00', treatments: ['facial', 'peel'], firstName: 'Bea', notes: 'Sensitive skin' });
    const done = await book({ preferredDate: monday(1), preferredTime: '09:00', firstName: 'Carla' });
    expect((await call(booking.url, 'PATCH', `/api/appointments/${done.id}`, { status: 'done' }, asAdmin)).status).toBe(200);
    const cancelled = await book({ preferredDate: monday(1), preferredTime: '13:00', firstName: 'Dina' });
    expect((await call(booking.url, 'PATCH', `/api/appointments/${cancelled.id}`, { status: 'cancelled' }, asAdmin)).status).toBe(200);
    const deleted = await book({ preferredDate: monday(1), preferredTime: '15:00', firstName: 'Ella' });
    expect((await call(booking.url, 'DELETE', `/api/appointments/${deleted.id}`, undefined, asAdmin)).status).toBe(200);
    await book({ preferredDate: monday(0), preferredTime: '10:00', offeringType: 'studio', treatments: ['portrait'], firstName: 'Fay' });
    const recent = await storeAppointment(new Date('2029-12-10T02:00:00Z'), 'Gia');
    await storeAppointment(new Date('2029-11-20T02:00:00Z'), 'Hana');

    const res = await fetchFeed(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const feed = readCalendar(await res.text());
    expect(feed.name).toBe('Clinic appointments');
    expect(feed.method).toBeNull();
    expect(feed.tzid).toBe('Asia/Manila');
    expect(feed.events.map((e) => e.uid)).toEqual([uidOf(recent), uidOf(long.id), uidOf(done.id)]);
    expect(feed.events[1]).toEqual({
      uid: uidOf(long.id),
      sequence: 0,
      summary: 'Bea Reyes: Hydra Facial, Chemical Peel',
      description: expect.stringContaining('Notes: Sensitive skin'),
      // Pending: a request the business has yet to confirm, so no more than tentative.
      status: 'TENTATIVE',
      tzid: 'Asia/Manila',
      wallTime: `${monday(0)}T10:00:00`,
      start: `${monday(0)}T02:00:00.000Z`,
      end: `${monday(0)}T03:30:00.000Z`,
    });
    // SEQUENCE is the revision: marking it done replaced the entry.
    expect(feed.events[2]).toMatchObject({ sequence: 1, summary: 'Carla Reyes: Hydra Facial', wallTime: `${monday(1)}T09:00:00`, status: 'CONFIRMED' });
  });

  it('answers 304 while nothing changed, and a new ETag once something did; HEAD too', async () => {
    const { path } = await feedAddress('clinic');
    const first = await fetchFeed(path);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetchFeed(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetchFeed(path, {}, 'HEAD');
    expect([head.status, head.headers.get('etag'), head.headers.get('content-type')]).toEqual([200, etag, 'text/calendar; charset=utf-8']);

    const made = await book({ preferredDate: monday(2), preferredTime: '11:00', firstName: 'Iris' });
    const changed = await fetchFeed(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(readCalendar(await changed.text()).events.map((e) => e.uid)).toContain(uidOf(made.id));

    // Cancelled: the next poll no longer lists it, so the calendar drops it.
    expect((await call(booking.url, 'PATCH', `/api/appointments/${made.id}`, { status: 'cancelled' }, asAdmin)).status).toBe(200);
    const afterCancel = await fetchFeed(path, { 'if-none-match': changed.headers.get('etag') ?? '' });
    expect(afterCancel.status).toBe(200);
    expect(readCalendar(await afterCancel.text()).events.map((e) => e.uid)).not.toContain(uidOf(made.id));
  });

  it('ends the old address when rotated: it answers 404, the new one the feed', async () => {
    const old = await feedAddress('clinic');
    const rotated = await call<CalendarFeed>(booking.url, 'POST', '/api/calendar-feeds/clinic/rotate', undefined, asAdmin);
    expect(rotated.status).toBe(200);
    expect(rotated.body.path).not.toBe(old.path);
    expect(await feedAddress('clinic')).toEqual(rotated.body);

    const gone = await fetchFeed(old.path);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'This calendar address is not valid.' });
    expect((await fetchFeed(rotated.body.path)).status).toBe(200);
  });

  it('answers a malformed or unknown address 400 or 404 as JSON, never 500', async () => {
    for (const [feed, status] of [
      ['abc.ics', 400],
      ['A'.repeat(32), 400],
      [`${'A'.repeat(33)}.ics`, 400],
      [`${'A'.repeat(31)}!.ics`, 400],
      [`${'A'.repeat(32)}.ics`, 404],
    ] as const) {
      const res = await fetchFeed(`/api/calendar/${feed}`);
      expect({ feed, status: res.status }).toEqual({ feed, status });
      expect(((await res.json()) as { message: string }).message).toBe('This calendar address is not valid.');
    }
  });
});

describe('the feed file', () => {
  const entry = {
    appointmentId: 'a1',
    sequence: 2,
    summary: 'Bea Reyes: Hydra Facial',
    description: 'Booking reference A1',
    start: new Date('2030-01-07T02:00:00Z'),
    end: new Date('2030-01-07T03:00:00Z'),
    status: 'pending' as const,
  };

  it('keeps its ETag when only the time it was made (DTSTAMP) differs, and changes it with the appointments', () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    try {
      const first = offeringFeed('clinic', [entry]);
      jest.setSystemTime(new Date('2030-01-01T05:00:00Z'));
      const later = offeringFeed('clinic', [entry]);
      expect(later.body).not.toBe(first.body);
      expect(later.etag).toBe(first.etag);
      expect(offeringFeed('clinic', [{ ...entry, sequence: 3 }]).etag).not.toBe(first.etag);
      expect(offeringFeed('studio', [entry]).etag).not.toBe(first.etag);
    } finally {
      jest.useRealTimers();
    }
  });

  it('has an address of 32 base64url characters, new each time', () => {
    const token = newFeedToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newFeedToken()).not.toBe(token);
    expect(tokenOfFeed(`${token}.ics`)).toBe(token);
  });
});
