import { format, parseISO } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { TIME_ZONE } from '@bb/contracts';
import { to12Hour } from '../../shared/format';
import { parseClock } from './clock';

/** "2026-01-05" → "Jan 5, 2026" (a calendar date: no time zone involved). */
export const formatCalendarDate = (date: string) => format(parseISO(date), 'MMM d, yyyy');

/** An instant shown as Manila date and time: "Jan 5, 2026, 3:04 PM". */
export const formatInstant = (iso: string) => formatInTimeZone(new Date(iso), TIME_ZONE, 'MMM d, yyyy, h:mm a');

/** An instant shown as its Manila date: "Jan 5, 2026". */
export const formatInstantDate = (iso: string) => formatInTimeZone(new Date(iso), TIME_ZONE, 'MMM d, yyyy');

/** The Manila calendar date (yyyy-MM-dd) of an instant, for date inputs. */
export const instantToDateInput = (iso: string) => formatInTimeZone(new Date(iso), TIME_ZONE, 'yyyy-MM-dd');

/** A booked time in 12-hour form whichever way it was stored; unreadable text is shown as is. */
export function formatBookedTime(time: string): string {
  const minutes = parseClock(time);
  if (minutes === null) return time;
  return to12Hour(`${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`);
}
