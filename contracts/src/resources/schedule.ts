import { z } from 'zod';
import { sideSchema } from '../common';
import { route } from '../route';
import { calendarDateSchema, holdIdSchema, practitionerIdSchema } from './appointments';
import { MANAGEMENT } from '../roles';

/** Office hours accept HH:mm or HH:mm:ss and are stored as HH:mm. */
export const clockTimeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: 'times must be HH:mm or HH:mm:ss' })
  .transform((v) => v.slice(0, 5));

export const officeHoursSchema = z.object({
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  isActive: z.boolean(),
  offeringType: sideSchema,
});
export type OfficeHours = z.infer<typeof officeHoursSchema>;

/** Office hours of a weekday nobody has set yet: 09:00–17:00, Monday to Friday. */
export const DEFAULT_OFFICE_HOURS = { startTime: '09:00', endTime: '17:00', openDays: [1, 2, 3, 4, 5] } as const;

/** A time a closed day may leave blank: blank or null counts as missing. */
export const optionalClockTime = z.preprocess((v) => (v === '' || v === null ? undefined : v), clockTimeSchema.optional());

const weekdayMessage = (field: string) => `${field} must be 0 (Sunday) to 6 (Saturday)`;
/** A weekday number, Sunday 0, named `field` in its messages. */
export const weekdayNumberSchema = (field: string) =>
  z
    .number({ error: weekdayMessage(field) })
    .int({ error: weekdayMessage(field) })
    .min(0, { error: weekdayMessage(field) })
    .max(6, { error: weekdayMessage(field) });

/** A day of weekly hours (an offering's, a practitioner's), as its rules see it. */
interface WorkingDay {
  isActive: boolean;
  startTime?: string;
  endTime?: string;
}
type DayRule = [check: (day: WorkingDay) => boolean, params: { error: string; path: string[] }];
/** The rules of one day of weekly hours, as `refine` arguments: an open day has both times, the end after the start. */
export const OPEN_DAY_RULES: [DayRule, DayRule] = [
  [(d) => !d.isActive || (d.startTime !== undefined && d.endTime !== undefined), { error: 'an open day needs startTime and endTime', path: ['startTime'] }],
  [
    (d) => !d.isActive || d.startTime === undefined || d.endTime === undefined || d.endTime > d.startTime,
    { error: 'endTime must be after startTime', path: ['endTime'] },
  ],
];

export const officeHoursDaySchema = z
  .object({
    dayOfWeek: weekdayNumberSchema('dayOfWeek'),
    // A closed day may leave its times blank (the editor disables them); they keep the defaults.
    startTime: optionalClockTime,
    endTime: optionalClockTime,
    isActive: z.boolean({ error: 'isActive must be true or false' }),
    offeringType: sideSchema.optional(),
  })
  .refine(...OPEN_DAY_RULES[0])
  .refine(...OPEN_DAY_RULES[1]);

export const officeHoursBulkSchema = z
  .object({
    offeringType: sideSchema,
    hours: z.array(officeHoursDaySchema).min(1, { error: 'hours must list at least one day' }).max(7),
  })
  .refine((b) => new Set(b.hours.map((h) => h.dayOfWeek)).size === b.hours.length, { error: 'each dayOfWeek may appear once', path: ['hours'] })
  .refine((b) => b.hours.every((h) => h.offeringType === undefined || h.offeringType === b.offeringType), {
    error: 'every day must belong to the offeringType of the request',
    path: ['hours'],
  });
export type OfficeHoursBulk = z.input<typeof officeHoursBulkSchema>;

/** Customers may change or cancel through their manage link until this many hours before the start. */
export const DEFAULT_CHANGE_CUTOFF_HOURS = 24;

/** How many times a customer may move one appointment through its manage link until staff set another number. */
export const DEFAULT_MAX_RESCHEDULES = 3;

/** Booking policy of an offering until staff change it: no per-contact cap (the spec has none). */
export const DEFAULT_BOOKING_POLICY = { minimumNoticeMinutes: 120, horizonDays: 90, bufferMinutes: 0, maxUpcomingPerContact: 0 } as const;
export const BUFFER_MINUTES = [0, 30, 60] as const;

const noticeText = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`);

/**
 * The refusals of the booking policy, each naming its rule. They are checked after the spec's
 * own (closed day, not a slot, past, full), in this order: notice, horizon, per-contact cap.
 */
export const POLICY_MESSAGES = {
  notice: (minutes: number) => `Bookings need ${noticeText(minutes)}' notice. Please choose a later time.`,
  horizon: (days: number) => `Bookings open ${days} days ahead. Please choose an earlier date.`,
  cap: (count: number) =>
    `You already have ${count} upcoming appointment${count === 1 ? '' : 's'} with us, the most we take online. Please contact us to book more.`,
} as const;

