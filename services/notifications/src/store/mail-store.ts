import { randomUUID } from 'node:crypto';
import type { MailKind, OfferingType, Side } from '@bb/contracts';
import { isDuplicateKey, notFound } from '@bb/service-kit';
import type { RenderedMail } from '../domain/appointment-mails';
import { messageIdOf, resendMailId } from '../domain/mail-ids';
import type { NotificationModels } from '../models';
import { NO_LEASE, type MailDoc } from '../models/mail';

/** A mail to queue: who gets it, what it says, when it is due. */
export interface NewMail {
  id: string;
  kind: MailKind;
  appointmentId: string | null;
  offeringType: OfferingType;
  recipient: string;
  from: { name: string; address: string };
  content: RenderedMail;
  dueAt: Date;
  createdAt: Date;
  /** Reminders only: the revision they were planned from, and the appointment's start. */
  reminder?: { factsRevision: number; startsAt: Date };
  /** When the mail stops being worth sending; never, without one. */
  expiresAt?: Date;
}

/** Longest SMTP answer or error kept on a record. */
const MAX_RESPONSE = 1000;
const HOUR_MS = 3_600_000;

const reminderFilter = (appointmentId: string) => ({ appointmentId, kind: 'reminder' as const });

/** The mail records: the queue the senders work from, and the mail log staff read. */
export class MailStore {
  constructor(private readonly models: NotificationModels) {}

