import {
  appointmentFacts,
  ERASED_CUSTOMER_CONTACT,
  type AppointmentFacts,
  type AppointmentMailKind,
  type EventData,
  type NotificationSettings,
} from '@bb/contracts';
import type { Logger } from '@bb/service-kit';
import { renderAppointmentMail, type AppointmentMailInput } from '../domain/appointment-mails';
import { MANAGE_TOKEN_PLACEHOLDER } from '../domain/manage-link';
import { appointmentMailId, newsletterMailId, practitionerMailId, slotOpenedMailId, staffInvitationMailId } from '../domain/mail-ids';
import { manilaWallInstant } from '../domain/manila-format';
import { renderNewsletterMail } from '../domain/newsletter-mail';
import { reminderDueAt, senderOf, sideOf, slotOpenedOn, staffRecipients } from '../domain/settings';
import { renderSlotOpenedMail } from '../domain/slot-opened-mail';
import { renderStaffInvitationMail } from '../domain/staff-invitation-mail';
import type { AppointmentStore, Held } from './appointment-store';
import type { MailStore, NewMail } from './mail-store';
import type { SettingsStore } from './settings-store';

export interface MailerDeps {
  appointments: AppointmentStore;
  mails: MailStore;
  settings: SettingsStore;
  publicUrl: string;
  /** How long a reschedule notice waits for further moves (RESCHEDULE_MAIL_QUIET_MS). */
  rescheduleQuietMs: number;
  now: () => Date;
  /** Called once a mail is queued, with when it is due: the sender takes it then instead of at a later poll. */
  queued: (dueAt: Date) => void;
  logger: Logger;
}

type MailContext = Pick<AppointmentMailInput, 'appointment' | 'manageToken' | 'settings' | 'publicUrl'>;

/** An event's data without what only that event type carries. */
const factsOf = (data: AppointmentFacts): AppointmentFacts => appointmentFacts.parse(data);
/** Whether the customer can be told: an erased customer's placeholder is no address, and nothing goes to them again. */
const reachable = (facts: Pick<AppointmentFacts, 'email'>) => facts.email !== ERASED_CUSTOMER_CONTACT.email;
/** Where a move took the appointment from (events published before previousStartTime carry the wall time only). */
const previousStartOf = (data: EventData<'booking.appointment.rescheduled'>): Date =>
  data.previousStartTime ? new Date(data.previousStartTime) : manilaWallInstant(data.previousDate, data.previousTime);

/**
 * What each event means in mails. Every mail an event makes has an id derived from the
 * appointment, the kind and the revision, so a redelivered event queues nothing twice; an event
 * older than the copy of its appointment makes no mail at all (it would tell an outdated story).
 * Appointment mails are stored with a placeholder for the manage link's token, which the sender
 * puts in (derived from the appointment id): no token is ever stored here.
 */
export class Mailer {
  constructor(private readonly deps: MailerDeps) {}

  /** Booked: the customer's confirmation (with the invitation), the staff alert (to the offering's and the practitioner's address), the reminder. */
  async created(data: EventData<'booking.appointment.created'>): Promise<void> {
    const facts = factsOf(data);
    const context = await this.contextOf(facts);
    if (!context) return;
    const { settings } = context;
    if (settings.enabled.confirmation && reachable(facts)) await this.queueNow({ ...context, kind: 'confirmation' }, facts.email);
    for (const staff of staffRecipients(settings, data.practitionerAlertEmail)) {
      const id = staff.practitioner ? practitionerMailId(facts.appointmentId, 'staff-alert', facts.revision) : undefined;
      await this.queueNow({ ...context, kind: 'staff-alert' }, staff.address, id);
    }
    await this.planReminder(context);
  }

