import { appointmentFacts, type AppointmentFacts, type AppointmentMailKind, type EventData, type NotificationSettings } from '@bb/contracts';
import type { Logger } from '@bb/service-kit';
import { renderAppointmentMail, type AppointmentMailInput } from '../domain/appointment-mails';
import { appointmentMailId, newsletterMailId, slotOpenedMailId } from '../domain/mail-ids';
import { manilaWallInstant } from '../domain/manila-format';
import { renderNewsletterMail } from '../domain/newsletter-mail';
import { reminderDueAt, senderOf, sideOf, slotOpenedOn } from '../domain/settings';
import { renderSlotOpenedMail } from '../domain/slot-opened-mail';
import type { AppointmentStore } from './appointment-store';
import type { MailStore, NewMail } from './mail-store';
import type { SettingsStore } from './settings-store';

export interface MailerDeps {
  appointments: AppointmentStore;
  mails: MailStore;
  settings: SettingsStore;
  publicUrl: string;
  now: () => Date;
  /** Called once a mail is queued: the sender takes it at once instead of at its next poll. */
  queued: () => void;
  logger: Logger;
}

type MailContext = Pick<AppointmentMailInput, 'appointment' | 'manageToken' | 'settings' | 'publicUrl'>;

/** An event's data without what only that event type carries. */
const factsOf = (data: AppointmentFacts): AppointmentFacts => appointmentFacts.parse(data);

/**
 * What each event means in mails. Every mail an event makes has an id derived from the
 * appointment, the kind and the revision, so a redelivered event queues nothing twice; an event
 * older than the copy of its appointment makes no mail at all (it would tell an outdated story).
 */
export class Mailer {
  constructor(private readonly deps: MailerDeps) {}

  /** Booked: the customer's confirmation (with the invitation), the staff alert, the reminder. */
  async created(data: EventData<'booking.appointment.created'>): Promise<void> {
    const facts = factsOf(data);
    const context = await this.contextOf(facts, data.manageToken);
    if (!context) return;
    const { settings } = context;
    if (settings.enabled.confirmation) await this.queueNow({ ...context, kind: 'confirmation' }, facts.email);
    if (settings.enabled['staff-alert'] && settings.staffAlertEmail) await this.queueNow({ ...context, kind: 'staff-alert' }, settings.staffAlertEmail);
    await this.planReminder(context);
  }

  /** Moved: a notice with the updated invitation, and the reminder moved with it. */
  async rescheduled(data: EventData<'booking.appointment.rescheduled'>): Promise<void> {
    const facts = factsOf(data);
    const context = await this.contextOf(facts);
    if (!context) return;
    if (context.settings.enabled.reschedule) {
      const previousStart = data.previousStartTime ? new Date(data.previousStartTime) : manilaWallInstant(data.previousDate, data.previousTime);
      await this.queueNow({ ...context, kind: 'reschedule', previousStart, by: data.by }, facts.email);
    }
    await this.planReminder(context);
  }

  /** Cancelled: a notice withdrawing the invitation (unless staff chose not to tell), and no reminder either way. */
  async cancelled(data: EventData<'booking.appointment.cancelled'>): Promise<void> {
    const facts = factsOf(data);
    const context = await this.contextOf(facts);
    if (!context) return;
    if (data.notifyCustomer && context.settings.enabled.cancellation) await this.queueNow({ ...context, kind: 'cancellation', by: data.by }, facts.email);
    await this.deps.mails.dropReminders(facts.appointmentId, facts.revision);
  }

  /** Done: no reminder; pending again: the reminder comes back. */
  async statusChanged(data: EventData<'booking.appointment.status-changed'>): Promise<void> {
    const context = await this.contextOf(factsOf(data));
    if (context) await this.planReminder(context);
  }

  /**
   * A waitlisted slot freed up: one mail to the entry's address. A slot that has started by
   * now is no use to anyone, so it makes no mail; one that starts before the mail can go
   * (an SMTP outage) expires unsent.
   */
  async slotOpened(data: EventData<'booking.waitlist.slot-opened'>): Promise<void> {
    const start = new Date(data.startTime);
    const now = this.deps.now();
    if (start.getTime() <= now.getTime()) {
      this.deps.logger.info({ entryId: data.entryId }, 'freed slot already started: no waitlist mail');
      return;
    }
    const settings = await this.deps.settings.read(data.offeringType);
    if (!slotOpenedOn(settings)) return;
    const content = await renderSlotOpenedMail({ entry: data, settings, publicUrl: this.deps.publicUrl });
    const id = slotOpenedMailId(data.entryId);
    await this.queue({ id, kind: 'slot-opened', appointmentId: null, offeringType: data.offeringType, recipient: data.email, from: senderOf(settings), content, dueAt: now, createdAt: now, expiresAt: start });
  }

