import { z } from 'zod';
import { emailAddressSchema, idParamsSchema, offeringTypeSchema, sideSchema } from '../common';
import { route } from '../route';
import { calendarDateSchema } from './appointments';
import { OPEN_DAY_RULES, optionalClockTime, treatmentIdsQuery, weekdayNumberSchema } from './schedule';
import { FRONT_DESK, MANAGEMENT } from '../roles';

/** One weekday of a practitioner's working hours (HH:mm); a day off keeps its times for the editor. */
export const workingHoursSchema = z.object({ weekday: z.number().int(), isActive: z.boolean(), startTime: z.string(), endTime: z.string() });
export type WorkingHours = z.infer<typeof workingHoursSchema>;

/** Days off or leave, both dates (Manila, yyyy-MM-dd) included. */
export const leaveSchema = z.object({ from: z.string(), to: z.string(), note: z.string() });
export type Leave = z.infer<typeof leaveSchema>;

/**
 * A staff member as booking knows them: name, picture and side from the catalog's Staff
 * screen (by its events), and what booking's own editor sets.
 */
export const practitionerSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  offeringType: offeringTypeSchema,
  /** The treatments and packages they perform. */
  skills: z.array(z.string()),
  /** Seven entries, Sunday first; a person nobody has set up works no day. */
  hours: z.array(workingHoursSchema),
  leave: z.array(leaveSchema),
  /** Where their staff alerts go; null: none. */
  email: z.string().nullable(),
  /** Takes bookings; off until staff turn it on. */
  bookable: z.boolean(),
});
export type Practitioner = z.infer<typeof practitionerSchema>;

/** What a visitor sees of a practitioner to choose one. */
export const publicPractitionerSchema = practitionerSchema.pick({ id: true, name: true, imageUrl: true });
export type PublicPractitioner = z.infer<typeof publicPractitionerSchema>;

export const MAX_SKILLS = 200;
export const MAX_LEAVE_ENTRIES = 100;

const workingDaySchema = z
  .object({
    weekday: weekdayNumberSchema('weekday'),
    // A day off may leave its times blank; it keeps the ones it had.
    startTime: optionalClockTime,
    endTime: optionalClockTime,
    isActive: z.boolean({ error: 'isActive must be true or false' }),
  })
  .refine(...OPEN_DAY_RULES[0])
  .refine(...OPEN_DAY_RULES[1]);

const leaveEntrySchema = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    note: z.string({ error: 'note must be text' }).trim().max(120, { error: 'note must be at most 120 characters' }).default(''),
  })
  .refine((l) => l.from <= l.to, { error: 'leave must not end (to) before it starts (from)', path: ['to'] });

const emailMessage = 'email must be an e-mail address, or null for none';

/** Any of booking's fields; those left out keep their value. `hours` replaces only the weekdays it lists. */
export const practitionerUpdateSchema = z
  .object({
    skills: z
      .array(z.string({ error: 'skills must be a list of treatment or package ids' }).trim().min(1).max(100), {
        error: 'skills must be a list of treatment or package ids',
      })
      .max(MAX_SKILLS, { error: `skills may list at most ${MAX_SKILLS} items` })
      .transform((ids) => [...new Set(ids)])
      .optional(),
    hours: z
      .array(workingDaySchema, { error: 'hours must be a list of weekdays' })
      .min(1, { error: 'hours must list at least one day' })
      .max(7, { error: 'hours may list at most 7 days' })
      .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, { error: 'each weekday may appear once' })
      .optional(),
    leave: z
      .array(leaveEntrySchema, { error: 'leave must be a list of { from, to, note }' })
      .max(MAX_LEAVE_ENTRIES, { error: `leave may list at most ${MAX_LEAVE_ENTRIES} entries` })
      .optional(),
    email: emailAddressSchema(emailMessage).nullable().optional(),
    bookable: z.boolean({ error: 'bookable must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: 'give at least one of skills, hours, leave, email, bookable' });
export type PractitionerUpdate = z.input<typeof practitionerUpdateSchema>;

export const availablePractitionersQuerySchema = z.object({ offeringType: sideSchema, treatmentId: treatmentIdsQuery });

const tag = 'Practitioners';
export const practitionerRoutes = {
  list: route({
    method: 'get',
    path: '/api/practitioners',
    service: 'booking',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Every practitioner (catalog staff) with their skills, working hours, leave, alert address and whether they take bookings',
    response: z.array(practitionerSchema),
  }),
  update: route({
    method: 'put',
    path: '/api/practitioners/:id',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: "Change a practitioner's skills, working hours, leave, alert address or whether they take bookings",
    description: 'Fields left out keep their value; `hours` replaces the weekdays it lists. Skills must be treatments or packages booking knows.',
    params: idParamsSchema,
    body: practitionerUpdateSchema,
    response: practitionerSchema,
  }),
  available: route({
    method: 'get',
    path: '/api/available-practitioners',
    service: 'booking',
    access: 'public',
    tag,
    summary: 'Practitioners a visitor may choose for these treatments or packages, by name',
    description:
      'Those of the offering (or of both) who take bookings and perform every chosen item that needs a practitioner (`/api/requirements`); none when no chosen item needs one (there is no one to choose).',
    query: availablePractitionersQuerySchema,
    response: z.array(publicPractitionerSchema),
  }),
} as const;
