import type { Appointment, BookedAppointment, SlotsResponse } from '@bb/contracts';
import { applyStaffChange } from '../src/events/practitioners';
import { addBookable, asAdmin, bookingRequest, call, expectLedgerMatches, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';

// Booking a person and a place: two nurses and a doctor, one laser. A laser facial needs a
// nurse trained for it and the laser; a peel any nurse; slots and bookings follow, racing
// included, and cancelling gives back exactly what was taken.

let booking: BookingUnderTest;
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, isActive: true, startTime: '09:00', endTime: '17:00' }));

beforeAll(async () => {
  booking = await startBooking('resource_booking', { now: () => TEST_NOW });
  await addBookable(booking.models, { id: 'laser-facial', name: 'Laser Facial', defaultDuration: 60 });
  await addBookable(booking.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 60 });
  for (const [id, name] of [
    ['ana', 'Ana'],
    ['bea', 'Bea'],
    ['doc', 'Dr Cruz'],
  ]) {
    await applyStaffChange(booking.models.Practitioner, { id, name, imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 });
  }
  const setUp = async (id: string, body: unknown) => expect((await call(booking.url, 'PUT', `/api/practitioners/${id}`, body, asAdmin)).status).toBe(200);
  await setUp('ana', { skills: ['laser-facial', 'peel'], hours: WEEKDAYS, bookable: true });
  await setUp('bea', { skills: ['laser-facial', 'peel'], hours: WEEKDAYS, bookable: true, leave: [{ from: monday(1), to: monday(1), note: 'Leave' }] });
  await setUp('doc', { skills: [], hours: WEEKDAYS, bookable: true });
  expect((await call(booking.url, 'POST', '/api/rooms', { offeringType: 'clinic', name: 'Laser', kind: 'equipment', count: 1 }, asAdmin)).status).toBe(201);
  expect((await call(booking.url, 'PUT', '/api/requirements/laser-facial', { practitioner: true, rooms: ['laser'] }, asAdmin)).status).toBe(200);
  expect((await call(booking.url, 'PUT', '/api/requirements/peel', { practitioner: true, rooms: [] }, asAdmin)).status).toBe(200);
  expect((await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 5 }, asAdmin)).status).toBe(200);
});
afterAll(() => booking.close());

const book = (over: Record<string, unknown>) => call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over));
const freeTimes = async (date: string, item: string, practitionerId?: string) => {
  const res = await call<SlotsResponse>(
    booking.url,
    'GET',
    `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${item}${practitionerId ? `&practitionerId=${practitionerId}` : ''}`,
  );
  expect(res.status).toBe(200);
  return res.body.slots.filter((s) => s.available).map((s) => s.time);
};

describe('booking a person and a place', () => {
  it('never books the one laser twice at a time, across two nurses, even at once', async () => {
    const date = monday(2);
    const answers = await Promise.all([
      book({ preferredDate: date, preferredTime: '10:00', treatments: ['laser-facial'], practitionerId: 'ana', firstName: 'One' }),
      book({ preferredDate: date, preferredTime: '10:00', treatments: ['laser-facial'], practitionerId: 'bea', firstName: 'Two' }),
      book({ preferredDate: date, preferredTime: '10:30', treatments: ['laser-facial'], firstName: 'Three' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    // A peel needs no laser: a nurse still free then takes it.
    const peel = await book({ preferredDate: date, preferredTime: '10:00', treatments: ['peel'], firstName: 'Four' });
    expect(peel.status).toBe(201);
    expect(await freeTimes(date, 'laser-facial')).not.toContain('10:00');
    await expectLedgerMatches(booking.models);
  });

  it('offers none of the times of a nurse on leave, and assigns "any" only to those trained', async () => {
    const date = monday(1);
    expect(await freeTimes(date, 'peel', 'bea')).toEqual([]);
    expect((await freeTimes(date, 'peel', 'ana')).length).toBeGreaterThan(0);
    const made = await book({ preferredDate: date, preferredTime: '09:00', treatments: ['peel'] });
    expect([made.status, made.body.practitioner?.name]).toEqual([201, 'Ana']);
    // Ana is taken at 09:00, Bea on leave, the doctor not trained: nobody for a peel then.
    expect(await book({ preferredDate: date, preferredTime: '09:00', treatments: ['peel'], firstName: 'Next' })).toMatchObject({ status: 409 });
  });

  it('gives "any" to the least booked that day, then by name', async () => {
    const date = monday(3);
    const first = await book({ preferredDate: date, preferredTime: '09:00', treatments: ['peel'] });
    const second = await book({ preferredDate: date, preferredTime: '11:00', treatments: ['peel'], firstName: 'B' });
    expect([first.body.practitioner?.name, second.body.practitioner?.name]).toEqual(['Ana', 'Bea']);
  });

  it('gives back exactly what a cancelled appointment held: the laser and its nurse are free again', async () => {
    const date = monday(4);
    const made = await book({ preferredDate: date, preferredTime: '14:00', treatments: ['laser-facial'], practitionerId: 'bea' });
    expect(made.status).toBe(201);
    expect(await freeTimes(date, 'laser-facial')).not.toContain('14:00');
    expect(await freeTimes(date, 'peel', 'bea')).not.toContain('14:00');
    const cancelled = await call<Appointment>(booking.url, 'PATCH', `/api/appointments/${made.body.id}`, { status: 'cancelled' }, asAdmin);
    expect(cancelled.status).toBe(200);
    expect(await freeTimes(date, 'laser-facial')).toContain('14:00');
    expect(await freeTimes(date, 'peel', 'bea')).toContain('14:00');
    await expectLedgerMatches(booking.models);
  });
});
