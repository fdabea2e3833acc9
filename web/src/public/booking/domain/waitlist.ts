import type { Side, WaitlistRequest } from '@bb/contracts';
import { bookingProblems, type BookingForm, type BookingProblem } from './validation';

/** The booking form's fields a waitlist entry needs; the rest (age, gender, notes) wait for the booking itself. */
const WAITLIST_FIELDS: ReadonlySet<keyof BookingForm> = new Set(['firstName', 'lastName', 'email', 'contact', 'preferredDate', 'preferredTime', 'treatments']);

/** The form's problems that stop a waitlist sign-up, with the booking form's own messages and order. */
export const waitlistProblems = (form: BookingForm, side: Side): BookingProblem[] => bookingProblems(form, side).filter((p) => WAITLIST_FIELDS.has(p.field));

/** POST /api/waitlist's body from a checked form. */
export const toWaitlistRequest = (form: BookingForm, side: Side): WaitlistRequest => ({
  firstName: form.firstName.trim(),
  lastName: form.lastName.trim(),
  email: form.email.trim(),
  contact: form.contact.trim(),
  preferredDate: form.preferredDate,
  preferredTime: form.preferredTime,
  treatments: form.treatments,
  offeringType: side,
});

/** The slot the waitlist is offered for, if any. */
export interface FullSlot {
  date: string;
  time: string;
}

/** Whether the form's chosen slot is the one found full (in the schedule, or by a booking answered 409). */
export const isChosen = (slot: FullSlot | null, form: Pick<BookingForm, 'preferredDate' | 'preferredTime'>): boolean =>
  slot !== null && slot.date === form.preferredDate && slot.time === form.preferredTime;
