import { randomBytes } from 'node:crypto';
import { appointmentReference, type AppointmentFacts, type Side } from '@bb/contracts';
import { appointmentsFeed, etagOf, type AppointmentCalendarEntry } from '@bb/service-kit';
import { calendarEntry } from './calendar-entry';

/** A feed address's secret: 24 random bytes, 32 base64url characters (192 bits). */
export const newFeedToken = () => randomBytes(24).toString('base64url');

/** The token of a feed file name (`<token>.ics`), which the route's schema has checked. */
export const tokenOfFeed = (feed: string) => feed.slice(0, -'.ics'.length);

/**
 * An appointment as staff see it in their calendar: who and what in the title, how to reach
 * them in the details. Same UID and SEQUENCE as the customer's own calendar files.
 */
export function staffEntry(facts: AppointmentFacts, notes: string): AppointmentCalendarEntry {
  // No attendee: the customer is no guest of staff's calendar, their details are in the text.
  const { attendee: _attendee, ...entry } = calendarEntry(facts);
  const details = [
    `Booking reference ${appointmentReference(facts.appointmentId)}`,
    `Phone: ${facts.contact}`,
    `E-mail: ${facts.email}`,
    ...(notes ? [`Notes: ${notes}`] : []),
  ];
  return { ...entry, summary: `${facts.firstName} ${facts.lastName}: ${facts.items.map((item) => item.name).join(', ')}`, description: details.join('\n') };
}

export interface Feed {
  body: string;
  etag: string;
}

/**
 * Appointments as one calendar of this name. The ETag leaves DTSTAMP out (the time the file
 * was made, new on every request): the same appointments give the same ETag, so a polling
 * calendar gets 304 until something changes.
 */
function namedFeed(name: string, entries: AppointmentCalendarEntry[]): Feed {
  const body = appointmentsFeed(entries, name);
  return { body, etag: etagOf(body.replace(/^DTSTAMP:.*\r\n/gm, '')) };
}

/** The offering's appointments as one calendar. */
export const offeringFeed = (offering: Side, entries: AppointmentCalendarEntry[]): Feed =>
  namedFeed(`${offering.charAt(0).toUpperCase()}${offering.slice(1)} appointments`, entries);

/** The appointments a practitioner takes as one calendar, named after them. */
export const practitionerFeed = (name: string, entries: AppointmentCalendarEntry[]): Feed => namedFeed(`${name}: appointments`, entries);
