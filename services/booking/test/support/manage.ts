import type { BookedAppointment, ManagedAppointment } from '@bb/contracts';
import { addFacialAndPeel, asAdmin, bookingRequest, call, ledgerHolders, startBooking, TEST_NOW, type BookingUnderTest } from './booking';

/** The token with its character at `index` replaced by another one. */
export const flipped = (token: string, index: number) => `${token.slice(0, index)}${token[index] === 'A' ? 'B' : 'A'}${token.slice(index + 1)}`;
/** A token of the right shape that no appointment has. */
export const UNKNOWN_TOKEN = 'A'.repeat(32);

/**
 * A booking app for the manage-link tests of one file (its own database, named by `label`), with
 * a facial and a peel to book and the calls a customer makes through the link. Its business
 * clock is TEST_NOW unless a test moves it with setClock, and is back at TEST_NOW after each test.
 */
export function startManageApp(label: string) {
  let clock: Date | null = null;
  let booking: BookingUnderTest;
  beforeAll(async () => {
    booking = await startBooking(label, { now: () => clock ?? TEST_NOW });
    await addFacialAndPeel(booking.models);
  });
  afterEach(() => {
    clock = null;
  });
  afterAll(() => booking.close());

  return {
    get booking() {
      return booking;
    },
    setClock: (at: Date | null) => {
      clock = at;
    },
    async book(over: Record<string, unknown>) {
      const res = await call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over));
      expect(res.status).toBe(201);
      return { ...res.body, token: res.body.manageToken as string };
    },
    view: (token: string) => call<ManagedAppointment>(booking.url, 'GET', `/api/manage/${token}`),
    cancel: (token: string) => call<ManagedAppointment>(booking.url, 'POST', `/api/manage/${token}/cancel`),
    reschedule: (token: string, preferredDate: string, preferredTime: string) =>
      call<ManagedAppointment>(booking.url, 'POST', `/api/manage/${token}/reschedule`, { preferredDate, preferredTime }),
    setCutoff: (changeCutoffHours: number) => call(booking.url, 'PUT', '/api/settings/clinic', { changeCutoffHours }, asAdmin),
    setMoveLimit: (maxReschedulesPerBooking: number) => call(booking.url, 'PUT', '/api/settings/clinic', { maxReschedulesPerBooking }, asAdmin),
    calendarFile: (token: string) => call(booking.url, 'GET', `/api/manage/${token}/calendar.ics`),
    stored: (id: string) => booking.models.Appointment.findById(id).lean(),
    /** The blocks the appointment holds in the ledger, sorted. */
    blocksOf: async (id: string) => (await ledgerHolders(booking.models)).held.get(`a${id}`) ?? [],
  };
}
