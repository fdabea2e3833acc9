import type { AppointmentReport, BookedAppointment } from '@bb/contracts';
import { asAdmin, bookingRequest, call, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';
import { twoNurses } from './support/practitioners';

// The report per practitioner, from what is booked in the database and the practitioners
// booking has configured: appointments, hours booked, hours working (leave taken out) and
// utilisation, per offering.

let booking: BookingUnderTest;
const week = { from: monday(5), to: '2030-02-17' };

beforeAll(async () => {
  booking = await startBooking('practitioner_report', { now: () => TEST_NOW });
  // Bea is on leave the Wednesday of the week.
  await twoNurses(booking, { bea: { leave: [{ from: '2030-02-13', to: '2030-02-13', note: 'Leave' }] } });
});
afterAll(() => booking.close());

const book = async (over: Record<string, unknown>) => {
  const res = await call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ treatments: ['peel'], ...over }));
  expect(res.status).toBe(201);
  return res.body;
};
const report = async (query: string) => {
  const res = await call<AppointmentReport>(booking.url, 'GET', `/api/reports/appointments?from=${week.from}&to=${week.to}${query}`, undefined, asAdmin);
  expect(res.status).toBe(200);
  return res.body;
};

describe('report per practitioner', () => {
  it('counts appointments, hours booked and working (leave left out) and utilisation of each practitioner', async () => {
    await book({ preferredDate: week.from, preferredTime: '09:00', practitionerId: 'ana' });
    await book({ preferredDate: week.from, preferredTime: '11:00', practitionerId: 'ana', firstName: 'Two' });
    const cancelled = await book({ preferredDate: week.from, preferredTime: '13:00', practitionerId: 'ana', firstName: 'Three' });
    expect((await call(booking.url, 'PATCH', `/api/appointments/${cancelled.id}`, { status: 'cancelled' }, asAdmin)).status).toBe(200);
    await book({ preferredDate: '2030-02-12', preferredTime: '10:00', practitionerId: 'bea', firstName: 'Four' });
    // Outside the range: not counted.
    await book({ preferredDate: monday(6), preferredTime: '10:00', practitionerId: 'bea', firstName: 'Five' });

    const clinic = await report('&offering=clinic');
    expect(clinic.byPractitioner).toEqual([
      { id: 'ana', name: 'Ana', appointments: 2, hoursBooked: 2, hoursWorking: 40, utilisation: 5 },
      { id: 'bea', name: 'Bea', appointments: 1, hoursBooked: 1, hoursWorking: 32, utilisation: 3.1 },
    ]);
    // Both sides: the same people, listed once.
    expect((await report('')).byPractitioner).toEqual(clinic.byPractitioner);
    expect((await report('&offering=both')).byPractitioner).toEqual(clinic.byPractitioner);
  });

  it('says how many customers came to the past appointments, and the no-show rate of those marked', async () => {
    // Booked ahead, then moved before the test's clock and marked, as staff would once they took place.
    const day = '2030-01-01';
    const made = await Promise.all(
      ['Came', 'Away', 'Unsaid', 'Called off'].map((firstName, i) => book({ preferredDate: monday(7), preferredTime: `${9 + i}:00`, firstName })),
    );
    const marks = [{ attendance: 'attended' }, { attendance: 'no_show' }, {}, { status: 'cancelled', attendance: 'no_show' }];
    for (const [i, appointment] of made.entries()) {
      const start = new Date(`${day}T${String(9 + i).padStart(2, '0')}:00:00+08:00`);
      await booking.models.Appointment.updateOne(
        { _id: appointment.id },
        { $set: { preferredDate: day, startTime: start, endTime: new Date(start.getTime() + 30 * 60_000), ...marks[i] } },
      );
    }
    const res = await call<AppointmentReport>(booking.url, 'GET', `/api/reports/appointments?from=${day}&to=${day}&offering=clinic`, undefined, asAdmin);
    expect(res.body.attendance).toEqual({ attended: 1, noShow: 1, unmarked: 1, noShowRate: 50 });
    expect(res.body.total).toBe(4);
    // The range ahead has nothing that could be marked yet.
    expect((await report('&offering=clinic')).attendance).toEqual({ attended: 0, noShow: 0, unmarked: 0, noShowRate: null });
  });

  it('lists nobody for an offering without practitioners', async () => {
    expect((await report('&offering=studio')).byPractitioner).toEqual([]);
  });
});
