import type { BookedAppointment, CalendarFeed, PractitionerCalendarFeed } from '@bb/contracts';
import { readCalendar } from '@bb/service-kit/testing';
import { applyStaffChange } from '../src/events/practitioners';
import { asAdmin, bookingRequest, call, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';
import { twoNurses } from './support/practitioners';

// Each practitioner's own secret calendar address: only the appointments they take, made on
// first ask, rotatable, served by the offerings' feed route (one space of addresses) with the
// same rules (ETag/304, 30 days back, cancelled left out, 404 once rotated).

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking('practitioner_feed', { now: () => TEST_NOW });
  await twoNurses(booking);
});
afterAll(() => booking.close());

const addressOf = async (id: string) => {
  const res = await call<PractitionerCalendarFeed>(booking.url, 'GET', `/api/practitioners/${id}/calendar-feed`, undefined, asAdmin);
  expect(res.status).toBe(200);
  return res.body;
};
const fetchFeed = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${booking.url}${path}`, { method, headers });
const uidsOf = async (path: string) => {
  const res = await fetchFeed(path);
  expect(res.status).toBe(200);
  return readCalendar(await res.text()).events.map((e) => e.uid);
};
const uidOf = (id: string) => `appointment-${id}@beauty-booking`;
const book = async (over: Record<string, unknown>) => {
  const res = await call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ treatments: ['peel'], ...over }));
  expect(res.status).toBe(201);
  return res.body;
};

describe("a practitioner's calendar feed address", () => {
  it('is made on first ask, once even when asked twice at once, apart from the offering feeds and the other practitioners', async () => {
    const [first, second] = await Promise.all([addressOf('ana'), addressOf('ana')]);
    expect(first).toEqual({
      practitionerId: 'ana',
      path: expect.stringMatching(/^\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/),
      rotatedAt: TEST_NOW.toISOString(),
    });
    expect(second).toEqual(first);
    expect(await addressOf('ana')).toEqual(first);
    const clinic = (await call<CalendarFeed>(booking.url, 'GET', '/api/calendar-feeds/clinic', undefined, asAdmin)).body;
    expect(new Set([first.path, (await addressOf('bea')).path, clinic.path]).size).toBe(3);
  });

  it('is for staff only: 401 without or with a bad token, 404 for a practitioner booking does not know, 400 for a malformed id', async () => {
    for (const headers of [{}, { authorization: 'Bearer not.a.token' }] as Record<string, string>[]) {
      expect((await call(booking.url, 'GET', '/api/practitioners/ana/calendar-feed', undefined, headers)).status).toBe(401);
      expect((await call(booking.url, 'POST', '/api/practitioners/ana/calendar-feed/rotate', undefined, headers)).status).toBe(401);
    }
    for (const method of ['GET', 'POST']) {
      const suffix = method === 'POST' ? '/rotate' : '';
      const unknown = await call(booking.url, method, `/api/practitioners/nobody/calendar-feed${suffix}`, undefined, asAdmin);
      expect([unknown.status, unknown.body.message]).toEqual([404, 'Practitioner not found']);
      const malformed = await call(booking.url, method, `/api/practitioners/${encodeURIComponent('ana$x')}/calendar-feed${suffix}`, undefined, asAdmin);
      expect([malformed.status, malformed.body.message]).toEqual([400, 'This practitioner id is not valid.']);
    }
    expect(await booking.models.CalendarFeed.exists({ _id: { $in: ['practitioner:nobody', 'practitioner:ana$x'] } })).toBeNull();
  });
});

describe("a practitioner's calendar feed", () => {
  it('lists only the appointments they take, cancelled ones left out, and answers 304 while nothing changed', async () => {
    const ana = await addressOf('ana');
    const bea = await addressOf('bea');
    const date = monday(2);
    const anas = await book({ preferredDate: date, preferredTime: '09:00', practitionerId: 'ana' });
    const beas = await book({ preferredDate: date, preferredTime: '09:00', practitionerId: 'bea', firstName: 'Other' });
    const cancelled = await book({ preferredDate: date, preferredTime: '13:00', practitionerId: 'ana', firstName: 'Gone' });
    expect((await call(booking.url, 'PATCH', `/api/appointments/${cancelled.id}`, { status: 'cancelled' }, asAdmin)).status).toBe(200);

    const res = await fetchFeed(ana.path);
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([200, 'text/calendar; charset=utf-8', 'private, no-cache']);
    const feed = readCalendar(await res.text());
    expect(feed.name).toBe('Ana: appointments');
    expect(feed.events.map((e) => e.uid)).toEqual([uidOf(anas.id)]);
    expect(await uidsOf(bea.path)).toEqual([uidOf(beas.id)]);

    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await fetchFeed(ana.path, { 'if-none-match': etag })).status).toBe(304);
    // HEAD answers like GET and changes nothing: the address stays, the feed too.
    const head = await fetchFeed(ana.path, {}, 'HEAD');
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, '']);
    expect(await addressOf('ana')).toEqual(ana);
    // Bea's booking changed nothing of Ana's feed; one of Ana's does.
    await book({ preferredDate: monday(3), preferredTime: '09:00', practitionerId: 'bea', firstName: 'Third' });
    expect((await fetchFeed(ana.path, { 'if-none-match': etag })).status).toBe(304);
    const more = await book({ preferredDate: monday(3), preferredTime: '09:00', practitionerId: 'ana', firstName: 'Fourth' });
    const changed = await fetchFeed(ana.path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(readCalendar(await changed.text()).events.map((e) => e.uid)).toEqual([uidOf(anas.id), uidOf(more.id)]);
  });

  it("moves an appointment from one practitioner's feed to the other's when it is reassigned", async () => {
    const ana = await addressOf('ana');
    const bea = await addressOf('bea');
    const made = await book({ preferredDate: monday(4), preferredTime: '10:00', practitionerId: 'ana' });
    expect(await uidsOf(ana.path)).toContain(uidOf(made.id));
    expect(await uidsOf(bea.path)).not.toContain(uidOf(made.id));
    // The reassignment as booking stores it: the feed reads who takes the appointment from the appointment itself.
    await booking.models.Appointment.updateOne({ _id: made.id }, { $set: { practitioner: { id: 'bea', name: 'Bea' } }, $inc: { revision: 1 } });
    expect(await uidsOf(ana.path)).not.toContain(uidOf(made.id));
    expect(await uidsOf(bea.path)).toContain(uidOf(made.id));
  });

  it('ends the old address when rotated: 404 as JSON, the new one serves the feed; the other feeds keep theirs', async () => {
    const old = await addressOf('ana');
    const bea = await addressOf('bea');
    const rotated = await call<PractitionerCalendarFeed>(booking.url, 'POST', '/api/practitioners/ana/calendar-feed/rotate', undefined, asAdmin);
    expect(rotated.status).toBe(200);
    expect(rotated.body.path).not.toBe(old.path);
    expect(await addressOf('ana')).toEqual(rotated.body);
    const gone = await fetchFeed(old.path);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'This calendar address is not valid.' });
    expect((await fetchFeed(rotated.body.path)).status).toBe(200);
    expect(await addressOf('bea')).toEqual(bea);
  });

  it('serves nothing under another spelling of its address', async () => {
    const { path } = await addressOf('bea');
    for (const variant of [`${path}/`, path.toUpperCase(), path.replace('/calendar/', '/Calendar/'), path.replace(/\.ics$/, '')]) {
      const res = await fetchFeed(variant);
      expect({ variant, refused: res.status >= 400 && res.status < 500 }).toEqual({ variant, refused: true });
      expect(await res.text()).not.toContain('VCALENDAR');
    }
  });

  it("ends a removed practitioner's address: their feed answers 404, and their address is no longer made", async () => {
    await applyStaffChange(booking.models.Practitioner, { id: 'cara', name: 'Cara', imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 });
    const { path } = await addressOf('cara');
    expect((await fetchFeed(path)).status).toBe(200);
    await applyStaffChange(booking.models.Practitioner, { id: 'cara', name: 'Cara', imageUrl: '', offeringType: 'clinic', deleted: true, version: 2 });
    expect((await fetchFeed(path)).status).toBe(404);
    expect((await call(booking.url, 'GET', '/api/practitioners/cara/calendar-feed', undefined, asAdmin)).status).toBe(404);
  });
});
