import { appointmentReference, type AppointmentRequest, type BookedAppointment, type Side } from '@bb/contracts';
import { formatCentavos, manilaMomentText, to12Hour } from '../../../shared/format';
import { manageLinks, type ManageLinks } from '../../manage/domain/manage';
import { SIDE_NAME } from '../../site';
import { longDate } from './schedule';

/** What a visitor booked, in words, for the success panel. */
export interface BookedSummary {
  items: string[];
  when: string;
  offering: string;
  reference: string;
  /** Who takes it, by the booking's answer; null when its items need nobody. */
  practitioner: string | null;
  /** Where the confirmation went. */
  email: string;
  /** Null when the server answered a repeated request (no token then): the mailed link is the way in. */
  links: ManageLinks | null;
  /** The deposit it waits for (booked, not yet confirmed): how much, and until when its time is held; null when none is due. */
  deposit: { amount: string; until: string } | null;
}

/** "Tuesday, December 8, 2026 at 10:00 AM" for a booked date (yyyy-MM-dd) and time (HH:mm). */
export const bookedWhen = (date: string, time: string): string => `${longDate(date, 'EEEE, MMMM d, yyyy')} at ${to12Hour(time)}`;

/** The booked items by name (in the order chosen), when, where, and the reference, practitioner and links of the server's answer. */
export function bookedSummary(
  request: Pick<AppointmentRequest, 'treatments' | 'preferredDate' | 'preferredTime'> & { offeringType: Side },
  answer: Pick<BookedAppointment, 'id' | 'email' | 'manageToken' | 'practitioner'> & Partial<Pick<BookedAppointment, 'payment'>>,
  names: ReadonlyMap<string, string>,
): BookedSummary {
  const payment = answer.payment;
  return {
    items: (request.treatments ?? []).map((id) => names.get(id) ?? 'Unknown Service'),
    when: bookedWhen(request.preferredDate, request.preferredTime),
    offering: SIDE_NAME[request.offeringType],
    reference: appointmentReference(answer.id),
    practitioner: answer.practitioner?.name ?? null,
    email: answer.email,
    links: answer.manageToken ? manageLinks(answer.manageToken) : null,
    deposit: payment?.state === 'awaiting' ? { amount: formatCentavos(payment.amount), until: manilaMomentText(payment.holdExpiresAt) } : null,
  };
}
