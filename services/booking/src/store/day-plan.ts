import type { Side } from '@bb/contracts';
import { BLOCK_MS, weekdayOf } from '@bb/service-kit';
import type { DayRequest } from '../domain/slots';
import type { BookingModels } from '../models';
import { daySheetId, seatOfHold } from '../models/day-sheet';
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
 * non-cancelled appointment, the records the booking write claims.
 */
export async function readDay(models: Pick<BookingModels, 'DaySheet'>, schedule: ScheduleCopy, offering: Side, date: string): Promise<DayInputs> {
  const sheet = await models.DaySheet.findById(daySheetId(offering, date)).lean();
  const seats = (sheet?.holds ?? []).map(seatOfHold);
  const holds = seats.map((seat) => {
    const { blockStart } = parseSeatId(seat);
    return { startTime: blockStart, endTime: new Date(blockStart.getTime() + BLOCK_MS) };
  });
  return { date, hours: schedule.officeDay(offering, weekdayOf(date)), capacity: schedule.capacity(offering), holds, heldSeats: new Set(seats) };
}
