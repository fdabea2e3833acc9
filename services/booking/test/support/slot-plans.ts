// A day of slots planned as the pure slot tests plan it: Monday 7 January 2030, 9 to 5, one seat.
import { manilaInstant } from '@bb/service-kit';
import { planDay, slotsResponse, type CapacityHold, type DayRequest, type OfficeDay } from '../../src/domain/slots';

export const MONDAY = '2030-01-07';
export const SUNDAY = '2030-01-06';
export const NINE_TO_FIVE: OfficeDay = { isActive: true, startTime: '09:00', endTime: '17:00' };
export const LONG_AGO = new Date('2020-01-01T00:00:00Z');

export const at = (time: string, date = MONDAY) => {
  const [h, m] = time.split(':').map(Number);
  return manilaInstant(date, h * 60 + m);
};
export const booked = (time: string, minutes: number, status: CapacityHold['status'] = 'pending'): CapacityHold => ({
  startTime: at(time),
  endTime: new Date(at(time).getTime() + minutes * 60000),
  status,
});
export const plan = (over: Partial<DayRequest> = {}) =>
  planDay({ date: MONDAY, hours: NINE_TO_FIVE, durationMinutes: 60, capacity: 1, holds: [], now: LONG_AGO, ...over });
export const response = (over: Partial<DayRequest> = {}) => slotsResponse(plan(over), 'clinic');
export const availableTimes = (over: Partial<DayRequest> = {}) =>
  response(over)
    .slots.filter((s) => s.available)
    .map((s) => s.time);
export const unavailableTimes = (over: Partial<DayRequest> = {}) =>
  response(over)
    .slots.filter((s) => !s.available)
    .map((s) => s.time);
