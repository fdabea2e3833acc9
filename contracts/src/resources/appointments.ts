import { z } from 'zod';
import { emailAddressSchema, idParamsSchema, messageSchema, offeringTypeSchema, sideSchema } from '../common';
import { route } from '../route';
import { ANY_STAFF, FRONT_DESK, MANAGEMENT } from '../roles';
import { appointmentPaymentSchema, PAYMENT_STATES } from './deposits';

export const APPOINTMENT_STATUSES = ['pending', 'done', 'cancelled'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;
/** Whether the customer came, as staff mark it once the appointment has started; beside the three statuses, not one of them. */
export const ATTENDANCE = ['attended', 'no_show'] as const;
export const attendanceSchema = z.enum(ATTENDANCE, { error: "attendance must be 'attended', 'no_show' or null" });
export type Attendance = z.infer<typeof attendanceSchema>;
export const GENDERS = ['female', 'male', 'other', 'prefer-not-to-say'] as const;

/** The words the booking form uses for what is booked, per side. */
export const SERVICE_LABEL = { clinic: 'treatment', studio: 'package' } as const;

export const BOOKING_MESSAGES = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  age: 'Please enter a valid age greater than 0.',
  email: 'Please enter a valid email address.',
  contact: 'Please enter your contact number.',
  /** After the spec's check: a contact that is not a phone number (booking reads it with libphonenumber-js, Philippine by default). */
  contactNotAPhone: 'Please enter a phone number we can reach you on, such as 0917 123 4567 or +63 917 123 4567.',
  preferredDate: 'Please select a preferred date for your appointment.',
  preferredTime: 'Please select a preferred time for your appointment.',
  treatments: (side: keyof typeof SERVICE_LABEL) => `Please select at least one ${SERVICE_LABEL[side]}.`,
} as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, { error: message }).max(max);

/** 24-hour HH:mm, or 12-hour h:mm AM/PM; normalised to HH:mm. */
export const timeOfDaySchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const h24 = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(v);
    const h12 = /^(0?[1-9]|1[0-2]):([0-5]\d)\s*([AaPp][Mm])$/.exec(v);
    if (h24) return `${h24[1].padStart(2, '0')}:${h24[2]}`;
    if (h12) {
      const hour = (Number(h12[1]) % 12) + (h12[3].toUpperCase() === 'PM' ? 12 : 0);
      return `${String(hour).padStart(2, '0')}:${h12[2]}`;
    }
    ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.preferredTime });
    return z.NEVER;
  });

/** Whether a string is a real calendar date written `yyyy-MM-dd` (not 2030-02-30, not 0000-00-00). */
const isCalendarDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const calendarDateSchema = z.string().trim().refine(isCalendarDate, {
  error: 'date must be a real calendar date as yyyy-MM-dd',
});

/** A practitioner (a staff member's id) a visitor asks for; left out: "any available". */
export const practitionerIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'practitionerId is not a practitioner of this site' });

/** The booking form's fields, checked in the order the form checks, with its messages. */
export const appointmentFieldsSchema = z.object({
  firstName: required(BOOKING_MESSAGES.firstName),
  lastName: required(BOOKING_MESSAGES.lastName),
  gender: z.preprocess(blankToUndefined, z.enum(GENDERS, { error: 'gender must be female, male, other or prefer-not-to-say' }).optional()),
  age: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: BOOKING_MESSAGES.age })
      .int({ error: BOOKING_MESSAGES.age })
      .gt(0, { error: BOOKING_MESSAGES.age })
      .max(150, { error: BOOKING_MESSAGES.age })
      .optional(),
  ),
  email: emailAddressSchema(BOOKING_MESSAGES.email),
  contact: required(BOOKING_MESSAGES.contact, 50),
  preferredDate: z.string({ error: BOOKING_MESSAGES.preferredDate }).trim().min(1, { error: BOOKING_MESSAGES.preferredDate }).pipe(calendarDateSchema),
  preferredTime: z.string({ error: BOOKING_MESSAGES.preferredTime }).trim().min(1, { error: BOOKING_MESSAGES.preferredTime }).pipe(timeOfDaySchema),
  // The same item chosen twice is booked (and timed) once.
  treatments: z
    .array(z.string().trim().min(1).max(100), { error: 'treatments must be a list of ids' })
    .max(20)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  notes: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
  offeringType: sideSchema.default('clinic'),
  /** The practitioner asked for, where the items need one; left out: any available. */
  practitionerId: z.preprocess(blankToUndefined, practitionerIdSchema.optional()),
});

