import type { EventData, NotificationSettings } from '@bb/contracts';
import type { Logger } from '@bb/service-kit';
import type { RenderedMail } from '../domain/appointment-mails';
import { depositReminderDueAt, renderDepositMail, type DepositFacts, type DepositMail } from '../domain/deposit-mails';
import { MANAGE_TOKEN_PLACEHOLDER } from '../domain/manage-link';
import { depositMailId } from '../domain/mail-ids';
import { NOT_SENT } from '../domain/outgoing-mail';
import { senderOf } from '../domain/settings';
import { toDepositFacts, type DepositClosure, type DepositDoc } from '../models/deposit';
import type { DepositStore } from './deposit-store';
import type { MailStore } from './mail-store';
import type { RecipientLimit } from './recipient-limit';
import type { SettingsStore } from './settings-store';

export interface DepositMailerDeps {
  deposits: DepositStore;
  mails: MailStore;
  settings: SettingsStore;
  limit: RecipientLimit;
  publicUrl: string;
  /** How long before a hold ends its reminder goes (DEPOSIT_REMINDER_LEAD_MS). */
  reminderLeadMs: number;
  now: () => Date;
  /** Called once a mail is queued, with when it is due. */
  queued: (dueAt: Date) => void;
  logger: Logger;
}

/**
 * What each deposit event means in mails. The payment request goes to the address the visitor
 * typed, with its pay link and one reminder queued before the hold ends; the reminder is a
 * queued mail like any other (due time, expiry at the hold's end), so every replica's sender
 * finds it and a restart loses nothing. A payment, a transfer receipt, booking's release or the
 * expiry closes the deposit and drops what is still queued. Events of one appointment come on
 * separate queues in any order: each writes its own part first and then reads the other's
 * (the request queues, then looks whether the deposit closed meanwhile; a closing event closes,
 * then drops), so whichever runs second sees the first. Mail ids come from the appointment (and
 * the payment), so a redelivered event queues nothing twice.
 */
export class DepositMailer {
  constructor(private readonly deps: DepositMailerDeps) {}

  /** Booked waiting for its deposit: the payment request (unless the address had too many this hour) and its reminder. */
  async requested(data: EventData<'booking.deposit.requested'>): Promise<void> {
    const now = this.deps.now();
    const admitted = await this.deps.limit.admit(data.customerEmail, data.appointmentId, now);
    const record = await this.deps.deposits.noteRequest(data, !admitted);
    const deposit = toDepositFacts(record);
    // Paid or given up before the request was handled: asking to pay would only confuse.
    if (!deposit || record.closedBy) return;
    const settings = await this.deps.settings.read(deposit.offeringType);
    if (!admitted) this.deps.logger.warn({ appointmentId: data.appointmentId }, 'payment request not mailed: too many to its address this hour');
    await this.queue(
      deposit,
      settings,
      { kind: 'payment-request' },
      { dueAt: now, expiresAt: deposit.holdExpiresAt, notSent: admitted ? undefined : NOT_SENT.tooMany },
    );
    if (!admitted) return;
    const dueAt = depositReminderDueAt(deposit.holdExpiresAt, now, this.deps.reminderLeadMs);
    if (dueAt) await this.queue(deposit, settings, { kind: 'payment-reminder' }, { dueAt, expiresAt: deposit.holdExpiresAt });
    await this.dropIfClosed(data.appointmentId);
  }

  /** Booking holds the places longer: the reminder moves to the new end (or is planned, if the old hold was too short for one). */
  async holdExtended(data: EventData<'booking.deposit.hold-extended'>): Promise<void> {
    const record = await this.deps.deposits.extendHold(data.appointmentId, new Date(data.holdExpiresAt));
    const deposit = toDepositFacts(record);
    if (!deposit || record.closedBy || record.limited) return;
    const dueAt = depositReminderDueAt(deposit.holdExpiresAt, this.deps.now(), this.deps.reminderLeadMs);
    if (!dueAt) return;
    const settings = await this.deps.settings.read(deposit.offeringType);
    const id = depositMailId(deposit.appointmentId, 'payment-reminder');
    const content = await this.render(deposit, settings, { kind: 'payment-reminder' });
    if (await this.deps.mails.replanDepositReminder(id, { content, dueAt, expiresAt: deposit.holdExpiresAt })) this.deps.queued(dueAt);
    // One reminder per deposit: one sent (or dropped) already is not made again.
    else await this.queue(deposit, settings, { kind: 'payment-reminder' }, { dueAt, expiresAt: deposit.holdExpiresAt });
    await this.dropIfClosed(data.appointmentId);
  }

