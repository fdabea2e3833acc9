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

  it('lists nobody for an offering without practitioners', async () => {
    expect((await report('&offering=studio')).byPractitioner).toEqual([]);
  });
});
