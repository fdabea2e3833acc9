import { appointmentReference, PENDING_PROMISE, type AppointmentFacts } from '@bb/contracts';
import type { AppointmentCalendarEntry } from '@bb/service-kit';

/**
 * An appointment as a calendar entry; its SEQUENCE is the revision, so each change replaces the
 * one before, and its STATUS follows the appointment's (TENTATIVE while pending, with the page's
 * promise to confirm it in the details).
 */
export function calendarEntry(facts: AppointmentFacts): AppointmentCalendarEntry {
  return {
    appointmentId: facts.appointmentId,
    sequence: facts.revision,
    summary: `${facts.items.map((item) => item.name).join(', ')} at the ${facts.offeringType}`,
    description: [`Booking reference ${appointmentReference(facts.appointmentId)}`, ...(facts.status === 'pending' ? [PENDING_PROMISE] : [])].join('\n'),
    start: new Date(facts.startTime),
    end: new Date(facts.endTime),
    attendee: { name: `${facts.firstName} ${facts.lastName}`, email: facts.email },
    status: facts.status,
  };
}
