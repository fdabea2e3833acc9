import { REASSIGN_MESSAGES, type Appointment, type BookedAppointment, type ManagedAppointment, type SlotsResponse } from '@bb/contracts';
import { applyStaffChange } from '../src/events/practitioners';
import { waitFor } from '@bb/service-kit/testing';
import {
  addBookable,
  appointmentEvents,
  asAdmin,
  bookingRequest,
  call,
  expectLedgerMatches,
  monday,
  startBooking,
  TEST_NOW,
  type BookingUnderTest,
} from './support/booking';

// Changing whom an appointment is with: staff reassign it at the same time, a customer moves it
// keeping their practitioner or taking anyone. Each change gives back exactly the old person's
// blocks and takes the new one's in the same guarded write, racing included.

let booking: BookingUnderTest;
let events: Awaited<ReturnType<typeof appointmentEvents>>;
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, isActive: true, startTime: '09:00', endTime: '17:00' }));
const NURSES = [
  ['ana', 'Ana'],
  ['bea', 'Bea'],
  ['cat', 'Cat'],
  ['dee', 'Dee'],
] as const;

beforeAll(async () => {
  booking = await startBooking('resource_changes', { now: () => TEST_NOW });
  events = await appointmentEvents(booking.exchange);
  await addBookable(booking.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 60 });
  await addBookable(booking.models, { id: 'massage', name: 'Massage', defaultDuration: 60 });
  for (const [id, name] of [...NURSES, ['doc', 'Dr Cruz']]) {
    await applyStaffChange(booking.models.Practitioner, { id, name, imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 });
  }
  const setUp = async (id: string, body: unknown) => expect((await call(booking.url, 'PUT', `/api/practitioners/${id}`, body, asAdmin)).status).toBe(200);
  for (const [id] of NURSES) await setUp(id, { skills: ['peel'], hours: WEEKDAYS, bookable: true });
  await setUp('bea', { leave: [{ from: monday(1), to: monday(1), note: 'Leave' }], email: 'bea@clinic.example' });
  await setUp('ana', { email: 'ana@clinic.example' });
  await setUp('doc', { skills: [], hours: WEEKDAYS, bookable: true });
  expect((await call(booking.url, 'PUT', '/api/requirements/peel', { practitioner: true, rooms: [] }, asAdmin)).status).toBe(200);
  expect((await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 10 }, asAdmin)).status).toBe(200);
});
afterAll(async () => {
  await events.close();
  await booking.close();
});

const book = async (date: string, time: string, practitionerId: string, firstName = 'Maria') => {
  const res = await call<BookedAppointment>(
    booking.url,
    'POST',
    '/api/appointments',
    bookingRequest({ preferredDate: date, preferredTime: time, treatments: ['peel'], practitionerId, firstName }),
  );
  expect(res.status).toBe(201);
  return res.body;
};
const reassign = (id: string, practitionerId: unknown) =>
  call<Appointment>(booking.url, 'PUT', `/api/appointments/${id}/practitioner`, { practitionerId }, asAdmin);
const freeTimes = async (date: string, practitionerId: string) => {
  const res = await call<SlotsResponse>(
    booking.url,
    'GET',
    `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=peel&practitionerId=${practitionerId}`,
  );
  expect(res.status).toBe(200);
  return res.body.slots.filter((s) => s.available).map((s) => s.time);
};

