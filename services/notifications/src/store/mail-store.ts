import { randomUUID } from 'node:crypto';
import type { Mail, Side } from '@bb/contracts';
import { notFound } from '@bb/service-kit';
import type { RenderedMail } from '../domain/appointment-mails';
import { dueFields, dueHourOf, LEAVES_QUEUE, recentDueHours } from '../domain/due-hours';
import { messageIdOf, resendMailId } from '../domain/mail-ids';
import type { NotificationModels } from '../models';
import { NO_LEASE, toMail, type MailDoc } from '../models/mail';
import { queueMail, type NewMail } from './mail-queue';
import { dropMoveNotices, foldEarlierMove, noticeMove, type EarlierMove, type Move } from './reschedule-notices';

export type { NewMail } from './mail-queue';
export type { EarlierMove, Move } from './reschedule-notices';

/** Longest SMTP answer or error kept on a record. */
const MAX_RESPONSE = 1000;
const HOUR_MS = 3_600_000;

const reminderFilter = (appointmentId: string) => ({ appointmentId, kind: 'reminder' as const });

/** The mail records: the queue the senders work from, and the mail log staff read. */
/** A mail a sender may take now: queued, due, and no other sender's lease running. */
const claimable = (now: Date) => ({ status: 'queued' as const, dueAt: { $lte: now }, leaseUntil: { $lte: now } });

/**
 * The senders' every-second look: claimable mails due in the recent hours. Only a queued mail
 * has a due hour (LEAVES_QUEUE), so it names no status: given one, PostgreSQL took the status
 * index, the narrower with most mails sent, and read every queued reminder of the months ahead
 * each second (a year stored: 19 % of a CPU in FerretDB, decoding them). The status is checked
 * on what comes back, and again by the claim.
 */
export const recentlyDue = (now: Date) => ({ dueHour: { $in: recentDueHours(now) }, dueAt: { $lte: now }, leaseUntil: { $lte: now } });

export class MailStore {
  constructor(private readonly models: NotificationModels) {}

  /** Queues a mail; false when its id is taken (the event that makes it was delivered before). */
  queue(mail: NewMail): Promise<boolean> {
    return queueMail(this.models, mail);
  }

  /** An appointment's mails, oldest first. */
  async ofAppointment(appointmentId: string): Promise<Mail[]> {
    const docs = await this.models.Mail.find({ appointmentId }).sort({ createdAt: 1, _id: 1 }).lean<MailDoc[]>();
    return docs.map(toMail);
  }

  /** A copy of a mail, due now: same content and recipient, its own id and Message-ID. */
  async resend(id: string, now: Date): Promise<Mail> {
    const original = await this.models.Mail.findById(id).lean();
    if (!original) throw notFound('Mail not found');
    const copyId = resendMailId();
    const { pendingNotice: _open, ...content } = original;
    const copy: MailDoc = {
      ...content,
      _id: copyId,
      messageId: messageIdOf(copyId),
      status: 'queued',
      attempts: 0,
      lastResponse: null,
      ...dueFields(now),
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
    return toMail(copy);
  }

  // ------------------------------------------------------------------ reschedule notices (store/reschedule-notices)

  noticeMove(move: Move): Promise<'queued' | 'folded' | 'told'> {
    return noticeMove(this.models, move);
  }

  foldEarlierMove(move: EarlierMove): Promise<boolean> {
    return foldEarlierMove(this.models, move);
  }

  dropMoveNotices(appointmentId: string, revision: number): Promise<void> {
    return dropMoveNotices(this.models, appointmentId, revision);
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
      { $set: { recipient: plan.recipient, subject, html, text, attachments, ...dueFields(plan.dueAt), startsAt: plan.startsAt, factsRevision: revision } },
    );
    return updated.matchedCount === 1;
  }

  /** Drops the appointment's queued reminders planned from this revision or an older one. */
  async dropReminders(appointmentId: string, revision: number): Promise<void> {
    await this.models.Mail.updateMany(
      { ...reminderFilter(appointmentId), status: 'queued', factsRevision: { $lte: revision } },
      { $set: { status: 'cancelled' }, $unset: LEAVES_QUEUE },
    );
  }

  /**
   * A new lead time: every queued reminder of the offering is due that long before its
   * appointment. One update command per reminder, never one command of many updates: FerretDB v1
   * keeps a PostgreSQL connection open for each update of a command until the command ends, so
   * a command of 150 updates drained its pool while holding the write lock, and every write
   * of every service waited forever (found by the fuzzer after a fault test queued 100 reminders).
   */
  async moveReminders(offeringType: Side, leadHours: number, now: Date): Promise<number> {
    const queued = await this.models.Mail.find({ kind: 'reminder', status: 'queued', offeringType, startsAt: { $ne: null } }, { dueAt: 1, startsAt: 1 }).lean();
    let moved = 0;
    for (const r of queued) {
      if (!r.startsAt) continue;
      const dueAt = new Date(r.startsAt.getTime() - Math.round(leadHours * HOUR_MS));
      if (dueAt.getTime() === r.dueAt.getTime()) continue;
      // Guarded by the old time: a reminder re-planned meanwhile keeps its new plan.
      // A lead moved into the past makes it due now: in this hour's bucket, for the next look.
      const due = { ...dueFields(dueAt), dueHour: dueHourOf(new Date(Math.max(dueAt.getTime(), now.getTime()))) };
      const result = await this.models.Mail.updateOne({ _id: r._id, status: 'queued', dueAt: r.dueAt }, { $set: due });
      moved += result.modifiedCount;
    }
    return moved;
  }

