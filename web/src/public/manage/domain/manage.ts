import { formatInTimeZone } from 'date-fns-tz';
import {
  DEPOSIT_MESSAGES,
  MANAGE_MESSAGES,
  manageRoutes,
  SERVICE_LABEL,
  TIME_ZONE,
  type AppointmentStatus,
  type ManagedAppointment,
  type Side,
} from '@bb/contracts';
import { errorStatus, serverMessage } from '../../../shared/api/request';
import { routeUrl } from '../../../shared/api/routes';

/** The addresses a manage token opens: the page, the appointment as a calendar file, and the page that pays its deposit. */
export interface ManageLinks {
  page: string;
  calendar: string;
  pay: string;
}

export const manageLinks = (token: string): ManageLinks => ({
  page: `/manage/${encodeURIComponent(token)}`,
  calendar: routeUrl(manageRoutes.calendar, { token }),
  pay: `/pay/${encodeURIComponent(token)}`,
});

/** A status in the customer's words: "pending" is staff language for a booking that stands. */
export const CUSTOMER_STATUS: Record<AppointmentStatus, string> = { pending: 'Booked', done: 'Completed', cancelled: 'Cancelled' };

/** What the booked items are called on a side: "Treatment", "Packages"… */
export function itemsLabel(side: Side, count: number): string {
  const word = SERVICE_LABEL[side];
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}${count === 1 ? '' : 's'}`;
}

/** Why a manage page shows no booking, and whether trying again can help. */
export interface LoadProblem {
  title: string;
  text: string;
  canRetry: boolean;
}

/**
 * A 4xx is a link that names no booking (mistyped, cut short by a mail program) or one that has
 * expired (410, long after the appointment): the server's own words say so and trying again
 * cannot help. Anything else (a dropped connection, a 5xx) may pass, so the visitor is offered
 * Try again instead of being told the link is bad.
 */
export function loadProblem(error: unknown): LoadProblem {
  const status = errorStatus(error);
  if (status === 410) return { title: 'Link Expired', text: serverMessage(error) ?? MANAGE_MESSAGES.expired, canRetry: false };
  if (status !== undefined && status >= 400 && status < 500) {
    return { title: 'Booking Not Found', text: serverMessage(error) ?? MANAGE_MESSAGES.badLink, canRetry: false };
  }
  return { title: 'Your booking could not be loaded', text: 'Please check your connection and try again.', canRetry: true };
}

/** What the page offers for an appointment as it stands now. */
export interface ManageOptions {
  /** Reschedule and Cancel are shown; when changes are closed they are left out (not greyed), and `closedReason` says why. */
  canChange: boolean;
  /** Reschedule is offered at all: not once the appointment's online moves are used up (Cancel still is). */
  offerReschedule: boolean;
  /** Why they are not, in the server's words; null when they are. */
  closedReason: string | null;
  /** What the visitor can still do online and until when (the deadline in Manila time); null when nothing. */
  openText: string | null;
  /** A cancelled appointment has nothing to put in a calendar. */
  showCalendar: boolean;
}

const FALLBACK_CLOSED = 'Online changes are closed for this appointment. Please contact us to change it.';

export function manageOptions(
  appointment: Pick<ManagedAppointment, 'changeable' | 'changeClosedReason' | 'changeDeadline' | 'status' | 'reschedulesLeft'>,
): ManageOptions {
  const { changeable, changeClosedReason, changeDeadline, status, reschedulesLeft } = appointment;
  const openUntil = changeable ? formatInTimeZone(new Date(changeDeadline), TIME_ZONE, "EEEE, MMMM d, yyyy 'at' h:mm a") : null;
  const offerReschedule = reschedulesLeft > 0;
  return {
    canChange: changeable,
    offerReschedule,
    closedReason: changeable ? null : (changeClosedReason ?? FALLBACK_CLOSED),
    openText:
      openUntil === null
        ? null
        : offerReschedule
          ? `You can reschedule or cancel online until ${openUntil}.`
          : `You can cancel online until ${openUntil}. This appointment has been rescheduled online as often as we allow: please contact us to move it.`,
    showCalendar: status !== 'cancelled',
  };
}

/**
 * For a booking still waiting for its payment: not confirmed yet, so no move (booking refuses
 * one) and no calendar file; it may still be cancelled, and the text says it changes once paid.
 */
export const unpaidOptions = (options: ManageOptions): ManageOptions => ({
  ...options,
  offerReschedule: false,
  showCalendar: false,
  openText: options.canChange ? DEPOSIT_MESSAGES.awaiting : options.openText,
});
