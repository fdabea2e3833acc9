import { BOOK_ITEM_PARAM } from '../../domain/navigation';

/** What a link can fill in on the booking form: the items, and a date and time (the waitlist mail's link). */
export interface BookingPrefill {
  treatments: string[];
  preferredDate: string;
  preferredTime: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Reads `?item=<id>&item=<id>&date=yyyy-MM-dd&time=HH:mm` (see bookingLinkPath in the
 * contracts): only items the form offers are kept, and a date or time only in its own format
 * and only with items to book (a time means nothing without them). Null when there is nothing to fill in.
 */
export function bookingPrefill(params: URLSearchParams, offered: readonly string[]): BookingPrefill | null {
  const known = new Set(offered);
  const treatments = [...new Set(params.getAll(BOOK_ITEM_PARAM))].filter((id) => known.has(id));
  if (treatments.length === 0) return null;
  const date = params.get('date') ?? '';
  const time = params.get('time') ?? '';
  const preferredDate = DATE.test(date) ? date : '';
  return { treatments, preferredDate, preferredTime: preferredDate && TIME.test(time) ? time : '' };
}
