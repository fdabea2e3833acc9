// A calendar file (a feed, a mailed invitation) read back as a calendar client reads it: with
// ical.js, not with the library that wrote it.
import ICAL from 'ical.js';

export function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  const method = calendar.getFirstPropertyValue('method');
  const events = calendar.getAllSubcomponents('vevent').map((event) => {
    const dtstart = event.getFirstProperty('dtstart');
    const start = dtstart?.getFirstValue() as ICAL.Time;
    const end = event.getFirstPropertyValue('dtend') as ICAL.Time | null;
    return {
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      summary: String(event.getFirstPropertyValue('summary')),
      description: String(event.getFirstPropertyValue('description')),
      status: String(event.getFirstPropertyValue('status')),
      tzid: String(dtstart?.getParameter('tzid')),
      /** DTSTART's wall-clock time as written, "2026-12-01T10:00:00". */
      wallTime: start.toString(),
      start: start.toJSDate().toISOString(),
      end: end ? end.toJSDate().toISOString() : null,
    };
  });
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    method: method === null ? null : String(method),
    tzid: zone ? String(zone.getFirstPropertyValue('tzid')) : null,
    events,
  };
}
