import { Types } from 'mongoose';
import type { Appointment, SlotsResponse } from '@bb/contracts';
import { manilaInstant } from '@bb/service-kit';
import { repairDaySheets, sweepOrphanSeats } from '../src/store/seat-sweeper';
import { daySheetId, holdEntry } from '../src/models/day-sheet';
import { seatId } from '../src/models/seat';
import { addBookable, bookingRequest, call, monday, startBooking, type BookingUnderTest } from './support/booking';

let booking: BookingUnderTest;
beforeAll(async () => {
  booking = await startBooking('sweeper');
  await addBookable(booking.models, { id: 'facial', defaultDuration: 60 });
});
afterAll(() => booking.close());

const later = (minutes: number) => new Date(Date.now() + minutes * 60000);
const orphan = (date: string, minute: number, claimedAt: Date) => {
  const blockStart = manilaInstant(date, minute);
  return booking.models.Seat.create({
    _id: seatId('clinic', blockStart, 0),
    offeringType: 'clinic',
    blockStart,
    seat: 0,
    appointmentId: new Types.ObjectId(),
    claimedAt,
  });
};
const book = async (date: string, preferredTime: string) =>
  (await call<Appointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: date, preferredTime }))).body;

describe('seat sweep', () => {
  it('frees seats of bookings that never got stored, once they are older than the grace period', async () => {
    const day = monday(0);
    await orphan(day, 9 * 60, new Date(Date.now() - 60 * 60000));
    await orphan(day, 10 * 60, new Date());
    expect(await sweepOrphanSeats(booking.models, new Date())).toBe(1);
    expect(await booking.models.Seat.exists({ _id: seatId('clinic', manilaInstant(day, 9 * 60), 0) })).toBeNull();
    // The fresh one may belong to a booking still in progress.
    expect(await booking.models.Seat.exists({ _id: seatId('clinic', manilaInstant(day, 10 * 60), 0) })).not.toBeNull();
    expect(await sweepOrphanSeats(booking.models, later(10))).toBe(1);
  });

  it('keeps the seats of appointments and frees those a cancelled appointment no longer holds', async () => {
    const day = monday(1);
    const kept = await book(day, '09:00');
    const cancelled = await book(day, '11:00');
    // As if the process stopped between cancelling and giving the seats back.
    await booking.models.Appointment.updateOne({ _id: cancelled.id }, { $set: { status: 'cancelled', seats: [] } });
    expect(await sweepOrphanSeats(booking.models, later(10))).toBe(2);
    expect(await booking.models.Seat.countDocuments({ appointmentId: kept.id })).toBe(2);
    expect(await booking.models.Seat.countDocuments({ appointmentId: cancelled.id })).toBe(0);
    expect((await call(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: day, preferredTime: '11:00' }))).status).toBe(201);
  });

  it('leaves seats of blocks already past alone', async () => {
    const yesterday = new Date(Date.now() - 86400000).toISOString().slice(0, 10);
    await orphan(yesterday, 9 * 60, new Date(Date.now() - 60 * 60000));
    expect(await sweepOrphanSeats(booking.models, new Date())).toBe(0);
  });
});

describe('day sheet repair', () => {
  const sheet = (date: string) => booking.models.DaySheet.findById(daySheetId('clinic', date)).lean();
  const slotAt = async (date: string, time: string) =>
    (await call<SlotsResponse>(booking.url, 'GET', `/api/available-slots?offeringType=clinic&date=${date}`)).body.slots.find((s) => s.time === time)?.available;

  it('lists a seat the sheet missed and drops one that no longer exists', async () => {
    const day = monday(3);
    const kept = await book(day, '09:00');
    const keptHolds = (await sheet(day))?.holds ?? [];
    expect(keptHolds).toHaveLength(2);
    // As if a process stopped after inserting seats but before listing them, and after deleting one but before unlisting it.
    const ghost = holdEntry(seatId('clinic', manilaInstant(day, 14 * 60), 0), new Types.ObjectId());
    await booking.models.DaySheet.updateOne({ _id: daySheetId('clinic', day) }, { $set: { holds: [keptHolds[0], ghost] } });
    expect(await slotAt(day, '14:00')).toBe(false);
    expect(await repairDaySheets(booking.models, new Date())).toBe(1);
    expect([...((await sheet(day))?.holds ?? [])].sort()).toEqual([...keptHolds].sort());
    expect(await slotAt(day, '14:00')).toBe(true);
    expect(await slotAt(day, '09:00')).toBe(false);
    expect(await booking.models.Seat.countDocuments({ appointmentId: kept.id })).toBe(2);
  });

  it('creates the sheet of a day whose seats were never listed', async () => {
    const day = monday(4);
    await book(day, '10:00');
    await booking.models.DaySheet.deleteOne({ _id: daySheetId('clinic', day) });
    expect(await slotAt(day, '10:00')).toBe(true);
    expect(await repairDaySheets(booking.models, new Date())).toBe(1);
    expect(await slotAt(day, '10:00')).toBe(false);
    expect(await repairDaySheets(booking.models, new Date())).toBe(0);
  });
});
