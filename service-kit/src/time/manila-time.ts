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
export const manilaInstant = (date: string, minutes: number) => new Date(midnightOf(date) + minutes * MINUTE_MS);

/** The Manila calendar date (yyyy-MM-dd) of an instant. */
export function manilaDate(instant: Date): string {
  // A Manila date changes on a whole UTC hour (UTC+8), so an hour's answer holds for all of it.
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  return remembered(datesByHour, hour, () => formatInTimeZone(new Date(hour * HOUR_MS), TIME_ZONE, 'yyyy-MM-dd'));
}

// date-fns-tz asks Intl for every answer (15–20 µs each), and a month of slots asks 60 times or
// more: the answers are kept, as they never change.
const HOUR_MS = 60 * MINUTE_MS;
const REMEMBERED = 10_000;
const midnights = new Map<string, number>();
const datesByHour = new Map<number, string>();

function remembered<K, V>(answers: Map<K, V>, key: K, work: () => V): V {
  let answer = answers.get(key);
  if (answer === undefined) {
    if (answers.size >= REMEMBERED) answers.clear();
    answer = work();
    answers.set(key, answer);
  }
  return answer;
}

const midnightOf = (date: string) => remembered(midnights, date, () => fromZonedTime(`${date}T00:00:00`, TIME_ZONE).getTime());

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
