import { z } from 'zod';
import { appointmentFacts } from '../events';
import { route } from '../route';
import { BOOKING_MESSAGES, calendarDateSchema, SLOT_FULL_MESSAGE, timeOfDaySchema } from './appointments';
import { moveSlotsQuerySchema, practitionerChoiceSchema, slotsRangeResponseSchema, slotsResponseSchema } from './schedule';

/**
 * A customer's own appointment, reached through the unguessable link of its confirmation
 * mail (`/manage/{token}`): no sign-in, so it shows no more than the customer gave.
 */
export const MANAGE_MESSAGES = {
  badLink: 'This link is not valid. Please use the link from your confirmation e-mail.',
  cancelled: 'This appointment has been cancelled.',
  past: 'This appointment has already taken place.',
  done: 'This appointment has already taken place.',
  cutoff: (hours: number) => `Online changes close ${hours} hours before the appointment. Please contact us to change it.`,
  sameTime: 'That is already the time of your appointment.',
  expired: 'This link has expired: links from our e-mails stop working some time after the appointment. Please contact us if you need anything about it.',
  /** A move refused by the offering's limit of customer moves per appointment (`maxReschedulesPerBooking`). */
  movesUsed: (max: number) =>
    max === 0
      ? 'Appointments cannot be moved online. Please contact us to change it.'
      : `This appointment has already been moved online ${max === 1 ? 'once' : `${max} times`}, the most we allow. Please contact us to change it.`,
} as const;

/**
 * A manage token: 32 base64url characters, the appointment's id and a MAC of it
 * (`manageLinkToken`), or 192 random bits for appointments booked before those.
 */
export const manageTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: MANAGE_MESSAGES.badLink });
export const manageParamsSchema = z.object({ token: manageTokenSchema });

/** The facts every lifecycle event carries, shown to the customer with a reference instead of ids. */
export const managedAppointmentSchema = appointmentFacts.omit({ appointmentId: true, revision: true }).extend({
  reference: z.string(),
  /** Whether cancel and reschedule are open now; when not, `changeClosedReason` says why. */
  changeable: z.boolean(),
  changeClosedReason: z.string().nullable(),
  /** The last moment a change is accepted (ISO), from the offering's cut-off. */
  changeDeadline: z.string(),
  /** How many more times the customer may move it through the link (0: Reschedule is not offered; cancelling still is). */
  reschedulesLeft: z.number().int(),
});
export type ManagedAppointment = z.infer<typeof managedAppointmentSchema>;

export const rescheduleRequestSchema = z.object({
  preferredDate: z.string({ error: BOOKING_MESSAGES.preferredDate }).trim().min(1, { error: BOOKING_MESSAGES.preferredDate }).pipe(calendarDateSchema),
  preferredTime: z.string({ error: BOOKING_MESSAGES.preferredTime }).trim().min(1, { error: BOOKING_MESSAGES.preferredTime }).pipe(timeOfDaySchema),
  practitioner: practitionerChoiceSchema,
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

const tag = 'Manage booking';
const params = manageParamsSchema;
const closed = 'Inside the change cut-off, already cancelled or already past: `message` says which';
const expired = 'The link has expired: its appointment ended too long ago (`MANAGE_LINK_EXPIRY_DAYS`)';
const linkErrors = { 410: expired };
export const manageRoutes = {
  view: route({
    method: 'get',
    path: '/api/manage/:token',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'The appointment of a manage link',
    params,
    response: managedAppointmentSchema,
    errors: linkErrors,
  }),
  cancel: route({
    method: 'post',
    path: '/api/manage/:token/cancel',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'Cancel through the manage link',
    description: 'Frees the seats and sends the cancellation mail. Cancelling twice answers the cancelled appointment.',
    params,
    response: managedAppointmentSchema,
    errors: { ...linkErrors, 409: closed },
  }),
  reschedule: route({
    method: 'post',
    path: '/api/manage/:token/reschedule',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'Move the appointment to another slot',
    description:
      "The new time is checked like a booking (same items, same duration). Its seats are claimed before the old ones are released, so a refused move keeps the old time and capacity holds under races. A customer may move one appointment at most `maxReschedulesPerBooking` times (the offering's setting; `reschedulesLeft` of the view says how many are left). An appointment with a practitioner keeps them (`practitioner: keep`, the default) or takes whoever qualified is free (`any`).",
    params,
    body: rescheduleRequestSchema,
    response: managedAppointmentSchema,
    errors: { ...linkErrors, 409: `${SLOT_FULL_MESSAGE} Or: ${closed}. Or: no moves left.` },
  }),
  availableSlots: route({
    method: 'get',
    path: '/api/manage/:token/available-slots',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'The times the appointment can move to',
    description:
      "Answers as `GET /api/available-slots` does (`date`, or `from` and `to`), for the appointment's offering and length, with the appointment's own seats counted as free: a move by half an hour shows as available at capacity 1, as the move itself is accepted. Its own current time answers like any other (the page marks it itself). Refused like a move when the link cannot move the appointment (cut-off, cancelled, past, no moves left). `practitioner` as the move takes it: `keep` shows the appointment's practitioner's times, `any` anyone's.",
    params,
    query: moveSlotsQuerySchema,
    response: z.union([slotsResponseSchema, slotsRangeResponseSchema]),
    errors: { ...linkErrors, 409: `${closed}. Or: no moves left.` },
  }),
  calendar: route({
    method: 'get',
    path: '/api/manage/:token/calendar.ics',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'The appointment as an iCalendar file ("Add to calendar")',
    params,
    response: 'calendar',
    errors: linkErrors,
  }),
} as const;