/** At least one item: its message names the side's word for them. */
export const requireItems = (v: { treatments: string[]; offeringType: keyof typeof SERVICE_LABEL }, ctx: z.RefinementCtx) => {
  if (v.treatments.length === 0) ctx.addIssue({ code: 'custom', path: ['treatments'], message: BOOKING_MESSAGES.treatments(v.offeringType) });
};

/**
 * A visitor's hold on a slot (`POST /api/slot-holds`): 22 base64url characters of randomness
 * (128 bits), the offering's letter (`c`, `s`) and the Manila date (`yyyyMMdd`), which say where
 * the hold lies.
 */
const HOLD_ID = /^[A-Za-z0-9_-]{22}[cs](\d{4})(\d{2})(\d{2})$/;
const NOT_A_HOLD = 'holdId is not a hold this site gave out';
// The pattern documents the form; the date in it must be a real one too (0000-00-00 is none).
export const holdIdSchema = z
  .string()
  .trim()
  .regex(HOLD_ID, { error: NOT_A_HOLD })
  .refine(
    (v) => {
      const [, year, month, day] = HOLD_ID.exec(v) ?? [];
      return year !== undefined && isCalendarDate(`${year}-${month}-${day}`);
    },
    { error: NOT_A_HOLD },
  );

/** The form's fields, and the visitor's hold on the slot when they have one: the booking takes its place over. */
export const appointmentRequestSchema = appointmentFieldsSchema.extend({ holdId: holdIdSchema.optional() }).superRefine(requireItems);
export type AppointmentRequest = z.input<typeof appointmentRequestSchema>;

export const appointmentSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.string().nullable(),
  age: z.number().nullable(),
  email: z.string(),
  contact: z.string(),
  preferredDate: z.string(),
  preferredTime: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  offeringType: offeringTypeSchema,
  treatments: z.array(z.string()),
  notes: z.string(),
  status: appointmentStatusSchema,
  adminComment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who takes it, when its items need a practitioner. */
  practitioner: z.object({ id: z.string(), name: z.string() }).optional(),
  /** Its deposit, when it was booked with one; null: none asked. */
  payment: appointmentPaymentSchema.nullable(),
  /** Set by staff once it has started; null: not yet said. */
  attendance: attendanceSchema.nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** The staff list's filter: appointments whose deposit is in this state (`expired` includes holds past their expiry), or `none` for those booked without one. */
