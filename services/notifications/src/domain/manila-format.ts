import { TIME_ZONE } from '@bb/contracts';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function pieces(instant: Date): Record<'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'dayPeriod', string> {
  const found = Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    weekday: found.weekday,
    day: found.day,
    month: found.month,
    year: found.year,
    hour: found.hour,
    minute: found.minute,
    dayPeriod: found.dayPeriod.toUpperCase(),
  };
}

/** Manila wall time in the words of a letter: "Tuesday, 1 December 2026, 10:00 AM". */
export function manilaDateTime(instant: Date): string {
  const p = pieces(instant);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** Manila clock time alone: "11:30 AM". */
export function manilaClock(instant: Date): string {
  const p = pieces(instant);
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** The instant of a Manila date and clock time as the events carry them (yyyy-MM-dd, HH:mm); Manila is UTC+8 all year. */
export const manilaWallInstant = (date: string, time: string): Date => new Date(`${date}T${time}:00+08:00`);