  /** Paid: no more asking, and the receipt. */
  async paid(data: EventData<'payments.payment.paid'>): Promise<void> {
    const deposit = addressOf(await this.close(data.appointmentId, 'paid'), data.appointmentId);
    if (!deposit) return;
    const settings = await this.deps.settings.read(deposit.offeringType);
    await this.queue(deposit, settings, { kind: 'payment-receipt', paid: data }, { key: data.paymentId, dueAt: this.deps.now() });
  }

  /** A transfer receipt waits for staff: the visitor did their part, so no reminder. */
  async receiptSubmitted(data: EventData<'payments.receipt.submitted'>): Promise<void> {
    await this.close(data.appointmentId, 'receipt');
  }

  /** Not paid in time. */
  async expired(data: EventData<'payments.payment.expired'>): Promise<void> {
    await this.close(data.appointmentId, 'expired');
  }

  /** Booking gave the deposit up; paid too late for a time taken meanwhile (`slot-lost`), the customer is told it is refunded. */
  async released(data: EventData<'booking.deposit.released'>): Promise<void> {
    const record = await this.close(data.appointmentId, 'released');
    if (data.reason !== 'slot-lost') return;
    const deposit = addressOf(record, data.appointmentId);
    if (!deposit) return;
    const settings = await this.deps.settings.read(deposit.offeringType);
    await this.queue(deposit, settings, { kind: 'slot-lost' }, { dueAt: this.deps.now() });
  }

  /** Money went back: the refund notice, to the address of the request. */
  async refunded(data: EventData<'payments.payment.refunded'>): Promise<void> {
    const deposit = addressOf(await this.deps.deposits.read(data.appointmentId), data.appointmentId);
    if (!deposit) return;
    const settings = await this.deps.settings.read(deposit.offeringType);
    await this.queue(deposit, settings, { kind: 'refund-notice', refunded: data }, { key: `${data.paymentId}|${data.amount}`, dueAt: this.deps.now() });
  }

  /** Closes the deposit, then drops its request and reminder still queued. */
  private async close(appointmentId: string, why: DepositClosure): Promise<DepositDoc> {
    const record = await this.deps.deposits.close(appointmentId, why);
    await this.deps.mails.dropPaymentRequests(appointmentId);
    return record;
  }

  /** A closing event handled while this one queued its mails: they go too. */
  private async dropIfClosed(appointmentId: string): Promise<void> {
    if ((await this.deps.deposits.read(appointmentId))?.closedBy) await this.deps.mails.dropPaymentRequests(appointmentId);
  }

  private render(deposit: DepositFacts, settings: NotificationSettings, mail: DepositMail): Promise<RenderedMail> {
    return renderDepositMail({ ...mail, deposit, settings, manageToken: MANAGE_TOKEN_PLACEHOLDER, publicUrl: this.deps.publicUrl });
  }

  private async queue(
    deposit: DepositFacts,
    settings: NotificationSettings,
    mail: DepositMail,
    at: { dueAt: Date; key?: string; expiresAt?: Date; notSent?: string },
  ): Promise<void> {
    const { dueAt, key, ...extra } = at;
    const queued = await this.deps.mails.queue({
      id: depositMailId(deposit.appointmentId, mail.kind, key),
      kind: mail.kind,
      appointmentId: deposit.appointmentId,
      offeringType: deposit.offeringType,
      recipient: deposit.customerEmail,
      from: senderOf(settings),
      content: await this.render(deposit, settings, mail),
      dueAt,
      createdAt: this.deps.now(),
      ...extra,
    });
    if (queued && !extra.notSent) this.deps.queued(dueAt);
  }
}

/**
 * The request's facts a receipt or notice is written from; null when the customer was erased
 * (no mail). A record without them means the request is still on its way (events come on
 * separate queues): the event fails, and the bus delivers it again later.
 */
function addressOf(record: DepositDoc | null, appointmentId: string): DepositFacts | null {
  if (record?.erased) return null;
  const deposit = record && toDepositFacts(record);
  if (!deposit) throw new Error(`deposit of appointment ${appointmentId}: its payment request was not handled yet; trying again later`);
  return deposit;
}
