import { DEFAULT_REMINDER_LEAD_HOURS, type NotificationSettings, type OfferingType, type Side } from '@bb/contracts';

const SENDERS: Record<Side, { senderName: string; senderEmail: string }> = {
  clinic: { senderName: 'Lumière Clinic', senderEmail: 'clinic@beauty-booking.local' },
  studio: { senderName: 'Lumière Studio', senderEmail: 'studio@beauty-booking.local' },
};

/** An offering's settings until staff save their own: every mail on, no staff alerts, reminders a day ahead. */
export function defaultSettings(offeringType: Side): NotificationSettings {
  return {
    offeringType,
    staffAlertEmail: '',
    ...SENDERS[offeringType],
    reminderLeadHours: DEFAULT_REMINDER_LEAD_HOURS,
    enabled: { confirmation: true, reschedule: true, cancellation: true, reminder: true, 'staff-alert': true, 'slot-opened': true },
  };
}

/** Whose settings a mail follows: a newsletter sign-up for both sides writes as the clinic. */
export const sideOf = (offeringType: OfferingType): Side => (offeringType === 'studio' ? 'studio' : 'clinic');

/** Waitlist mails go unless staff turned them off: settings saved before the switch existed lack it. */
export const slotOpenedOn = (settings: NotificationSettings): boolean => settings.enabled['slot-opened'] !== false;

/** The From of an offering's mails, as nodemailer takes it (it quotes the name). */
export const senderOf = (settings: NotificationSettings) => ({ name: settings.senderName, address: settings.senderEmail });

const HOUR_MS = 3_600_000;

/** When an appointment's reminder is due; null when that moment has already passed. */
export function reminderDueAt(start: Date, leadHours: number, now: Date): Date | null {
  const due = new Date(start.getTime() - Math.round(leadHours * HOUR_MS));
  return due.getTime() > now.getTime() ? due : null;
}

/** One recipient of a staff mail; `practitioner`: the appointment's practitioner's address rather than the offering's. */
export interface StaffRecipient {
  address: string;
  practitioner: boolean;
}

/**
 * Who gets an appointment's staff mails: the offering's alert address and its practitioner's,
 * each once (the same address in other letter case is the same mailbox), none while the
 * offering's staff alert switch is off.
 */
export function staffRecipients(settings: NotificationSettings, practitionerAlertEmail: string | undefined): StaffRecipient[] {
  if (!settings.enabled['staff-alert']) return [];
  const offering = settings.staffAlertEmail.trim();
  const practitioner = practitionerAlertEmail?.trim() ?? '';
  return [
    ...(offering ? [{ address: offering, practitioner: false }] : []),
    ...(practitioner && practitioner.toLowerCase() !== offering.toLowerCase() ? [{ address: practitioner, practitioner: true }] : []),
  ];
}
