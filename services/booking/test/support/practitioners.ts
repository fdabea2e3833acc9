import { applyStaffChange } from '../../src/events/practitioners';
import { addBookable, asAdmin, call, type BookingUnderTest } from './booking';

/** Monday to Friday, 09:00 to 17:00: eight hours a day. */
export const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, isActive: true, startTime: '09:00', endTime: '17:00' }));

/**
 * Two clinic nurses, Ana and Bea, who both do a 60-minute peel that needs a practitioner and
 * take bookings Monday to Friday 9 to 5; `extra` sets more of each (leave, alert address).
 */
export async function twoNurses(booking: BookingUnderTest, extra: { ana?: Record<string, unknown>; bea?: Record<string, unknown> } = {}): Promise<void> {
  await addBookable(booking.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 60 });
  for (const [id, name] of [
    ['ana', 'Ana'],
    ['bea', 'Bea'],
  ] as const) {
    await applyStaffChange(booking.models.Practitioner, { id, name, imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 });
    const res = await call(booking.url, 'PUT', `/api/practitioners/${id}`, { skills: ['peel'], hours: WEEKDAYS_9_TO_5, bookable: true, ...extra[id] }, asAdmin);
    expect(res.status).toBe(200);
  }
  expect((await call(booking.url, 'PUT', '/api/requirements/peel', { practitioner: true, rooms: [] }, asAdmin)).status).toBe(200);
  expect((await call(booking.url, 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 5 }, asAdmin)).status).toBe(200);
}
