import { z } from 'zod';
import { messageSchema, sideSchema } from '../common';
import { route } from '../route';
import { calendarDateSchema } from './appointments';
import { offeringParamsSchema, optionalClockTime } from './schedule';
import { MANAGEMENT } from '../roles';

/**
 * A date whose hours differ from its weekday's: closed all day (a holiday, a training day) or
 * open with hours of its own (a late Friday). It replaces the weekly pattern for that date only.
 */
export const dateOverrideSchema = z.object({
  offeringType: sideSchema,
  /** yyyy-MM-dd, a Manila calendar date. */
  date: z.string(),
  closed: z.boolean(),
  /** HH:mm; null when closed. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Why, shown to staff and in the public "closed" message: a holiday's name when imported. */
  note: z.string(),
});
export type DateOverride = z.infer<typeof dateOverrideSchema>;

const overrideFields = {
  closed: z.boolean({ error: 'closed must be true or false' }),
  // A closed date may leave its times blank.
  startTime: optionalClockTime,
  endTime: optionalClockTime,
  note: z.string({ error: 'note must be text' }).trim().max(120, { error: 'note must be at most 120 characters' }).default(''),
};
type OverrideFields = { closed: boolean; startTime?: string; endTime?: string };
const openNeedsHours = (o: OverrideFields) => o.closed || (o.startTime !== undefined && o.endTime !== undefined);
const endAfterStart = (o: OverrideFields) => o.closed || o.startTime === undefined || o.endTime === undefined || o.endTime > o.startTime;

export const dateOverrideInputSchema = z
  .object(overrideFields)
  .refine(openNeedsHours, { error: 'an open date needs startTime and endTime', path: ['startTime'] })
  .refine(endAfterStart, { error: 'endTime must be after startTime', path: ['endTime'] });
export type DateOverrideInput = z.input<typeof dateOverrideInputSchema>;

export const dateOverrideParamsSchema = z.object({ offering: sideSchema, date: calendarDateSchema });

/** Several dates in one call (a year of public holidays): each replaces what that date had. */
export const dateOverridesBulkSchema = z
  .object({
    overrides: z
      .array(
        z
          .object({ date: calendarDateSchema, ...overrideFields })
          .refine(openNeedsHours, { error: 'an open date needs startTime and endTime', path: ['startTime'] })
          .refine(endAfterStart, { error: 'endTime must be after startTime', path: ['endTime'] }),
        { error: 'overrides must be a list' },
      )
      .min(1, { error: 'overrides must list at least one date' })
      .max(366, { error: 'overrides may list at most 366 dates' }),
  })
  .refine((b) => new Set(b.overrides.map((o) => o.date)).size === b.overrides.length, { error: 'each date may appear once', path: ['overrides'] });
export type DateOverridesBulk = z.input<typeof dateOverridesBulkSchema>;

/** A public holiday as the holiday library (date-holidays, Philippines, type public) lists it. */
export const holidaySchema = z.object({ date: z.string(), name: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;
const yearMessage = 'year must be a year from 2000 to 2100';
export const holidayParamsSchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, { error: yearMessage })
    .transform(Number)
    .pipe(z.number().min(2000, { error: yearMessage }).max(2100, { error: yearMessage })),
});

/** The words of the public "closed" message for a date an override closes. */
export const closedOnDateMessage = (offering: z.infer<typeof sideSchema>, longDate: string, note: string) =>
  `The ${offering} is closed on ${longDate}${note ? ` (${note})` : ''}.`;

const tag = 'Date overrides';
const params = dateOverrideParamsSchema;
export const dateOverrideRoutes = {
  list: route({
    method: 'get',
    path: '/api/date-overrides/:offering',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Date overrides of an offering, by date',
    params: offeringParamsSchema,
    response: z.array(dateOverrideSchema),
  }),
  save: route({
    method: 'put',
    path: '/api/date-overrides/:offering/:date',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Close a date or give it hours of its own',
    description:
      "Replaces the weekday's hours on that date only. Appointments already booked on it stay (the console lists them before saving and offers to cancel them with a mail).",
    params,
    body: dateOverrideInputSchema,
    response: dateOverrideSchema,
  }),
  saveMany: route({
    method: 'post',
    path: '/api/date-overrides/:offering/bulk',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Save several date overrides at once (a year of public holidays)',
    params: offeringParamsSchema,
    body: dateOverridesBulkSchema,
    response: z.array(dateOverrideSchema),
  }),
  remove: route({
    method: 'delete',
    path: '/api/date-overrides/:offering/:date',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Give a date back its weekday hours',
    params,
    response: messageSchema,
  }),
  holidays: route({
    method: 'get',
    path: '/api/holidays/:year',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'National public holidays of the Philippines in a year, to import as closures',
    description: 'From the date-holidays library (country PH, type public), by date.',
    params: holidayParamsSchema,
    response: z.array(holidaySchema),
  }),
} as const;
