import { z } from 'zod';
import { offeringTypeSchema } from '../common';
import { route } from '../route';
import { calendarDateSchema } from './appointments';
import { MANAGEMENT } from '../roles';
import { paymentMethodSchema, paymentMethodTypeSchema } from './payments';

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
  /**
   * Whether customers came, among the range's appointments that are not cancelled and have
   * started by now (future ones cannot be marked yet). noShowRate: noShow of those marked
   * (attended + noShow), in percent, one decimal; null when none is marked.
   */
  attendance: z.object({ attended: count, noShow: count, unmarked: count, noShowRate: z.number().nullable() }),
});
export type AppointmentReport = z.infer<typeof appointmentReportSchema>;

/** A number of payments and the centavos they hold. */
const money = z.object({ count, centavos: count });

/**
 * Deposits and prepayments of the appointments whose start lies on a Manila date from `from` to
 * `to` (inclusive), as they stand now: a payment counts by its appointment's date, so a refund
 * made after the range still counts in it. Where each status counts:
 * - collected: every payment paid in (paid, kept, refunding, refund_due, refunded), its full
 *   amount: money later kept or given back was collected first.
 * - refunded: the refunds completed (PayMongo's succeeded, a transfer's sent back by hand):
 *   count of payments with one, centavos of those refunds (a partial refund counts its amount).
 * - refundPending: refunds started but not completed (PayMongo's pending, a transfer's due).
 * - kept: payments kept on a late cancellation (status kept), less any part refunded. A paid
 *   deposit of an appointment that took place stays `paid`: it is in collected, not in kept.
 * - netCentavos: collected less refunded and refundPending: what stays with the business.
 * - outstanding: not paid yet (awaiting, or a receipt in review); expired: released unpaid.
 * byMethod and byMethodType split collected (and what went back of it) by how it was paid;
 * byDay lists only the dates with a payment collected (refunded and kept beside), by date.
 */
export const depositReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  collected: money,
  refunded: money,
  refundPending: money,
  kept: money,
  netCentavos: count,
  outstanding: count,
  expired: count,
  byMethod: z.array(z.object({ method: paymentMethodSchema, count, centavos: count, refundedCentavos: count })),
  byMethodType: z.array(z.object({ methodType: paymentMethodTypeSchema, count, centavos: count })),
  byDay: z.array(z.object({ date: z.string(), count, collected: count, refunded: count, kept: count })),
});
export type DepositReport = z.infer<typeof depositReportSchema>;

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
  deposits: route({
    method: 'get',
    path: '/api/reports/deposits',
    service: 'payments',
    access: 'admin',
    roles: MANAGEMENT,
    tag: 'Reports',
    summary: 'Deposits collected, refunded and kept for a date range (Manila dates of the appointments)',
    description:
      'Payments of the appointments whose start lies between from and to (inclusive), as they stand now; offering `both` or none means both sides. Amounts in centavos. ' +
      'collected: paid, kept, refunding, refund_due and refunded payments, their full amounts; refunded: refunds completed (PayMongo succeeded, transfer sent); ' +
      'refundPending: refunds started, not completed; kept: kept payments less any part refunded; netCentavos: collected less refunded and refundPending; ' +
      'outstanding: awaiting or in_review; expired: released unpaid. byDay lists the dates with a payment collected.',
    query: reportQuerySchema,
    response: depositReportSchema,
  }),
} as const;
