import type { Types } from 'mongoose';
import type { Side } from '@bb/contracts';
import { BLOCK_MS, weekdayOf } from '@bb/service-kit';
import type { DayRequest } from '../domain/slots';
import type { BookingModels } from '../models';
import { daySheetId, holderOf, seatOfHold } from '../models/day-sheet';
import { parseSeatId } from '../models/seat';
import type { ScheduleCopy } from './schedule-copy';

/** What the slot function needs to know of one day of one offering, besides the duration. */
export type DayInputs = Pick<DayRequest, 'date' | 'hours' | 'capacity' | 'holds'> & {
  /** The seats the day sheet lists: where a claim starts looking for a free one. */
  heldSeats: ReadonlySet<string>;
};

/**
 * Reads it in one read by `_id`, the day sheet; hours and capacity come from the schedule
 * copy. What holds capacity is the seats of the day: one per 30-minute block of every
 * non-cancelled appointment, the records the booking write claims. An appointment being
 * moved (`movingAppointment`) does not count against itself: the seats it holds in the
 * blocks of its new time stay its own.
 */
export async function readDay(models: Pick<BookingModels, 'DaySheet'>, schedule: ScheduleCopy, offering: Side, date: string, movingAppointment?: Types.ObjectId): Promise<DayInputs> {
  const sheet = await models.DaySheet.findById(daySheetId(offering, date)).lean();
  const others = movingAppointment === undefined ? (sheet?.holds ?? []) : (sheet?.holds ?? []).filter((entry) => holderOf(entry) !== String(movingAppointment));
  const seats = others.map(seatOfHold);
  const holds = seats.map((seat) => {
    const { blockStart } = parseSeatId(seat);
    return { startTime: blockStart, endTime: new Date(blockStart.getTime() + BLOCK_MS) };
  });
  return { date, hours: schedule.officeDay(offering, weekdayOf(date)), capacity: schedule.capacity(offering), holds, heldSeats: new Set(seats) };
}