export const settingsSchema = z.object({
  offeringType: sideSchema,
  maxSessionsPerSlot: z.number().int(),
  changeCutoffHours: z.number().int(),
  /** Times a customer may move one appointment through its manage link; 0: not online (staff are not limited). */
  maxReschedulesPerBooking: z.number().int(),
  /** A booking must start at least this many minutes after it is made. */
  minimumNoticeMinutes: z.number().int(),
  /** Bookings open this many days ahead: the last bookable Manila date is today + horizonDays. */
  horizonDays: z.number().int(),
  /** Extra minutes (0, 30 or 60) each appointment holds after its end, as 30-minute blocks of capacity. */
  bufferMinutes: z.number().int(),
  /**
   * Upcoming appointments one e-mail address or phone number may hold at this offering; 0: no
   * limit. Addresses count without their +tag and in any case, numbers as E.164 (0917… = +63 917…).
   */
  maxUpcomingPerContact: z.number().int(),
});
export type Settings = z.infer<typeof settingsSchema>;
const cutoffMessage = 'changeCutoffHours must be a whole number of hours from 0 to 720';
const wholeNumber = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).optional();
};
/** Any of the fields; those left out keep their value (their default on first save). */
export const settingsUpdateSchema = z
  .object({
    maxSessionsPerSlot: z
      .number({ error: 'maxSessionsPerSlot must be a whole number of at least 1' })
      .int({ error: 'maxSessionsPerSlot must be a whole number of at least 1' })
      .min(1, { error: 'maxSessionsPerSlot must be at least 1' })
      .max(100, { error: 'maxSessionsPerSlot must be at most 100' })
      .optional(),
    changeCutoffHours: z
      .number({ error: cutoffMessage })
      .int({ error: cutoffMessage })
      .min(0, { error: cutoffMessage })
      .max(720, { error: cutoffMessage })
      .optional(),
    maxReschedulesPerBooking: wholeNumber('maxReschedulesPerBooking', 0, 20),
    minimumNoticeMinutes: wholeNumber('minimumNoticeMinutes', 0, 10080),
    horizonDays: wholeNumber('horizonDays', 1, 3650),
    bufferMinutes: z
      .union(
        BUFFER_MINUTES.map((m) => z.literal(m)),
        { error: 'bufferMinutes must be 0, 30 or 60' },
      )
      .optional(),
    maxUpcomingPerContact: wholeNumber('maxUpcomingPerContact', 0, 100),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    error:
      'give at least one of maxSessionsPerSlot, changeCutoffHours, maxReschedulesPerBooking, minimumNoticeMinutes, horizonDays, bufferMinutes, maxUpcomingPerContact',
  });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
export const offeringParamsSchema = z.object({ offering: sideSchema });

/** The longest span one range call of the available slots answers, in days (from and to included). */
export const MAX_SLOT_RANGE_DAYS = 42;
const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The days a slots call asks for: one (`date`, as the spec documents) or a range (`from` and `to`, inclusive). */
const slotDaysShape = {
  date: calendarDateSchema.optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
};

function checkSlotDays(q: { date?: string; from?: string; to?: string }, ctx: z.RefinementCtx): void {
  const range = q.from !== undefined || q.to !== undefined;
  if (q.date !== undefined && range) ctx.addIssue({ code: 'custom', path: ['date'], message: 'give date, or from and to, not both' });
  else if (!range && q.date === undefined) ctx.addIssue({ code: 'custom', path: ['date'], message: 'date is required (or from and to)' });
  else if (range && (q.from === undefined || q.to === undefined))
    ctx.addIssue({ code: 'custom', path: [q.from === undefined ? 'from' : 'to'], message: 'from and to go together' });
  else if (range && q.from !== undefined && q.to !== undefined) {
    const span = daysBetween(q.from, q.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (span + 1 > MAX_SLOT_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `from and to may span at most ${MAX_SLOT_RANGE_DAYS} days` });
  }
}

/** The chosen treatments or packages of a query: `treatmentId` once or repeated, each id once. */
export const treatmentIdsQuery = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().trim().max(100)).max(20))
  .transform((ids) => [...new Set(ids.filter(Boolean))]);

/** One day (`date`, as the spec documents) or a range of days (`from` and `to`, inclusive). */
export const slotsQuerySchema = z
  .object({
    offeringType: sideSchema,
    ...slotDaysShape,
    treatmentId: treatmentIdsQuery,
    /** The caller's own hold (`POST /api/slot-holds`): its places count as free for them. */
    holdId: holdIdSchema.optional(),
    /** Only this practitioner's times, where the items need one; left out: anyone's. */
    practitionerId: practitionerIdSchema.optional(),
  })
  .superRefine(checkSlotDays);
/** The days alone: the times an appointment can move to are those of its own offering and length. */
export const slotDaysQuerySchema = z.object(slotDaysShape).superRefine(checkSlotDays);
export type SlotDaysQuery = z.output<typeof slotDaysQuerySchema>;

