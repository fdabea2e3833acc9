import { formatInTimeZone } from 'date-fns-tz';
import { TIME_ZONE } from '@bb/contracts';

/**
 * When a message was sent, in Manila time like every time on the site: the time alone today,
 * with the date before that, and the year when it is not this year's. (Apart from the chat's
 * other rules: the time zone library it needs comes with the opened panel, not the chat button.)
 */
export function messageTime(iso: string, now: Date): string {
  const at = new Date(iso);
  const day = (d: Date) => formatInTimeZone(d, TIME_ZONE, 'yyyy-MM-dd');
  if (day(at) === day(now)) return formatInTimeZone(at, TIME_ZONE, 'h:mm a');
  const sameYear = day(at).slice(0, 4) === day(now).slice(0, 4);
  return formatInTimeZone(at, TIME_ZONE, sameYear ? 'MMM d, h:mm a' : 'MMM d, yyyy, h:mm a');
}