  /** Queues a mail; false when its id is taken (the event that makes it was delivered before). */
  async queue(mail: NewMail): Promise<boolean> {
    try {
      await this.models.Mail.create({
        _id: mail.id,
        kind: mail.kind,
        appointmentId: mail.appointmentId,
        offeringType: mail.offeringType,
        recipient: mail.recipient,
        from: mail.from,
        ...mail.content,
        status: 'queued',
        attempts: 0,
        lastResponse: null,
        messageId: messageIdOf(mail.id),
        dueAt: mail.dueAt,
        sentAt: null,
        createdAt: mail.createdAt,
        resendOf: null,
        factsRevision: mail.reminder?.factsRevision ?? null,
        startsAt: mail.reminder?.startsAt ?? null,
        expiresAt: mail.expiresAt ?? null,
      });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** An appointment's mails, oldest first. */
  async ofAppointment(appointmentId: string): Promise<MailDoc[]> {
    return this.models.Mail.find({ appointmentId }).sort({ createdAt: 1, _id: 1 }).lean();
  }

  /** A copy of a mail, due now: same content and recipient, its own id and Message-ID. */
  async resend(id: string, now: Date): Promise<MailDoc> {
    const original = await this.models.Mail.findById(id).lean();
    if (!original) throw notFound('Mail not found');
    const copyId = resendMailId();
    const copy: MailDoc = {
      ...original,
      _id: copyId,
      messageId: messageIdOf(copyId),
      status: 'queued',
      attempts: 0,
      lastResponse: null,
      dueAt: now,
      sentAt: null,
      createdAt: now,
      resendOf: original._id,
      leaseUntil: NO_LEASE,
      leaseToken: null,
      // Not a planned reminder: moving or dropping the appointment's reminder leaves it alone.
      factsRevision: null,
      startsAt: null,
    };
    await this.models.Mail.create(copy);
    return copy;
  }

  // ------------------------------------------------------------------ reminders

  /** The appointment's planned reminders (resends are not planned), with what decides their fate. */
  async remindersOf(appointmentId: string): Promise<Pick<MailDoc, '_id' | 'status' | 'factsRevision'>[]> {
    return this.models.Mail.find({ ...reminderFilter(appointmentId), factsRevision: { $ne: null } }, { status: 1, factsRevision: 1 }).lean();
  }

  /**
   * Re-plans a queued reminder from a newer revision of its appointment. False when it is no
   * longer queued (sent or dropped meanwhile) or a newer revision planned it already.
   */
  async replanReminder(id: string, revision: number, plan: { recipient: string; content: RenderedMail; dueAt: Date; startsAt: Date }): Promise<boolean> {
    const { subject, html, text, attachments } = plan.content;
    const updated = await this.models.Mail.updateOne(
      { _id: id, status: 'queued', factsRevision: { $lte: revision } },
      { $set: { recipient: plan.recipient, subject, html, text, attachments, dueAt: plan.dueAt, startsAt: plan.startsAt, factsRevision: revision } },
    );
    return updated.matchedCount === 1;
  }

  /** Drops the appointment's queued reminders planned from this revision or an older one. */
  async dropReminders(appointmentId: string, revision: number): Promise<void> {
    await this.models.Mail.updateMany({ ...reminderFilter(appointmentId), status: 'queued', factsRevision: { $lte: revision } }, { $set: { status: 'cancelled' } });
  }

  /**
   * A new lead time: every queued reminder of the offering is due that long before its
   * appointment. One update command per reminder, never one command of many updates: FerretDB v1
   * keeps a PostgreSQL connection open for each update of a command until the command ends, so
   * a command of 150 updates drained its pool while holding the write lock, and every write
   * of every service waited forever (found by the fuzzer after a fault test queued 100 reminders).
   */
  async moveReminders(offeringType: Side, leadHours: number): Promise<number> {
    const queued = await this.models.Mail.find({ kind: 'reminder', status: 'queued', offeringType, startsAt: { $ne: null } }, { dueAt: 1, startsAt: 1 }).lean();
    let moved = 0;
    for (const r of queued) {
      if (!r.startsAt) continue;
      const dueAt = new Date(r.startsAt.getTime() - Math.round(leadHours * HOUR_MS));
      if (dueAt.getTime() === r.dueAt.getTime()) continue;
      // Guarded by the old time: a reminder re-planned meanwhile keeps its new plan.
      const result = await this.models.Mail.updateOne({ _id: r._id, status: 'queued', dueAt: r.dueAt }, { $set: { dueAt } });
      moved += result.modifiedCount;
    }
    return moved;
  }

  // ------------------------------------------------------------------ sending

  /**
   * Takes the earliest due mail for one attempt: a single conditional write, so of several
   * senders (replicas) exactly one gets it. The lease lets another sender take it over if
   * this one dies mid-send; only the holder of the token may record the outcome.
   */
  async claim(now: Date, leaseMs: number): Promise<MailDoc | null> {
    return this.models.Mail.findOneAndUpdate(
      { status: 'queued', dueAt: { $lte: now }, leaseUntil: { $lte: now } },
      { $set: { leaseUntil: new Date(now.getTime() + leaseMs), leaseToken: randomUUID() }, $inc: { attempts: 1 } },
      { sort: { dueAt: 1 }, returnDocument: 'after' },
    ).lean();
  }

  /** False when the lease was lost (another sender took the mail over). */
  async recordSent(mail: MailDoc, response: string, now: Date): Promise<boolean> {
    return this.release(mail, { status: 'sent', sentAt: now, lastResponse: response.slice(0, MAX_RESPONSE) });
  }

  async recordRetry(mail: MailDoc, error: string, retryAt: Date): Promise<boolean> {
    return this.release(mail, { dueAt: retryAt, lastResponse: error.slice(0, MAX_RESPONSE) });
  }

  async recordFailed(mail: MailDoc, error: string): Promise<boolean> {
    return this.release(mail, { status: 'failed', lastResponse: error.slice(0, MAX_RESPONSE) });
  }

  /** Cancelled unsent, its time over; the claim that found it out was no attempt. */
  async recordExpired(mail: MailDoc): Promise<boolean> {
    return this.release(mail, { status: 'cancelled', attempts: mail.attempts - 1, lastResponse: 'Not sent: its time had passed' });
  }

  /** Queued mails whose time has come: the senders' backlog. */
  async dueCount(now: Date): Promise<number> {
    return this.models.Mail.countDocuments({ status: 'queued', dueAt: { $lte: now } });
  }

  private async release(mail: MailDoc, fields: Partial<MailDoc>): Promise<boolean> {
    const written = await this.models.Mail.updateOne({ _id: mail._id, leaseToken: mail.leaseToken }, { $set: { ...fields, leaseUntil: NO_LEASE, leaseToken: null } });
    return written.matchedCount === 1;
  }
}