  /**
   * Moved: a notice with the updated invitation, and the reminder moved with it. The notice
   * waits for the quiet period; further moves within it fold into it (latest time and
   * SEQUENCE, from the start the customer last heard of), so quick moves make one mail.
   */
  async rescheduled(data: EventData<'booking.appointment.rescheduled'>): Promise<void> {
    const facts = factsOf(data);
    const context = await this.contextOf(facts);
    if (!context) return this.earlierMove(data);
    const noticeDue = context.settings.enabled.reschedule && reachable(facts) ? await this.noticeMove(context, data) : null;
    // Events of one appointment arrive on separate queues: a cancellation handled meanwhile has
    // either dropped the notice already, or applied its facts before planReminder read the copy.
    const held = await this.planReminder(context);
    if (held && held.revision > facts.revision && held.status === 'cancelled') await this.deps.mails.dropMoveNotices(facts.appointmentId, held.revision);
    else if (noticeDue) this.deps.queued(noticeDue);
  }

  /**
   * Cancelled: a notice withdrawing the invitation (unless staff chose not to tell), and no
   * reminder either way. A reschedule notice still waiting is dropped: it would arrive after
   * the cancellation and tell a time that no longer holds.
   */
  async cancelled(data: EventData<'booking.appointment.cancelled'>): Promise<void> {
    const facts = factsOf(data);
    const context = await this.contextOf(facts);
    if (!context) return;
    await this.deps.mails.dropMoveNotices(facts.appointmentId, facts.revision);
    if (data.notifyCustomer && reachable(facts) && context.settings.enabled.cancellation)
      await this.queueNow({ ...context, kind: 'cancellation', by: data.by }, facts.email);
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
    await this.queueVisitorMail(
      { id: slotOpenedMailId(data.entryId), kind: 'slot-opened', offeringType: data.offeringType, recipient: data.email, settings, content, now },
      { expiresAt: start },
    );
  }

  /** A newsletter sign-up waiting for its address to be confirmed. */
  async newsletterConfirmation(data: EventData<'subscribers.confirmation.requested'>): Promise<void> {
    const settings = await this.deps.settings.read(sideOf(data.offeringType));
    const content = await renderNewsletterMail({ email: data.email, confirmToken: data.confirmToken, settings, publicUrl: this.deps.publicUrl });
    const now = this.deps.now();
    await this.queueVisitorMail(
      {
        id: newsletterMailId(data.subscriberId, data.confirmToken),
        kind: 'newsletter-confirmation',
        offeringType: data.offeringType,
        recipient: data.email,
        settings,
        content,
        now,
      },
      data.unsubscribeUrl ? { listUnsubscribeUrl: data.unsubscribeUrl } : {},
    );
  }

  /**
   * A staff member invited to the console: one mail to exactly the invited address with the
   * set-password link, sent as the clinic (the business's console has no side of its own).
   */
  async staffInvitation(data: EventData<'auth.user.invited'>): Promise<void> {
    const settings = await this.deps.settings.read('clinic');
    const content = await renderStaffInvitationMail({ invitation: data, settings, publicUrl: this.deps.publicUrl });
    const now = this.deps.now();
    await this.queueVisitorMail(
      { id: staffInvitationMailId(data.userId, data.token), kind: 'staff-invitation', offeringType: 'clinic', recipient: data.email, settings, content, now },
      { expiresAt: new Date(data.expiresAt) },
    );
  }

  /** The copy brought up to the event, and what its mails are written from; null for a stale event. */
  private async contextOf(facts: AppointmentFacts): Promise<MailContext | null> {
    if ((await this.deps.appointments.apply(facts)) === 'stale') {
      this.deps.logger.info({ appointmentId: facts.appointmentId, revision: facts.revision }, 'older appointment event after a newer one: no mail');
      return null;
    }
    const settings: NotificationSettings = await this.deps.settings.read(facts.offeringType);
    return { appointment: facts, manageToken: MANAGE_TOKEN_PLACEHOLDER, settings, publicUrl: this.deps.publicUrl };
  }

