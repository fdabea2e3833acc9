import type { BookedAppointment, Settings, SlotsResponse } from '@bb/contracts';
import { testMongoUrl } from '@bb/service-kit/testing';
import { addBookable, asAdmin, bookingRequest, call, startBooking, TEST_NOW, type BookingUnderTest } from './booking';

// The test clock is 09:00 on Wednesday 2 January 2030 in Manila: with the default policy the
// earliest bookable start is 11:00 that day and the last bookable date 2 April 2030.
export const TODAY = '2030-01-02';
export const LAST_DAY = '2030-04-02';
export const AFTER_LAST_DAY = '2030-04-03';

/**
 * A booking app for the policy tests of one file, on a database of its own named by `label`
 * (`mongoUrl`, for a second process on it), with a facial and a studio portrait to book. Its
 * business clock is TEST_NOW unless a test moves it with setClock, and is back at TEST_NOW after each test.
 */
export function startPolicyApp(label: string) {
  let booking: BookingUnderTest;
  let clock: Date | null = null;
  const mongoUrl = testMongoUrl(label);

  beforeAll(async () => {
    booking = await startBooking(label, { mongoUrl, now: () => clock ?? TEST_NOW });
    await addBookable(booking.models, { id: 'facial', name: 'Hydra Facial', defaultDuration: 60 });
    await addBookable(booking.models, { id: 'portrait', kind: 'package', name: 'Portrait Session', defaultDuration: 60, offeringType: 'studio' });
  });
  afterEach(() => {
    clock = null;
  });
  afterAll(async () => {
    await booking.conn.dropDatabase();
    await booking.close();
  });

  const book = (over: Record<string, unknown>) => call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over));
  const slots = (date: string, offering = 'clinic') =>
    call<SlotsResponse>(booking.url, 'GET', `/api/available-slots?offeringType=${offering}&date=${date}&treatmentId=facial`);
  return {
    get booking() {
      return booking;
    },
    mongoUrl,
    setClock: (at: Date | null) => {
      clock = at;
    },
    book,
    studio: (over: Record<string, unknown>) => book({ offeringType: 'studio', treatments: ['portrait'], ...over }),
    settle: (offering: string, body: Record<string, unknown>) => call<Settings>(booking.url, 'PUT', `/api/settings/${offering}`, body, asAdmin),
    slots,
    slotAt: async (date: string, time: string) => (await slots(date)).body.slots.find((s) => s.time === time),
    patch: (id: string, body: unknown) => call(booking.url, 'PATCH', `/api/appointments/${id}`, body, asAdmin),
    reschedule: (token: string, preferredDate: string, preferredTime: string) =>
      call(booking.url, 'POST', `/api/manage/${token}/reschedule`, { preferredDate, preferredTime }),
  };
}
