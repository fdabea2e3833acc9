import type { Side } from '@bb/contracts';
import { BLOCK_MS, weekdayOf } from '@bb/service-kit';
import { defaultOfficeDay } from '../domain/office-hours';
import type { DayRequest, OfficeDay } from '../domain/slots';
import type { BookingModels } from '../models';
import { daySheetId, seatOfHold } from '../models/day-sheet';
import { officeHoursId } from '../models/office-hours';
import { parseSeatId } from '../models/seat';
import { DEFAULT_MAX_SESSIONS_PER_SLOT } from '../models/settings';

export async function capacityOf(models: BookingModels, offering: Side): Promise<number> {
  const settings = await models.Settings.findById(offering).lean();
  return settings?.maxSessionsPerSlot ?? DEFAULT_MAX_SESSIONS_PER_SLOT;
}

async function officeDayOf(models: BookingModels, offering: Side, dayOfWeek: number): Promise<OfficeDay> {
  return (await models.OfficeHours.findById(officeHoursId(offering, dayOfWeek)).lean()) ?? defaultOfficeDay(offering, dayOfWeek);
}

/** What the slot function needs to know of one day of one offering, besides the duration. */
export type DayInputs = Pick<DayRequest, 'date' | 'hours' | 'capacity' | 'holds'>;

/**
 * Reads it in three reads by `_id`. What holds capacity is the seats of the day: one per
 * 30-minute block of every non-cancelled appointment, the records the booking write claims.
 */
export async function readDay(models: BookingModels, offering: Side, date: string): Promise<DayInputs> {
  const [hours, capacity, sheet] = await Promise.all([
    officeDayOf(models, offering, weekdayOf(date)),
    capacityOf(models, offering),
    models.DaySheet.findById(daySheetId(offering, date)).lean(),
  ]);
  const holds = (sheet?.holds ?? []).map((entry) => {
    const { blockStart } = parseSeatId(seatOfHold(entry));
    return { startTime: blockStart, endTime: new Date(blockStart.getTime() + BLOCK_MS) };
  });
  return { date, hours, capacity, holds };
}
