import {
  notificationSettingsUpdateSchema,
  settingsUpdateSchema,
  type AppointmentMailKind,
  type Mail,
  type MailKind,
  type MailStatus,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type Settings,
} from '@bb/contracts';
import { formatInstant } from './dates';
import { serverDetails } from './forms';

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  confirmation: 'Confirmation',
  reschedule: 'Reschedule',
  cancellation: 'Cancellation',
  reminder: 'Reminder',
  'staff-alert': 'Staff alert',
  'slot-opened': 'Waitlist: time free',
  'newsletter-confirmation': 'Newsletter confirmation',
  'staff-invitation': 'Staff invitation',
  'payment-request': 'Payment request',
  'payment-reminder': 'Payment reminder',
  'payment-receipt': 'Payment receipt',
  'refund-notice': 'Refund notice',
  'slot-lost': 'Time not kept (refunded)',
};

/** What each switch of the Notifications screen turns on or off. */
export const MAIL_KIND_HELP: Record<AppointmentMailKind, string> = {
  confirmation: 'To the customer when they book, with a calendar invitation and their link to change or cancel.',
  reschedule: 'To the customer when their appointment moves to another time.',
  cancellation: 'To the customer when their appointment is cancelled.',
  reminder: 'To the customer ahead of their appointment, at the lead time below.',
  'staff-alert': 'To the staff alert address when a new booking comes in.',
};

/** The Notifications form as typed: the hours stay text until saved, so a blank is not read as 0. */
export interface NotificationForm {
  staffAlertEmail: string;
  senderName: string;
  senderEmail: string;
  reminderLeadHours: string;
  changeCutoffHours: string;
  maxReschedulesPerBooking: string;
  enabled: Record<AppointmentMailKind, boolean>;
}

/** The text fields, named as the API names them, so the server's validation details land on them. */
export type NotificationField = Exclude<keyof NotificationForm, 'enabled'>;
export type NotificationErrors = Partial<Record<NotificationField, string>>;

const FIELDS: readonly NotificationField[] = [
  'staffAlertEmail',
  'senderName',
  'senderEmail',
  'reminderLeadHours',
  'changeCutoffHours',
  'maxReschedulesPerBooking',
];
const isField = (path: unknown): path is NotificationField => FIELDS.includes(path as NotificationField);

/** The booking settings the form edits: what the customer's manage link allows. */
export type ManageLinkSettings = Pick<Settings, 'changeCutoffHours' | 'maxReschedulesPerBooking'>;

/** The form from the two stored parts: the mail settings and the booking settings of the manage link. */
export function notificationForm(settings: NotificationSettings, booking: ManageLinkSettings): NotificationForm {
  return {
    staffAlertEmail: settings.staffAlertEmail,
    senderName: settings.senderName,
    senderEmail: settings.senderEmail,
    reminderLeadHours: String(settings.reminderLeadHours),
    changeCutoffHours: String(booking.changeCutoffHours),
    maxReschedulesPerBooking: String(booking.maxReschedulesPerBooking),
    enabled: { ...settings.enabled },
  };
}

/** A typed number; a blank field is no number at all (NaN), which the rules refuse, rather than 0. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The two writes of one Save: the mail settings, and the manage link's cut-off and move limit (kept by booking, with the other booking settings). */
export function notificationRequests(form: NotificationForm): { notifications: NotificationSettingsUpdate; booking: ManageLinkSettings } {
  return {
    notifications: {
      staffAlertEmail: form.staffAlertEmail,
      senderName: form.senderName,
      senderEmail: form.senderEmail,
      reminderLeadHours: typedNumber(form.reminderLeadHours),
      enabled: form.enabled,
    },
    booking: { changeCutoffHours: typedNumber(form.changeCutoffHours), maxReschedulesPerBooking: typedNumber(form.maxReschedulesPerBooking) },
  };
}

/** Each field's first problem, keeping only paths that name a field of the form. */
function byField(issues: readonly { path: unknown; message: string }[]): NotificationErrors {
  const errors: NotificationErrors = {};
  for (const { path, message } of issues) if (isField(path) && !errors[path]) errors[path] = message;
  return errors;
}

/**
 * The form checked by the contract's own rules before anything is sent, so every field's
 * problem shows at once, in the words the server would use, and neither write goes half-way.
 */
export function notificationProblems(form: NotificationForm): NotificationErrors {
  const { notifications, booking } = notificationRequests(form);
  const issues = [
    ...(notificationSettingsUpdateSchema.safeParse(notifications).error?.issues ?? []),
    ...(settingsUpdateSchema.safeParse(booking).error?.issues ?? []),
  ];
  return byField(issues.map((issue) => ({ path: issue.path[0], message: issue.message })));
}

/** The server's validation details of failed saves, by field (a detail's path is the field's API name). */
export const serverFieldErrors = (failures: readonly unknown[]): NotificationErrors =>
  byField(serverDetails(failures).map((d) => ({ path: d.path.split('.')[0], message: d.message })));

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed', cancelled: 'Cancelled' };
export const MAIL_STATUS_PALETTE: Record<MailStatus, string> = { queued: 'yellow', sent: 'green', failed: 'red', cancelled: 'gray' };

/** When a mail went, or what became of it, in Manila time. */
export function mailTiming(mail: Pick<Mail, 'status' | 'sentAt' | 'dueAt' | 'createdAt'>): string {
  switch (mail.status) {
    case 'sent':
      return `Sent ${formatInstant(mail.sentAt ?? mail.createdAt)}`;
    case 'queued':
      return `Due ${formatInstant(mail.dueAt)}`;
    case 'failed':
      return 'Not delivered';
    case 'cancelled':
      return 'Not sent: the appointment changed';
  }
}

export const attemptsText = (attempts: number) => `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;

/**
 * A mail still on its way (queued and due): the list looks again shortly, so a resent mail
 * turns Sent by itself. A reminder queued for next week is not on its way.
 */
export const mailsInFlight = (mails: readonly Pick<Mail, 'status' | 'dueAt'>[], now: Date): boolean =>
  mails.some((m) => m.status === 'queued' && Date.parse(m.dueAt) <= now.getTime());

/** A queued mail is going anyway: sending it again would only make two. */
export const canResend = (mail: Pick<Mail, 'status'>): boolean => mail.status !== 'queued';
