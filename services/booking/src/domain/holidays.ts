import Holidays from 'date-holidays';
import type { Holiday } from '@bb/contracts';

/**
 * The national public holidays of the Philippines in a year, as the date-holidays library
 * lists them (type public; observances and optional days left out), by date and one per
 * date. The library's date is a local date with a time and sometimes an offset
 * ("2027-03-09 00:00:00 -0600" for a moving feast): its first ten characters are the date.
 */
export function publicHolidays(year: number): Holiday[] {
  const byDate = new Map<string, Holiday>();
  for (const holiday of new Holidays('PH').getHolidays(year)) {
    const date = holiday.date.slice(0, 10);
    if (holiday.type === 'public' && !byDate.has(date)) byDate.set(date, { date, name: holiday.name });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The closures demo mode starts with: the public holidays of this year and the next (Manila),
 * from today on (a closure of a date gone by changes nothing), for every offering, each closed
 * all day with the holiday's name as its note, as the console's import saves them.
 */
export function demoHolidayClosures(today: string): Holiday[] {
  const year = Number(today.slice(0, 4));
  return [...publicHolidays(year), ...publicHolidays(year + 1)].filter((holiday) => holiday.date >= today);
}