  /** A newsletter sign-up waiting for its address to be confirmed. */
  async newsletterConfirmation(data: EventData<'subscribers.confirmation.requested'>): Promise<void> {
    const settings = await this.deps.settings.read(sideOf(data.offeringType));
    const content = await renderNewsletterMail({ email: data.email, confirmToken: data.confirmToken, settings, publicUrl: this.deps.publicUrl });
    const now = this.deps.now();
    const id = newsletterMailId(data.subscriberId, data.confirmToken);
    await this.queue({ id, kind: 'newsletter-confirmation', appointmentId: null, offeringType: data.offeringType, recipient: data.email, from: senderOf(settings), content, dueAt: now, createdAt: now });
  }

  /** The copy brought up to the event, and what its mails are written from; null for a stale event. */
  private async contextOf(facts: AppointmentFacts, manageToken?: string): Promise<MailContext | null> {
    const applied = await this.deps.appointments.apply(facts, manageToken);
    if (applied.outcome === 'stale') {
      this.deps.logger.info({ appointmentId: facts.appointmentId, revision: facts.revision }, 'older appointment event after a newer one: no mail');
      return null;
    }
    const settings: NotificationSettings = await this.deps.settings.read(facts.offeringType);
    return { appointment: facts, manageToken: applied.manageToken, settings, publicUrl: this.deps.publicUrl };
  }

  private async queueNow(input: AppointmentMailInput, recipient: string): Promise<void> {
    const a = input.appointment;
    const now = this.deps.now();
    await this.queue({
      id: appointmentMailId(a.appointmentId, input.kind, a.revision),
      kind: input.kind,
      appointmentId: a.appointmentId,
      offeringType: a.offeringType,
      recipient,
      from: senderOf(input.settings),
      content: await renderAppointmentMail(input),
      dueAt: now,
      createdAt: now,
    });
  }

  /** Queues a mail; one due now goes to the sender at once. */
  private async queue(mail: NewMail): Promise<void> {
    const created = await this.deps.mails.queue(mail);
    if (created && mail.dueAt.getTime() <= this.deps.now().getTime()) this.deps.queued();
  }

  /**
   * Makes the appointment's reminder match its latest facts: due `reminderLeadHours` before a
   * pending appointment, or none (done, cancelled, reminders off, or that moment already past).
   * A queued reminder is moved and rewritten; once one went out, a new time gets a new one.
   */
  private async planReminder(context: MailContext): Promise<void> {
    await this.writeReminder(context);
    // Events of one appointment arrive on separate queues and may be handled at once: a newer
    // one (a cancellation) may have applied its facts and dropped the reminders while this
    // older one was writing its own. Its facts are superseded, so its reminder goes too.
    const { appointment: a } = context;
    const latest = await this.deps.appointments.revisionOf(a.appointmentId);
    if (latest !== null && latest > a.revision) await this.deps.mails.dropReminders(a.appointmentId, a.revision);
  }

  private async writeReminder(context: MailContext): Promise<void> {
    const { appointment: a, settings } = context;
    const { mails } = this.deps;
    const start = new Date(a.startTime);
    const dueAt = a.status === 'pending' && settings.enabled.reminder ? reminderDueAt(start, settings.reminderLeadHours, this.deps.now()) : null;
    if (!dueAt) {
      await mails.dropReminders(a.appointmentId, a.revision);
      return;
    }
    const reminders = await mails.remindersOf(a.appointmentId);
    // A newer event of this appointment planned its reminder already.
    if (reminders.some((r) => (r.factsRevision ?? -1) > a.revision)) return;
    const kind: AppointmentMailKind = 'reminder';
    const content = await renderAppointmentMail({ ...context, kind });
    const queued = reminders.find((r) => r.status === 'queued');
    if (queued && (await mails.replanReminder(queued._id, a.revision, { recipient: a.email, content, dueAt, startsAt: start }))) return;
    await this.queue({
      id: appointmentMailId(a.appointmentId, kind, a.revision),
      kind,
      appointmentId: a.appointmentId,
      offeringType: a.offeringType,
      recipient: a.email,
      from: senderOf(settings),
      content,
      dueAt,
      createdAt: this.deps.now(),
      reminder: { factsRevision: a.revision, startsAt: start },
    });
  }
}