  /** The move folded into the appointment's reschedule notice; when that is due, or null when it had been told already. */
  private async noticeMove(context: MailContext, data: EventData<'booking.appointment.rescheduled'>): Promise<Date | null> {
    const a = context.appointment;
    const now = this.deps.now();
    const dueAt = new Date(now.getTime() + this.deps.rescheduleQuietMs);
    const outcome = await this.deps.mails.noticeMove({
      appointmentId: a.appointmentId,
      offeringType: a.offeringType,
      recipient: a.email,
      from: senderOf(context.settings),
      revision: a.revision,
      previousStart: previousStartOf(data),
      by: data.by,
      dueAt,
      now,
      render: (previousStart) => renderAppointmentMail({ ...context, kind: 'reschedule', previousStart, by: data.by }),
    });
    if (outcome !== 'told') return dueAt;
    // Told by a notice a later move opened: this move was applied to the copy before that one,
    // but the later move wrote its notice first (the replicas work side by side).
    await this.earlierMove(data);
    return null;
  }

  /**
   * A move handled after a later one (the replicas took them side by side): it makes no mail of
   * its own, but the notice still open says the appointment moved from this move's earlier
   * start, the one the customer last heard of. Rendered from the copy at the revision the notice
   * tells. Nothing for a redelivery: the notice it opened already starts from it.
   */
  private async earlierMove(data: EventData<'booking.appointment.rescheduled'>): Promise<void> {
    const settings = await this.deps.settings.read(data.offeringType);
    if (!settings.enabled.reschedule) return;
    await this.deps.mails.foldEarlierMove({
      appointmentId: data.appointmentId,
      revision: data.revision,
      previousStart: previousStartOf(data),
      now: this.deps.now(),
      render: async (told, previousStart, by) => {
        const appointment = await this.deps.appointments.factsOf(data.appointmentId);
        if (appointment?.revision !== told) return null;
        return renderAppointmentMail({
          appointment,
          manageToken: MANAGE_TOKEN_PLACEHOLDER,
          settings,
          publicUrl: this.deps.publicUrl,
          kind: 'reschedule',
          previousStart,
          by,
        });
      },
    });
  }

  /** `id`: the mail's own id when the event makes another of its kind (the practitioner's staff alert). */
  private async queueNow(input: AppointmentMailInput, recipient: string, id?: string): Promise<void> {
    const a = input.appointment;
    const now = this.deps.now();
    await this.queue({
      id: id ?? appointmentMailId(a.appointmentId, input.kind, a.revision),
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

  /** Queues a mail and tells the sender when it is due. */
  /** A mail to a visitor that belongs to no appointment (waitlist, newsletter), due now. */
  private async queueVisitorMail(
    mail: Pick<NewMail, 'id' | 'kind' | 'offeringType' | 'recipient' | 'content'> & { settings: NotificationSettings; now: Date },
    extra: Pick<NewMail, 'expiresAt' | 'listUnsubscribeUrl'>,
  ): Promise<void> {
    const { settings, now, ...fields } = mail;
    await this.queue({ ...fields, appointmentId: null, from: senderOf(settings), dueAt: now, createdAt: now, ...extra });
  }

  private async queue(mail: NewMail): Promise<void> {
    if (await this.deps.mails.queue(mail)) this.deps.queued(mail.dueAt);
  }

  /**
   * Makes the appointment's reminder match its latest facts: due `reminderLeadHours` before a
   * pending appointment, or none (done, cancelled, reminders off, or that moment already past).
   * A queued reminder is moved and rewritten; once one went out, a new time gets a new one.
   */
  private async planReminder(context: MailContext): Promise<Held | null> {
    await this.writeReminder(context);
    // Events of one appointment arrive on separate queues and may be handled at once: a newer
    // one (a cancellation) may have applied its facts and dropped the reminders while this
    // older one was writing its own. Its facts are superseded, so its reminder goes too.
    const { appointment: a } = context;
    const held = await this.deps.appointments.heldOf(a.appointmentId);
    if (held && held.revision > a.revision) await this.deps.mails.dropReminders(a.appointmentId, a.revision);
    return held;
  }

  private async writeReminder(context: MailContext): Promise<void> {
    const { appointment: a, settings } = context;
    const { mails } = this.deps;
    const start = new Date(a.startTime);
    const dueAt =
      a.status === 'pending' && settings.enabled.reminder && reachable(a) ? reminderDueAt(start, settings.reminderLeadHours, this.deps.now()) : null;
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