export const appointmentListQuerySchema = z.object({
  payment: z.enum([...PAYMENT_STATES, 'none'], { error: `payment must be none or one of ${PAYMENT_STATES.join(', ')}` }).optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

export const attendanceUpdateSchema = z.object({ attendance: attendanceSchema.nullable() });
export type AttendanceUpdate = z.infer<typeof attendanceUpdateSchema>;

export const ATTENDANCE_MESSAGES = {
  notStarted: 'Attendance can be set once the appointment has started.',
  cancelled: 'A cancelled appointment has no attendance.',
  notPractitioners: 'Practitioner accounts may only set the attendance of their own appointments',
} as const;

/**
 * The answer to a booking: the appointment and the token of its manage link
 * (`/manage/{token}`). A retried request (same Idempotency-Key) answers the same token: it is
 * derived from the appointment's id, never stored. Nullable for older clients' sake: no answer
 * is null any more.
 */
export const bookedAppointmentSchema = appointmentSchema.extend({ manageToken: z.string().nullable() });
export type BookedAppointment = z.infer<typeof bookedAppointmentSchema>;

/** The short reference a customer quotes: the last 8 characters of the id, upper case. */
export const appointmentReference = (id: string) => id.slice(-8).toUpperCase();

export const appointmentUpdateSchema = z.object({
  status: appointmentStatusSchema.optional(),
  adminComment: z.string().max(2000).optional(),
});
export type AppointmentUpdate = z.infer<typeof appointmentUpdateSchema>;

/** Staff give an appointment to another practitioner at the same time. */
export const reassignRequestSchema = z.object({ practitionerId: practitionerIdSchema });
export type ReassignRequest = z.infer<typeof reassignRequestSchema>;

export const REASSIGN_MESSAGES = {
  noPractitioner: 'This appointment is not with a practitioner: its treatments need none.',
  unknown: 'That practitioner does not take bookings for this offering.',
  unqualified: (name: string) => `${name} does not perform every treatment of this appointment.`,
  notWorking: (name: string) => `${name} is not working at that time.`,
  busy: (name: string) => `${name} is not free at that time.`,
  closed: 'A cancelled or past appointment keeps its practitioner.',
} as const;

export const idempotencyKeyHeader = 'idempotency-key';
/** A client-chosen key (a UUID, typically) that makes a retried booking return the first result. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,255}$/, { error: 'Idempotency-Key must be 1 to 255 visible ASCII characters' });

/**
 * What the booking page promises once a booking is made (the spec's success text): a pending
 * booking is a request the business has yet to confirm. Its mails and calendar files say no more.
 */
export const PENDING_PROMISE = "We'll contact you shortly to confirm your appointment.";

/** The answer to a booking whose slot filled up meanwhile (409). */
export const SLOT_FULL_MESSAGE = 'Sorry, that time has just been fully booked. Please choose another time.';

const tag = 'Appointments';
const params = idParamsSchema;
export const appointmentRoutes = {
  create: route({
    method: 'post',
    path: '/api/appointments',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'Book an appointment',
    description:
      "Re-checks availability; a slot that is full answers 409, a closed day, a time that is not one of the day's slots, a past time or an unknown treatment/package 400. Then the booking policy, each refusal 400 naming its rule: the minimum notice, the horizon, the cap on upcoming appointments per e-mail or phone (off unless staff set it). An `Idempotency-Key` header makes a retry return the first result and book nothing new. With the `holdId` of the visitor's hold on the slot (`POST /api/slot-holds`) the booking takes the hold's places over in the same write; a hold that expired meanwhile is no hold, and the booking needs room like any other. When its items (or the no-show rule) ask for a deposit, it is booked waiting for it: `payment` gives the amount (centavos) and `holdExpiresAt`, until which its places are held; it is confirmed once paid (the pay page is `/pay/{manageToken}`). A booking made with a staff token never asks for one.",
    body: appointmentRequestSchema,
    response: bookedAppointmentSchema,
    status: 201,
    errors: { 409: SLOT_FULL_MESSAGE },
  }),
  list: route({
    method: 'get',
    path: '/api/appointments',
    service: 'booking',
    access: 'admin',
    roles: ANY_STAFF,
    tag,
    summary: 'All appointments, newest first',
    description: 'A practitioner sees their own. `payment` keeps those whose deposit is in that state (`none`: booked without one).',
    query: appointmentListQuerySchema,
    response: z.array(appointmentSchema),
  }),
  update: route({
    method: 'patch',
    path: '/api/appointments/:id',
    service: 'booking',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Set status and admin comment',
    params,
    body: appointmentUpdateSchema,
    response: appointmentSchema,
    errors: { 409: 'Re-opening a cancelled appointment whose time is fully booked now: it stays cancelled' },
  }),
  reassign: route({
    method: 'put',
    path: '/api/appointments/:id/practitioner',
    service: 'booking',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Give the appointment to another practitioner, same time',
    description:
      "The new practitioner must perform every item that needs one (400), work at that time (400) and be free for all its blocks (409). The last is decided by the same guarded ledger write that gives back the old practitioner's blocks, so two reassignments or bookings racing onto one person never both succeed. Its mails and calendars name the new practitioner (`appointment.rescheduled` with the same time).",
    params,
    body: reassignRequestSchema,
    response: appointmentSchema,
    errors: { 409: REASSIGN_MESSAGES.busy('The practitioner') },
  }),
  attendance: route({
    method: 'put',
    path: '/api/appointments/:id/attendance',
    service: 'booking',
    access: 'admin',
    roles: ANY_STAFF,
    tag,
    summary: 'Say whether the customer came (attended, no-show) or clear it',
    description:
      'Only once the appointment has started, and not for a cancelled one (409) nor one whose deposit was never paid (409). A practitioner may set it on their own appointments only (403). No-shows count for the no-show rule of deposits (by e-mail and phone, 12 months). Audited; the status stays what it is.',
    params,
    body: attendanceUpdateSchema,
    response: appointmentSchema,
    errors: { 409: ATTENDANCE_MESSAGES.notStarted },
  }),
  remove: route({
    method: 'delete',
    path: '/api/appointments/:id',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Delete an appointment',
    params,
    response: messageSchema,
  }),
  removeOlder: route({
    method: 'delete',
    path: '/api/admin/appointments/:id',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Delete an appointment (older console)',
    params,
    response: messageSchema,
  }),
} as const;
