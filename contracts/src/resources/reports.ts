import { z } from 'zod';
import { offeringTypeSchema } from '../common';
import { route } from '../route';
import { calendarDateSchema } from './appointments';
import { MANAGEMENT } from '../roles';

export const AGE_GROUPS = ['Under 20', '20-29', '30-39', '40-49', '50+'] as const;
/** Age group or gender of an appointment that left it blank; listed so counts add up to the total. */
export const REPORT_NOT_GIVEN = 'Not given';

export const reportQuerySchema = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    offering: offeringTypeSchema.optional(),
  })
  .refine((q) => q.from <= q.to, { error: 'from must not be after to', path: ['to'] });

const count = z.number().int();
export const appointmentReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: count,
  byStatus: z.object({ pending: count, done: count, cancelled: count }),
  byItem: z.array(z.object({ id: z.string(), name: z.string(), count })),
  byAgeGroup: z.array(z.object({ group: z.string(), count })),
  byGender: z.array(z.object({ gender: z.string(), count })),
  byWeekday: z.array(z.object({ dayOfWeek: z.number().int(), count })),
  byHour: z.array(z.object({ hour: z.number().int(), count })),
  /**
   * Per practitioner configured for the offering (both sides for `both` or none), by name, and
   * anyone booked in the range who no longer is; empty when none is configured. Cancelled
   * appointments are not counted; hours in one decimal, utilisation in percent of hoursWorking.
   */
  byPractitioner: z.array(
    z.object({ id: z.string(), name: z.string(), appointments: count, hoursBooked: z.number(), hoursWorking: z.number(), utilisation: z.number() }),
  ),
});
export type AppointmentReport = z.infer<typeof appointmentReportSchema>;

export const reportRoutes = {
  appointments: route({
    method: 'get',
    path: '/api/reports/appointments',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag: 'Reports',
    summary: 'Appointment statistics for a date range (Manila dates)',
    description: 'Appointments whose preferred date lies between from and to (inclusive), of every status; offering `both` or none means both sides.',
    query: reportQuerySchema,
    response: appointmentReportSchema,
  }),
} as const;
