import { BOOKING_MESSAGES, isPhoneNumber, SERVICE_LABEL, type AppointmentRequest, type GENDERS, type Side } from '@bb/contracts';
import type { FieldErrors } from '../../../shared/forms/field-errors';
import { looksLikeEmail } from '../../domain/email';
import { ANY_PRACTITIONER, practitionerParam } from './practitioner';
import type { BookingPrefill } from './prefill';

export type Gender = (typeof GENDERS)[number];

/** What the visitor typed, as typed (age stays text until it is checked). */
export interface BookingForm {
  firstName: string;
  lastName: string;
  gender: Gender | '';
  age: string;
  email: string;
  contact: string;
  preferredDate: string;
  preferredTime: string;
  treatments: string[];
  /** The practitioner chosen; blank: any available (the default, and all there is when the items need nobody). */
  practitionerId: string;
  notes: string;
}

export const EMPTY_BOOKING: BookingForm = {
  firstName: '',
  lastName: '',
  gender: '',
  age: '',
  email: '',
  contact: '',
  preferredDate: '',
  preferredTime: '',
  treatments: [],
  practitionerId: ANY_PRACTITIONER,
  notes: '',
};

export interface BookingProblem {
  /** The field to put the focus on, so a keyboard user lands where the fix is. */
  field: keyof BookingForm;
  title: string;
  description: string;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const blank = (value: string) => value.trim() === '';

/**
 * Age is optional; when given it must be a whole number above 0. The server also caps it at
 * 150 with the same message, so the form says so before the call rather than after.
 */
const validAge = (age: string) => /^\d+$/.test(age.trim()) && Number(age) > 0 && Number(age) <= 150;

/** Every problem of the form, in the spec's order (§5): the first is the one the toast reports. */
export function bookingProblems(form: BookingForm, side: Side): BookingProblem[] {
  const problems: BookingProblem[] = [];
  if (blank(form.firstName)) problems.push({ field: 'firstName', title: 'First Name Required', description: BOOKING_MESSAGES.firstName });
  if (blank(form.lastName)) problems.push({ field: 'lastName', title: 'Last Name Required', description: BOOKING_MESSAGES.lastName });
  if (!blank(form.age) && !validAge(form.age)) problems.push({ field: 'age', title: 'Invalid Age', description: BOOKING_MESSAGES.age });
  if (!looksLikeEmail(form.email)) problems.push({ field: 'email', title: 'Email Required', description: BOOKING_MESSAGES.email });
  if (blank(form.contact)) problems.push({ field: 'contact', title: 'Contact Number Required', description: BOOKING_MESSAGES.contact });
  else if (!isPhoneNumber(form.contact)) problems.push({ field: 'contact', title: 'Invalid Contact Number', description: BOOKING_MESSAGES.contactNotAPhone });
  if (blank(form.preferredDate)) problems.push({ field: 'preferredDate', title: 'Date Required', description: BOOKING_MESSAGES.preferredDate });
  if (blank(form.preferredTime)) problems.push({ field: 'preferredTime', title: 'Time Required', description: BOOKING_MESSAGES.preferredTime });
  if (form.treatments.length === 0) {
    problems.push({ field: 'treatments', title: `${capitalised(SERVICE_LABEL[side])} Required`, description: BOOKING_MESSAGES.treatments(side) });
  }
  return problems;
}

/** The first problem of the form, checked in the spec's order (§5), or null when it can be sent. */
export const validateBooking = (form: BookingForm, side: Side): BookingProblem | null => bookingProblems(form, side)[0] ?? null;

/** Each field's message, for the inline errors beside the fields. */
export const problemsByField = (problems: readonly BookingProblem[]): FieldErrors<keyof BookingForm> =>
  Object.fromEntries(problems.map((p) => [p.field, p.description]));

/** The body of POST /api/appointments for a valid form (the side always named, as the summary tells it). */
export function toAppointmentRequest(form: BookingForm, side: Side): AppointmentRequest & { offeringType: Side } {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    gender: form.gender || undefined,
    age: blank(form.age) ? undefined : Number(form.age),
    email: form.email.trim(),
    contact: form.contact.trim(),
    preferredDate: form.preferredDate,
    preferredTime: form.preferredTime,
    treatments: form.treatments,
    notes: form.notes.trim(),
    offeringType: side,
    practitionerId: practitionerParam(form.practitionerId),
  };
}

/**
 * Choosing other treatments changes the booking's length, so a time picked for the old
 * selection may no longer fit: the date and time are cleared. `cleared` tells the form
 * whether there was a time to clear (and so whether to say so).
 */
export function withSelection(form: BookingForm, treatments: string[]): { form: BookingForm; cleared: boolean } {
  const cleared = form.preferredDate !== '' || form.preferredTime !== '';
  return { form: { ...form, treatments, preferredDate: '', preferredTime: '' }, cleared };
}

/** Ticks or unticks one treatment, keeping the order they were chosen in. */
export const toggled = (selected: readonly string[], id: string): string[] => (selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

/**
 * A link that asks for items (a detail page's or a package card's book button, the waitlist
 * mail's link) filled into the form. An untouched form takes the link whole; one the visitor has
 * begun gets the items added to its selection, and as with any change of selection a date and
 * time already chosen are cleared (`cleared` says whether there was one).
 */
export function withPrefill(form: BookingForm, prefill: BookingPrefill): { form: BookingForm; cleared: boolean } {
  if (form.treatments.length === 0) return { form: { ...form, ...prefill }, cleared: false };
  const added = prefill.treatments.filter((id) => !form.treatments.includes(id));
  if (added.length === 0) return { form, cleared: false };
  return withSelection(form, [...form.treatments, ...added]);
}