  // ------------------------------------------------------------------ deposit mails

  /**
   * Moves a queued deposit reminder to a new hold's time, with what it now says. False when it
   * is not queued (sent, dropped, or never planned).
   */
  async replanDepositReminder(id: string, plan: { content: RenderedMail; dueAt: Date; expiresAt: Date }): Promise<boolean> {
    const { subject, html, text } = plan.content;
    const updated = await this.models.Mail.updateOne(
      { _id: id, status: 'queued' },
      { $set: { subject, html, text, ...dueFields(plan.dueAt), expiresAt: plan.expiresAt } },
    );
    return updated.matchedCount === 1;
  }

  /** Drops the appointment's payment request and reminder still queued: paid, a receipt waits, or given up. */
  async dropPaymentRequests(appointmentId: string): Promise<void> {
    await this.models.Mail.updateMany(
      { appointmentId, kind: { $in: ['payment-request', 'payment-reminder'] }, status: 'queued' },
      { $set: { status: 'cancelled' }, $unset: LEAVES_QUEUE },
    );
  }

  // ------------------------------------------------------------------ sending

  /**
   * The ids of up to `limit` due mails, earliest first. `recent` looks only at the mails due in
   * the last hours (domain/due-hours): read by index on FerretDB too, so the senders'
   * every-second look does not read every queued reminder. FerretDB cannot sort or limit in
   * PostgreSQL, so this reads every mail it matches: the senders read ahead, once for many
   * claims, instead of once per claim (a backlog of 1,400 mails was read whole for each).
   */
  async dueIds(now: Date, limit: number, { recent }: { recent: boolean }): Promise<string[]> {
    const filter = recent ? recentlyDue(now) : claimable(now);
    const due = await this.models.Mail.find(filter, { _id: 1, status: 1 }).sort({ dueAt: 1 }).limit(limit).lean();
    // A mail that left the queue before LEAVES_QUEUE may keep its hour: never offered again and again.
    return due.filter((mail) => mail.status === 'queued').map((mail) => mail._id);
  }

  /**
   * Takes a due mail for one attempt: a single conditional write by id, so of several senders
   * (replicas) exactly one gets it, and null when another has it or it is no longer due. The
   * lease lets another sender take it over if this one dies mid-send; only the holder of the
   * token may record the outcome.
   */
  async claim(id: string, now: Date, leaseMs: number): Promise<MailDoc | null> {
    return this.models.Mail.findOneAndUpdate(
      { _id: id, ...claimable(now) },
      { $set: { leaseUntil: new Date(now.getTime() + leaseMs), leaseToken: randomUUID() }, $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    ).lean();
  }

  /** False when the lease was lost (another sender took the mail over). */
  async recordSent(mail: MailDoc, response: string, now: Date): Promise<boolean> {
    return this.release(mail, { status: 'sent', sentAt: now, lastResponse: response.slice(0, MAX_RESPONSE) });
  }

  async recordRetry(mail: MailDoc, error: string, retryAt: Date): Promise<boolean> {
    return this.release(mail, { ...dueFields(retryAt), lastResponse: error.slice(0, MAX_RESPONSE) });
  }

  async recordFailed(mail: MailDoc, error: string): Promise<boolean> {
    return this.release(mail, { status: 'failed', lastResponse: error.slice(0, MAX_RESPONSE) });
  }

  /** Cancelled unsent, its time over; the claim that found it out was no attempt. */
  async recordExpired(mail: MailDoc): Promise<boolean> {
    return this.release(mail, { status: 'cancelled', attempts: mail.attempts - 1, lastResponse: 'Not sent: its time had passed' });
  }

  /** Failed without an attempt: what it would be sent to (or from) must not be (a list of addresses). */
  async recordRefused(mail: MailDoc, reason: string): Promise<boolean> {
    return this.release(mail, { status: 'failed', attempts: mail.attempts - 1, lastResponse: reason });
  }

  /** Queued mails whose time has come: the senders' backlog. */
  async dueCount(now: Date): Promise<number> {
    return this.models.Mail.countDocuments({ status: 'queued', dueAt: { $lte: now } });
  }

  /** Ends the lease with the outcome; a mail that leaves the queue is no longer a notice open to moves. */
  private async release(mail: MailDoc, fields: Partial<MailDoc>): Promise<boolean> {
    const done = fields.status !== undefined && fields.status !== 'queued';
    const written = await this.models.Mail.updateOne(
      { _id: mail._id, leaseToken: mail.leaseToken },
      { $set: { ...fields, leaseUntil: NO_LEASE, leaseToken: null }, ...(done ? { $unset: { pendingNotice: 1, ...LEAVES_QUEUE } } : {}) },
    );
    return written.matchedCount === 1;
  }
}
