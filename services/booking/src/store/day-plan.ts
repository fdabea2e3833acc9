import type { Types } from 'mongoose';
import type { Side } from '@bb/contracts';
import { BLOCK_MS } from '@bb/service-kit';
import type { DayRequest } from '../domain/slots';
import type { BookingModels } from '../models';
import { daySheetId, holderOf, seatOfHold, type DaySheetDoc } from '../models/day-sheet';
import { parseSeatId } from '../models/seat';
import type { ScheduleCopy } from './schedule-copy';

/** What the slot function needs to know of one day of one offering, besides the duration and now. */
export type DayInputs = Pick<DayRequest, 'date' | 'hours' | 'override' | 'capacity' | 'holds' | 'policy'> & {
  /** The seats the day sheet lists: where a claim starts looking for a free one. */
  heldSeats: ReadonlySet<string>;
};

type Sheets = Pick<BookingModels, 'DaySheet'>;

/**
 * One day from its day sheet (null when nothing was ever booked on it); hours (the date
 * override's or the weekday's), capacity and policy come from the schedule copy. What holds
 * capacity is the seats of the day: one per 30-minute block of every non-cancelled
 * appointment and of its buffer, the records the booking write claims. An appointment being
 * moved (`movingAppointment`) does not count against itself: the seats it holds in the
 * blocks of its new time stay its own.
 */
export function dayFromSheet(
  schedule: ScheduleCopy,
  offering: Side,
  date: string,
  sheet: Pick<DaySheetDoc, 'holds'> | null,
  movingAppointment?: Types.ObjectId,
): DayInputs {
  const others = movingAppointment === undefined ? (sheet?.holds ?? []) : (sheet?.holds ?? []).filter((entry) => holderOf(entry) !== String(movingAppointment));
  const seats = others.map(seatOfHold);
  const holds = seats.map((seat) => {
    const { blockStart } = parseSeatId(seat);
    return { startTime: blockStart, endTime: new Date(blockStart.getTime() + BLOCK_MS) };
  });
  const { hours, override } = schedule.hoursOn(offering, date);
  return { date, hours, override, capacity: schedule.capacity(offering), policy: schedule.policy(offering), holds, heldSeats: new Set(seats) };
}

/** One day, in one read by `_id`: the day sheet. */
export async function readDay(models: Sheets, schedule: ScheduleCopy, offering: Side, date: string, movingAppointment?: Types.ObjectId): Promise<DayInputs> {
  const sheet = await models.DaySheet.findById(daySheetId(offering, date)).lean();
  return dayFromSheet(schedule, offering, date, sheet, movingAppointment);
}

/** Several days (a range of the slots), in one read of all their day sheets; one day by `_id`. */
export async function readDays(
  models: Sheets,
  schedule: ScheduleCopy,
  offering: Side,
  dates: string[],
  movingAppointment?: Types.ObjectId,
): Promise<DayInputs[]> {
  if (dates.length === 1) return [await readDay(models, schedule, offering, dates[0], movingAppointment)];
  const sheets = await models.DaySheet.find({ _id: { $in: dates.map((date) => daySheetId(offering, date)) } }).lean();
  const byId = new Map(sheets.map((sheet) => [sheet._id, sheet]));
  return dates.map((date) => dayFromSheet(schedule, offering, date, byId.get(daySheetId(offering, date)) ?? null, movingAppointment));
}
