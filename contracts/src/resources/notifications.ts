import { z } from 'zod';
import { idParamsSchema, isOnePlainAddress, offeringTypeSchema, sideSchema } from '../common';
import { route } from '../route';
import { offeringParamsSchema } from './schedule';
import { FRONT_DESK, MANAGEMENT } from '../roles';

/** What the notifications service mails; each kind can be turned off per offering. */
export const APPOINTMENT_MAIL_KINDS = ['confirmation', 'reschedule', 'cancellation', 'reminder', 'staff-alert'] as const;
/**
 * The mails of a deposit (issue 31), which staff cannot turn off: the pay link while the slot is
 * held and one reminder before the hold ends, the receipt, the refund notice, and the notice of
 * a time that could not be kept after a late payment.
 */
export const DEPOSIT_MAIL_KINDS = ['payment-request', 'payment-reminder', 'payment-receipt', 'refund-notice', 'slot-lost'] as const;
/** slot-opened: a time a waitlisted visitor wanted is free (booking.waitlist.slot-opened); staff-invitation: a set-password link (auth.user.invited). */
export const MAIL_KINDS = [...APPOINTMENT_MAIL_KINDS, 'slot-opened', 'newsletter-confirmation', 'staff-invitation', ...DEPOSIT_MAIL_KINDS] as const;
export const mailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof mailKindSchema>;
export type AppointmentMailKind = (typeof APPOINTMENT_MAIL_KINDS)[number];
export type DepositMailKind = (typeof DEPOSIT_MAIL_KINDS)[number];

/**
 * queued: waiting for its time or its next attempt; cancelled: a reminder dropped because the
 * appointment changed, a freed slot that started before its mail could go, a deposit mail no
 * longer needed (paid, released) or over the limit of payment requests to one address.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'cancelled'] as const;
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const DEFAULT_REMINDER_LEAD_HOURS = 24;

const mailKindSwitches = z.object({
  confirmation: z.boolean(),
  reschedule: z.boolean(),
  cancellation: z.boolean(),
  reminder: z.boolean(),
  'staff-alert': z.boolean(),
  // Optional, absent meaning on: settings saved before waitlists existed, and clients that
  // do not know this switch, keep the mail going.
  'slot-opened': z.boolean().optional(),
});

export const notificationSettingsSchema = z.object({
  offeringType: sideSchema,
  /** Where new-booking alerts go; blank: nobody. */
  staffAlertEmail: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  reminderLeadHours: z.number(),
  enabled: mailKindSwitches,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const emailOrBlank = (field: string) =>
  z
    .string({ error: `${field} must be an e-mail address` })
    .trim()
    .max(254)
    .refine((v) => v === '' || (isOnePlainAddress(v) && v.includes('.', v.indexOf('@'))), {
      error: `${field} must be an e-mail address like name@example.com`,
    });
const leadMessage = 'reminderLeadHours must be a number of hours from 0.02 (one minute) to 168 (a week)';

export const notificationSettingsUpdateSchema = z.object({
  staffAlertEmail: emailOrBlank('staffAlertEmail'),
  senderName: z
    .string({ error: 'senderName is required' })
    .trim()
    .min(1, { error: 'senderName is required' })
    .max(100)
    .refine((v) => !/[\r\n<>"]/.test(v), { error: 'senderName may not contain line breaks, <, > or "' }),
  senderEmail: emailOrBlank('senderEmail').refine((v) => v !== '', { error: 'senderEmail is required' }),
  // Fractions are allowed (1.5 = 90 minutes), down to one minute.
  reminderLeadHours: z
    .number({ error: leadMessage })
    .min(1 / 60, { error: leadMessage })
    .max(168, { error: leadMessage }),
  enabled: mailKindSwitches,
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** One mail and what became of it: the console's mail log. */
export const mailSchema = z.object({
  id: z.string(),
  kind: mailKindSchema,
  appointmentId: z.string().nullable(),
  offeringType: offeringTypeSchema,
  recipient: z.string(),
  subject: z.string(),
  status: mailStatusSchema,
  attempts: z.number().int(),
  /** The SMTP server's last answer (or the connection error), as it came. */
  lastResponse: z.string().nullable(),
  /** What became of the mail in a few plain words, for people ("Accepted by the mail server"); `lastResponse` keeps the server's own line. */
  outcome: z.string(),
  /** Stable across attempts, so a mail sent twice is recognisable. */
  messageId: z.string(),
  /** When it is (or was) due: now for most mails, the reminder time for reminders. */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  /** The mail this one re-sends, when staff pressed Resend. */
  resendOf: z.string().nullable(),
});
export type Mail = z.infer<typeof mailSchema>;

const tag = 'Notifications';
export const notificationRoutes = {
  settings: route({
    method: 'get',
    path: '/api/notification-settings/:offering',
    service: 'notifications',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Mail settings of an offering',
    params: offeringParamsSchema,
    response: notificationSettingsSchema,
  }),
  saveSettings: route({
    method: 'put',
    path: '/api/notification-settings/:offering',
    service: 'notifications',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Change mail settings of an offering',
    description: 'A changed reminder lead time moves the reminders still to be sent.',
    params: offeringParamsSchema,
    body: notificationSettingsUpdateSchema,
    response: notificationSettingsSchema,
  }),
  appointmentMails: route({
    method: 'get',
    path: '/api/appointments/:id/mails',
    service: 'notifications',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'The mails of an appointment, oldest first',
    params: idParamsSchema,
    response: z.array(mailSchema),
  }),
  resend: route({
    method: 'post',
    path: '/api/mails/:id/resend',
    service: 'notifications',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Send a mail again',
    description: 'Queues a copy (a new record with its own Message-ID, `resendOf` naming the original) to be sent now.',
    params: idParamsSchema,
    response: mailSchema,
    status: 201,
  }),
} as const;
