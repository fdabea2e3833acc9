import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { TIME_ZONE, type AppointmentStatus } from '@bb/contracts';

/** One appointment as a calendar entry: the mails' attachment, the "Add to calendar" file and the staff feed. */
export interface AppointmentCalendarEntry {
  appointmentId: string;
  /** Bumped on every change, so a calendar replaces the entry it holds (RFC 5545 SEQUENCE). */
  sequence: number;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  location?: string;
  /** An absolute link shown with the entry (the manage page). */
  url?: string;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
  /** The appointment's state, which the entry's STATUS claims no more than (`icsStatusOf`). */
  status: AppointmentStatus;
}

/**
 * What a calendar is told of an appointment's state: a pending booking is a request the
 * business has yet to confirm (TENTATIVE), one that took place was definite (CONFIRMED), a
 * cancelled one will not happen (CANCELLED).
 */
export function icsStatusOf(status: AppointmentStatus): ICalEventStatus {
  switch (status) {
    case 'pending':
      return ICalEventStatus.TENTATIVE;
    case 'done':
      return ICalEventStatus.CONFIRMED;
    case 'cancelled':
      return ICalEventStatus.CANCELLED;
  }
}

/** Manila keeps UTC+8 all year (no daylight saving since 1978): one STANDARD block describes it fully. */
const MANILA_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'X-LIC-LOCATION:Asia/Manila',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:PST',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** The UID every calendar file of one appointment shares, so each replaces the one before. */
export const appointmentUid = (appointmentId: string) => `appointment-${appointmentId}@beauty-booking`;

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

function calendar(method: ICalCalendarMethod | null): ICalCalendar {
  const cal = ical({ prodId: { company: 'Beauty Booking', product: 'appointments', language: 'EN' }, name: 'Appointments' });
  if (method) cal.method(method);
  return cal;
}

function addEntry(cal: ICalCalendar, entry: AppointmentCalendarEntry): void {
  const event = cal.createEvent({
    id: appointmentUid(entry.appointmentId),
    sequence: entry.sequence,
    // TZDate: ical-generator writes its wall-clock time in the zone named by TZID.
    start: new TZDate(entry.start, TIME_ZONE),
    end: new TZDate(entry.end, TIME_ZONE),
    timezone: TIME_ZONE,
    stamp: new Date(),
    summary: entry.summary,
    description: entry.description,
    status: icsStatusOf(entry.status),
    ...(entry.location ? { location: entry.location } : {}),
    ...(entry.url ? { url: entry.url } : {}),
    ...(entry.organizer ? { organizer: entry.organizer } : {}),
  });
  if (entry.attendee) event.createAttendee({ ...entry.attendee, rsvp: false });
}

/**
 * The calendar's text with Manila's VTIMEZONE before the first event. (ical-generator's own
 * calendar time zone would also write DTSTAMP in local time, which RFC 5545 requires in UTC.)
 */
function render(cal: ICalCalendar): string {
  const text = cal.toString();
  const at = text.indexOf('BEGIN:VEVENT');
  const end = at === -1 ? text.lastIndexOf('END:VCALENDAR') : at;
  return `${text.slice(0, end)}${MANILA_VTIMEZONE}\r\n${text.slice(end)}`;
}

/**
 * A calendar file of one appointment. `request`: an invitation a mail client offers to add
 * (METHOD:REQUEST); `cancel`: removes it (METHOD:CANCEL); `publish`: a plain download.
 */
export function appointmentIcs(entry: AppointmentCalendarEntry, method: 'request' | 'cancel' | 'publish'): string {
  const methods = { request: ICalCalendarMethod.REQUEST, cancel: ICalCalendarMethod.CANCEL, publish: ICalCalendarMethod.PUBLISH } as const;
  const cal = calendar(methods[method]);
  // A withdrawal says CANCELLED whatever the entry held.
  addEntry(cal, method === 'cancel' ? { ...entry, status: 'cancelled' } : entry);
  return render(cal);
}

/** A feed of many appointments (a calendar subscription): no METHOD, one entry each. */
export function appointmentsFeed(entries: AppointmentCalendarEntry[], name: string): string {
  const cal = calendar(null);
  cal.name(name);
  for (const entry of entries) addEntry(cal, entry);
  return render(cal);
}