describe('staff reassign an appointment', () => {
  it('gives it to another practitioner at the same time: the old one is free, the new one taken', async () => {
    const date = monday(2);
    const made = await book(date, '10:00', 'ana');
    const res = await reassign(made.id, 'bea');
    expect([res.status, res.body.practitioner]).toEqual([200, { id: 'bea', name: 'Bea' }]);
    expect(await freeTimes(date, 'ana')).toContain('10:00');
    expect(await freeTimes(date, 'bea')).not.toContain('10:00');
    const stored = await booking.models.Appointment.findById(made.id).lean();
    expect([stored?.practitioner?.name, stored?.resources, stored?.preferredTime]).toEqual(['Bea', ['pbea'], '10:00']);
    // The customer hears of it as a move to the same time with the new name.
    await waitFor('the move announced', () => events.of(made.id).length >= 2, 15000);
    // Each event carries the alert address of the practitioner it is with then.
    expect(events.of(made.id)[0]).toMatchObject({ type: 'booking.appointment.created', data: { practitionerAlertEmail: 'ana@clinic.example' } });
    expect(events.of(made.id)[1]).toMatchObject({
      data: { practitionerAlertEmail: 'bea@clinic.example' },
    });
    expect(events.of(made.id)[1]).toMatchObject({
      type: 'booking.appointment.rescheduled',
      data: { practitioner: { id: 'bea', name: 'Bea' }, preferredTime: '10:00', previousTime: '10:00', by: 'staff' },
    });
    await expectLedgerMatches(booking.models);
  });

  it('refuses, changing nothing: someone unqualified, unknown, on leave, busy; a cancelled appointment', async () => {
    const date = monday(1);
    const made = await book(date, '11:00', 'ana');
    await book(date, '11:30', 'cat', 'Busy');
    expect(await reassign(made.id, 'doc')).toMatchObject({ status: 400, body: { message: REASSIGN_MESSAGES.unqualified('Dr Cruz') } });
    expect(await reassign(made.id, 'nobody')).toMatchObject({ status: 400, body: { message: REASSIGN_MESSAGES.unknown } });
    expect(await reassign(made.id, 'bea')).toMatchObject({ status: 400, body: { message: REASSIGN_MESSAGES.notWorking('Bea') } });
    expect(await reassign(made.id, 'cat')).toMatchObject({ status: 409, body: { message: REASSIGN_MESSAGES.busy('Cat') } });
    expect((await reassign(made.id, 'a b')).status).toBe(400);
    expect((await reassign(made.id, ['dee'])).status).toBe(400);
    expect((await call(booking.url, 'PUT', `/api/appointments/${made.id}/practitioner`, { practitionerId: 'dee' })).status).toBe(401);
    expect((await booking.models.Appointment.findById(made.id).lean())?.practitioner?.id).toBe('ana');
    expect((await call(booking.url, 'PATCH', `/api/appointments/${made.id}`, { status: 'cancelled' }, asAdmin)).status).toBe(200);
    expect(await reassign(made.id, 'dee')).toMatchObject({ status: 409, body: { message: REASSIGN_MESSAGES.closed } });
    expect((await reassign('0123456789abcdef01234567', 'dee')).status).toBe(404);
    await expectLedgerMatches(booking.models);
  });

  it('lets one of three reassignments racing onto one practitioner through', async () => {
    const date = monday(3);
    const made = await Promise.all(['ana', 'cat', 'dee'].map((p, i) => book(date, '13:00', p, `Race${i}`)));
    const answers = await Promise.all(made.map((m) => reassign(m.id, 'bea')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const stored = await booking.models.Appointment.find({ _id: { $in: made.map((m) => m.id) } }).lean();
    expect(stored.filter((a) => a.practitioner?.id === 'bea')).toHaveLength(1);
    await expectLedgerMatches(booking.models);
  });
});

describe('a customer moves an appointment with a practitioner', () => {
  const moveSlots = async (token: string, date: string, practitioner: string) => {
    const res = await call<SlotsResponse>(booking.url, 'GET', `/api/manage/${token}/available-slots?date=${date}&practitioner=${practitioner}`);
    expect(res.status).toBe(200);
    return res.body.slots.filter((s) => s.available).map((s) => s.time);
  };
  const move = (token: string, body: Record<string, unknown>) => call<ManagedAppointment>(booking.url, 'POST', `/api/manage/${token}/reschedule`, body);

  it('keeps the practitioner by default, or takes anyone free and gives the old one back', async () => {
    const date = monday(4);
    const made = await book(date, '09:00', 'ana');
    // Ana is taken at 14:00; everyone else is free.
    await book(date, '14:00', 'ana', 'Other');
    expect(await moveSlots(made.manageToken!, date, 'keep')).not.toContain('14:00');
    expect(await moveSlots(made.manageToken!, date, 'any')).toContain('14:00');
    expect(await move(made.manageToken!, { preferredDate: date, preferredTime: '14:00' })).toMatchObject({ status: 409 });
    const moved = await move(made.manageToken!, { preferredDate: date, preferredTime: '14:00', practitioner: 'any' });
    expect([moved.status, moved.body.practitioner?.name, moved.body.preferredTime]).toEqual([200, 'Bea', '14:00']);
    expect(await freeTimes(date, 'ana')).toContain('09:00');
    expect(await freeTimes(date, 'bea')).not.toContain('14:00');
    // Kept: the next move stays with Bea.
    const again = await move(made.manageToken!, { preferredDate: date, preferredTime: '15:00' });
    expect([again.status, again.body.practitioner?.name]).toEqual([200, 'Bea']);
    expect(await freeTimes(date, 'bea')).toContain('14:00');
    expect((await move(made.manageToken!, { preferredDate: date, preferredTime: '16:00', practitioner: 'someone' })).status).toBe(400);
    await expectLedgerMatches(booking.models);
  });
});
