import { SLOT_MINUTES, TIME_ZONE } from '@bb/contracts';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
export const BLOCK_MS = SLOT_MINUTES * MINUTE_MS;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Minutes after midnight of "HH:mm" or "HH:mm:ss" (seconds ignored); null when it is not a clock time. */
export function minutesOfDay(clock: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(clock.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The instant of a Manila wall-clock time. Manila has no daylight saving, so every day is
 * 24 hours long and minutes after midnight add linearly.
 */
export const manilaInstant = (date: string, minutes: number) => new Date(fromZonedTime(`${date}T00:00:00`, TIME_ZONE).getTime() + minutes * MINUTE_MS);

/** The Manila calendar date (yyyy-MM-dd) of an instant. */
export const manilaDate = (instant: Date) => formatInTimeZone(instant, TIME_ZONE, 'yyyy-MM-dd');

/** The Manila calendar date `days` days after an instant (now by default). */
export const manilaDateInDays = (days: number, from = new Date()) => manilaDate(new Date(from.getTime() + days * DAY_MS));

/** 0 = Sunday … 6 = Saturday of a calendar date (a date has the same weekday everywhere). */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Starts of the 30-minute blocks an interval overlaps. Blocks sit on the half-hour grid of
 * the epoch, which is Manila's :00/:30 grid too because UTC+8 is a whole number of hours;
 * a fixed grid means capacity stays consistent even when office hours change.
 */
export function blocksCovering(start: Date, end: Date): Date[] {
  const blocks: Date[] = [];
  for (let t = Math.floor(start.getTime() / BLOCK_MS) * BLOCK_MS; t < end.getTime(); t += BLOCK_MS) blocks.push(new Date(t));
  return blocks;
}
