import type { Appointment, BookedAppointment, PractitionerCalendarFeed as CalendarFeed } from '@bb/contracts';
import { adminToken } from '@bb/service-kit/testing';
import { applyStaffChange } from '../src/events/practitioners';
import { addBookable, asAdmin, bookingRequest, call, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

// A practitioner's account sees what is theirs: their appointments, their calendar feed; the
// other roles that may call the same routes see everything.

let booking: BookingUnderTest;
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, isActive: true, startTime: '09:00', endTime: '17:00' }));
const as = (options: Parameters<typeof adminToken>[0]) => ({ authorization: `Bearer ${adminToken(options)}` });
const ana = as({ role: 'practitioner', staffId: 'ana', username: 'ana' });

beforeAll(async () => {
  booking = await startBooking('practitioner_scope', { now: () => TEST_NOW });
  await addBookable(booking.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 60 });
  for (const [id, name] of [
    ['ana', 'Ana'],
    ['bea', 'Bea'],
  ]) {
    await applyStaffChange(booking.models.Practitioner, { id, name, imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 });
    expect((await call(booking.url, 'PUT', `/api/practitioners/${id}`, { skills: ['peel'], hours: WEEKDAYS, bookable: true }, asAdmin)).status).toBe(200);
  }
  expect((await call(booking.url, 'PUT', '/api/requirements/peel', { practitioner: true, rooms: [] }, asAdmin)).status).toBe(200);
  for (const [practitionerId, time] of [
    ['ana', '09:00'],
    ['bea', '10:00'],
  ]) {
    const made = await call<BookedAppointment>(
      booking.url,
      'POST',
      '/api/appointments',
      bookingRequest({ preferredDate: monday(2), preferredTime: time, treatments: ['peel'], practitionerId }),
    );
    expect(made.status).toBe(201);
  }
  // One that needs nobody: no practitioner's.
  await addBookable(booking.models, { id: 'consult', name: 'Consult', defaultDuration: 30 });
  expect(
    (await call(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(2), preferredTime: '11:00', treatments: ['consult'] })))
      .status,
  ).toBe(201);
});
afterAll(() => booking.close());

const listAs = async (headers: Record<string, string>) => {
  const res = await call<Appointment[]>(booking.url, 'GET', '/api/appointments', undefined, headers);
  expect(res.status).toBe(200);
  return res.body.map((a) => a.practitioner?.id ?? 'nobody').sort();
};

describe("a practitioner's own", () => {
  it('lists only their appointments to a practitioner, and all to the front desk and management', async () => {
    expect(await listAs(ana)).toEqual(['ana']);
    expect(await listAs(as({ role: 'practitioner', staffId: 'bea' }))).toEqual(['bea']);
    expect(await listAs(as({ role: 'practitioner' }))).toEqual([]);
    for (const role of ['owner', 'manager', 'receptionist'] as const) expect(await listAs(as({ role }))).toEqual(['ana', 'bea', 'nobody']);
  });

  it("gives a practitioner their own calendar feed and refuses another's (403), leaving it unchanged", async () => {
    const own = await call<CalendarFeed>(booking.url, 'GET', '/api/practitioners/ana/calendar-feed', undefined, ana);
    expect(own.status).toBe(200);
    const beas = await call<CalendarFeed>(booking.url, 'GET', '/api/practitioners/bea/calendar-feed', undefined, asAdmin);
    expect(beas.status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/practitioners/bea/calendar-feed'],
      ['POST', '/api/practitioners/bea/calendar-feed/rotate'],
    ] as const) {
      const refused = await call(booking.url, method, path, undefined, ana);
      expect([refused.status, refused.body.message]).toEqual([403, 'Practitioner accounts may only use their own profile']);
    }
    expect((await call<CalendarFeed>(booking.url, 'GET', '/api/practitioners/bea/calendar-feed', undefined, asAdmin)).body).toEqual(beas.body);
    const rotated = await call<CalendarFeed>(booking.url, 'POST', '/api/practitioners/ana/calendar-feed/rotate', undefined, ana);
    expect(rotated.status).toBe(200);
    expect(rotated.body).not.toEqual(own.body);
  });

  it('refuses a receptionist the feeds (the route table: management and the practitioner)', async () => {
    const refused = await call(booking.url, 'GET', '/api/practitioners/ana/calendar-feed', undefined, as({ role: 'receptionist' }));
    expect(refused.status).toBe(403);
  });
});
