import { z } from 'zod';
import { sideSchema } from '../common';
import { route } from '../route';
import { calendarDateSchema } from './appointments';

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

const optionalClockTime = z.preprocess((v) => (v === '' || v === null ? undefined : v), clockTimeSchema.optional());

export const officeHoursDaySchema = z
  .object({
    dayOfWeek: z.number({ error: 'dayOfWeek must be 0 (Sunday) to 6 (Saturday)' }).int({ error: 'dayOfWeek must be 0 (Sunday) to 6 (Saturday)' }).min(0, { error: 'dayOfWeek must be 0 (Sunday) to 6 (Saturday)' }).max(6, { error: 'dayOfWeek must be 0 (Sunday) to 6 (Saturday)' }),
    // A closed day may leave its times blank (the editor disables them); they keep the defaults.
    startTime: optionalClockTime,
    endTime: optionalClockTime,
    isActive: z.boolean({ error: 'isActive must be true or false' }),
    offeringType: sideSchema.optional(),
  })
  .refine((d) => !d.isActive || (d.startTime !== undefined && d.endTime !== undefined), { error: 'an open day needs startTime and endTime', path: ['startTime'] })
  .refine((d) => !d.isActive || d.startTime === undefined || d.endTime === undefined || d.endTime > d.startTime, { error: 'endTime must be after startTime', path: ['endTime'] });

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

export const settingsSchema = z.object({
  offeringType: sideSchema,
  maxSessionsPerSlot: z.number().int(),
  changeCutoffHours: z.number().int(),
});
export type Settings = z.infer<typeof settingsSchema>;
const cutoffMessage = 'changeCutoffHours must be a whole number of hours from 0 to 720';
export const settingsUpdateSchema = z
  .object({
    maxSessionsPerSlot: z
      .number({ error: 'maxSessionsPerSlot must be a whole number of at least 1' })
      .int({ error: 'maxSessionsPerSlot must be a whole number of at least 1' })
      .min(1, { error: 'maxSessionsPerSlot must be at least 1' })
      .max(100, { error: 'maxSessionsPerSlot must be at most 100' })
      .optional(),
    changeCutoffHours: z.number({ error: cutoffMessage }).int({ error: cutoffMessage }).min(0, { error: cutoffMessage }).max(720, { error: cutoffMessage }).optional(),
  })
  .refine((v) => v.maxSessionsPerSlot !== undefined || v.changeCutoffHours !== undefined, { error: 'give maxSessionsPerSlot, changeCutoffHours or both' });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
export const offeringParamsSchema = z.object({ offering: sideSchema });

export const slotsQuerySchema = z.object({
  offeringType: sideSchema,
  date: calendarDateSchema,
  treatmentId: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().trim().max(100)).max(20))
    .transform((ids) => [...new Set(ids.filter(Boolean))]),
});
export const slotSchema = z.object({ time: z.string(), available: z.boolean() });
export const slotsResponseSchema = z.object({ slots: z.array(slotSchema), message: z.string().optional() });
export type Slot = z.infer<typeof slotSchema>;
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

const params = offeringParamsSchema;
export const scheduleRoutes = {
  availableSlots: route({
    method: 'get', path: '/api/available-slots', service: 'booking', access: 'public', tag: 'Availability', summary: 'Bookable 30-minute slots of a day',
    description: 'Slots start every 30 minutes from opening while start + duration ≤ closing; duration is the sum of the chosen items\' defaultDuration (60 when unknown). A slot is available when every 30-minute block it covers holds fewer than maxSessionsPerSlot non-cancelled appointments and it starts after now (Manila). A closed day has no slots and a message containing "closed".',
    query: slotsQuerySchema, response: slotsResponseSchema,
  }),
  officeHours: route({ method: 'get', path: '/api/office-hours/:offering', service: 'booking', access: 'public', tag: 'Office hours', summary: 'Office hours of each weekday', params, response: z.array(officeHoursSchema) }),
  saveOfficeHours: route({ method: 'post', path: '/api/office-hours/bulk', service: 'booking', access: 'admin', tag: 'Office hours', summary: 'Replace office hours of the given weekdays', body: officeHoursBulkSchema, response: z.array(officeHoursSchema) }),
  settings: route({ method: 'get', path: '/api/settings/:offering', service: 'booking', access: 'admin', tag: 'Settings', summary: 'Booking settings of an offering', params, response: settingsSchema }),
  saveSettings: route({ method: 'put', path: '/api/settings/:offering', service: 'booking', access: 'admin', tag: 'Settings', summary: 'Change concurrent sessions per slot and the manage-link change cut-off', params, body: settingsUpdateSchema, response: settingsSchema }),
} as const;