/**
 * Whom a moved appointment is with: `keep` (default) its practitioner, `any` whoever
 * qualified is free at the new time (the booking rule for "any available").
 */
export const practitionerChoiceSchema = z.enum(['keep', 'any'], { error: "practitioner must be 'keep' or 'any'" }).default('keep');
export type PractitionerChoice = z.infer<typeof practitionerChoiceSchema>;

/** The times an appointment can move to: the days, and whether it keeps its practitioner. */
export const moveSlotsQuerySchema = z.object({ ...slotDaysShape, practitioner: practitionerChoiceSchema }).superRefine(checkSlotDays);
export type MoveSlotsQuery = z.output<typeof moveSlotsQuerySchema>;
export type SlotsQuery = z.output<typeof slotsQuerySchema>;

/**
 * Why a slot cannot be booked, the first rule that refuses it in the order the booking checks:
 * `past` (it has started), `full` (no seat left in a block it covers), `notice` (inside the
 * minimum notice), `horizon` (its date is beyond the horizon).
 */
export const SLOT_UNAVAILABLE_REASONS = ['past', 'full', 'notice', 'horizon'] as const;
export const slotUnavailableReasonSchema = z.enum(SLOT_UNAVAILABLE_REASONS);
export type SlotUnavailableReason = z.infer<typeof slotUnavailableReasonSchema>;

/**
 * `reason` is present exactly when `available` is false. `full` marks a slot unavailable only
 * for lack of capacity: one the waitlist can be joined for (kept beside `reason` for older clients).
 */
export const slotSchema = z.object({ time: z.string(), available: z.boolean(), full: z.boolean().optional(), reason: slotUnavailableReasonSchema.optional() });
export const slotsResponseSchema = z.object({ slots: z.array(slotSchema), message: z.string().optional() });
export type Slot = z.infer<typeof slotSchema>;
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** One day of a range answer: closed (weekly hours or a date override) or its slots, with why when none can be booked. */
export const daySlotsSchema = slotsResponseSchema.extend({ date: z.string(), closed: z.boolean() });
export const slotsRangeResponseSchema = z.object({ days: z.array(daySlotsSchema) });
export type DaySlots = z.infer<typeof daySlotsSchema>;
export type SlotsRangeResponse = z.infer<typeof slotsRangeResponseSchema>;

const params = offeringParamsSchema;
export const scheduleRoutes = {
  availableSlots: route({
    method: 'get',
    path: '/api/available-slots',
    service: 'booking',
    access: 'public',
    tag: 'Availability',
    summary: 'Bookable 30-minute slots of a day, or of every day of a range',
    description:
      "With `date`: `{slots, message?}` of that day, as the spec documents. With `from` and `to` (at most 42 days, both included): `{days: [{date, closed, slots, message?}]}`, every day in one call. Slots start every 30 minutes from opening while start + duration ≤ closing; duration is the sum of the chosen items' defaultDuration (60 when unknown). A slot is available when every 30-minute block it covers holds fewer than maxSessionsPerSlot non-cancelled appointments and it starts after now (Manila). A closed day (weekly hours or a date override) has no slots and a message containing \"closed\". The booking policy makes slots unavailable too: those inside the minimum notice, and every slot of a date beyond the horizon (with a message naming it). Every unavailable slot says why in `reason`: `past`, `full`, `notice` or `horizon`, the first rule that refuses it in that order; `full: true` marks a slot that lacks only capacity (one the waitlist takes). Visitors' holds on slots (`POST /api/slot-holds`) count as taken until they expire, except the caller's own when its `holdId` is given.",
    query: slotsQuerySchema,
    response: z.union([slotsResponseSchema, slotsRangeResponseSchema]),
  }),
  officeHours: route({
    method: 'get',
    path: '/api/office-hours/:offering',
    service: 'booking',
    access: 'public',
    tag: 'Office hours',
    summary: 'Office hours of each weekday',
    params,
    response: z.array(officeHoursSchema),
  }),
  saveOfficeHours: route({
    method: 'post',
    path: '/api/office-hours/bulk',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag: 'Office hours',
    summary: 'Replace office hours of the given weekdays',
    body: officeHoursBulkSchema,
    response: z.array(officeHoursSchema),
  }),
  settings: route({
    method: 'get',
    path: '/api/settings/:offering',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag: 'Settings',
    summary: 'Booking settings of an offering',
    params,
    response: settingsSchema,
  }),
  saveSettings: route({
    method: 'put',
    path: '/api/settings/:offering',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag: 'Settings',
    summary: 'Change capacity, the manage-link cut-off and move limit, and the booking policy (notice, horizon, buffer, per-contact cap)',
    params,
    body: settingsUpdateSchema,
    response: settingsSchema,
  }),
} as const;
