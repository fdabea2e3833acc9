import { randomUUID } from 'node:crypto';
import type { ChangedBy, Mail, MailKind, OfferingType, Side } from '@bb/contracts';
import { isDuplicateKey, notFound } from '@bb/service-kit';
import type { RenderedMail } from '../domain/appointment-mails';
import { dueFields, dueHourOf, LEAVES_QUEUE, recentDueHours } from '../domain/due-hours';
import { appointmentMailId, messageIdOf, resendMailId } from '../domain/mail-ids';
import type { NotificationModels } from '../models';
import { NO_LEASE, toMail, type MailDoc } from '../models/mail';

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
  /** Reschedule notices only: the revision told, the start the customer last heard of, who moved it. */
  notice?: { factsRevision: number; previousStart: Date; by: ChangedBy };
  /** When the mail stops being worth sending; never, without one. */
  expiresAt?: Date;
  /** Newsletter mails: the address's unsubscribe link (List-Unsubscribe). */
  listUnsubscribeUrl?: string;
}

/** A move of an appointment, for its reschedule notice. */
export interface Move {
  appointmentId: string;
  offeringType: OfferingType;
  recipient: string;
  from: { name: string; address: string };
  /** The appointment's revision after the move. */
  revision: number;
  /** Where the appointment was before this move. */
  previousStart: Date;
  /** Who made the move. */
  by: ChangedBy;
  /** When the notice goes if no further move comes. */
  dueAt: Date;
  now: Date;
  /** The notice's content, saying it moved from `previousStart` (the start the customer last heard of). */
  render: (previousStart: Date) => Promise<RenderedMail>;
}

/** A move handled after a later move of the same appointment, for the notice that later move opened. */
export interface EarlierMove {
  appointmentId: string;
  /** The appointment's revision after this move. */
  revision: number;
  /** Where the appointment was before this move. */
  previousStart: Date;
  now: Date;
  /**
   * The notice's content at the revision it tells (`null` when this service's copy of the
   * appointment is at another one: a later move is being folded in), from `previousStart`.
   */
  render: (told: number, previousStart: Date, by: ChangedBy) => Promise<RenderedMail | null>;
}

/** A notice superseded while a sender had it: if that attempt fails, the newer notice goes instead. */
const SUPERSEDED = 'Not sent: a later move of the appointment replaced it';
const CANCELLED_BEFORE_NOTICE = 'Not sent: the appointment was cancelled';
const MAX_TRIES = 10;

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
        ...dueFields(mail.dueAt),
        sentAt: null,
        createdAt: mail.createdAt,
        resendOf: null,
        factsRevision: mail.reminder?.factsRevision ?? mail.notice?.factsRevision ?? null,
        startsAt: mail.reminder?.startsAt ?? null,
        expiresAt: mail.expiresAt ?? null,
        listUnsubscribeUrl: mail.listUnsubscribeUrl ?? null,
        previousStart: mail.notice?.previousStart ?? null,
        previousStartRevision: mail.notice?.factsRevision ?? null,
        movedBy: mail.notice?.by ?? null,
        ...(mail.notice && mail.appointmentId ? { pendingNotice: mail.appointmentId } : {}),
      });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
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

  // ------------------------------------------------------------------ reschedule notices

  /**
   * Folds a move into the appointment's reschedule notice: the notice still open to moves gets
   * the new content and waits again (one write, guarded by the revision it read and by no
   * sender holding it), or, with none open, a new one is queued (its id from the revision, and
   * the unique `pendingNotice` keep two handlers from opening two). A notice a sender is sending
   * right now is closed instead (should that attempt fail, it is not tried again) and a new one
   * opened. Nothing when a notice already told this revision or a newer one (a redelivery).
   */
  async noticeMove(move: Move): Promise<'queued' | 'folded' | 'told'> {
    const { Mail } = this.models;
    const { appointmentId, revision, now } = move;
    for (let i = 0; i < MAX_TRIES; i++) {
      // The appointment's notices (a few), in one read: the open one, and whether one took this move in already.
      const notices = await this.noticesOf(appointmentId);
      // A notice that took this move in: open, or sent (or closed) since, and this is a redelivery.
      if (notices.some((n) => (n.factsRevision ?? -1) >= revision)) return 'told';
      const open = notices.find((n) => n.pendingNotice === appointmentId);
      if (open) {
        const held = open.factsRevision ?? -1;
        if (open.leaseUntil.getTime() > now.getTime()) {
          await Mail.updateOne(
            { _id: open._id, pendingNotice: appointmentId, factsRevision: held },
            { $set: { status: 'cancelled', lastResponse: SUPERSEDED }, $unset: { pendingNotice: 1, ...LEAVES_QUEUE } },
          );
          continue;
        }
        const content = await move.render(open.previousStart ?? move.previousStart);
        const folded = await Mail.updateOne(
          {
            _id: open._id,
            pendingNotice: appointmentId,
            factsRevision: held,
            previousStartRevision: open.previousStartRevision ?? null,
            leaseUntil: { $lte: now },
          },
          { $set: { ...content, recipient: move.recipient, from: move.from, ...dueFields(move.dueAt), factsRevision: revision, movedBy: move.by } },
        );
        if (folded.matchedCount === 1) return 'folded';
        continue;
      }
      const created = await this.queue({
        id: appointmentMailId(appointmentId, 'reschedule', revision),
        kind: 'reschedule',
        appointmentId,
        offeringType: move.offeringType,
        recipient: move.recipient,
        from: move.from,
        content: await move.render(move.previousStart),
        dueAt: move.dueAt,
        createdAt: now,
        notice: { factsRevision: revision, previousStart: move.previousStart, by: move.by },
      });
      if (created) return 'queued';
    }
    throw new Error(`the reschedule notice of ${appointmentId} kept changing under ${MAX_TRIES} attempts`);
  }

  /**
   * A move handled after a later move of the same appointment (replicas take events side by
   * side): the notice the later move opened said it moved from that move's earlier start, but
   * the customer last heard of this move's. While the notice is still open, and no notice told
   * this move, it says so. False when there is nothing to correct (or it is being sent: too late).
   */
  async foldEarlierMove(move: EarlierMove): Promise<boolean> {
    const { Mail } = this.models;
    const { appointmentId, revision, now } = move;
    for (let i = 0; i < MAX_TRIES; i++) {
      const notices = await this.noticesOf(appointmentId);
      const open = notices.find((n) => n.pendingNotice === appointmentId);
      const closedSince = notices.some((n) => n !== open && (n.factsRevision ?? -1) >= revision);
      if (!open || closedSince || (open.previousStartRevision ?? -1) <= revision || open.leaseUntil.getTime() > now.getTime()) return false;
      const told = open.factsRevision ?? -1;
      const content = await move.render(told, move.previousStart, open.movedBy ?? 'customer');
      if (content) {
        const moved = await Mail.updateOne(
          {
            _id: open._id,
            pendingNotice: appointmentId,
            factsRevision: told,
            previousStartRevision: open.previousStartRevision ?? null,
            leaseUntil: { $lte: now },
          },
          { $set: { ...content, previousStart: move.previousStart, previousStartRevision: revision } },
        );
        if (moved.matchedCount === 1) return true;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  /** An appointment's reschedule notices (a few), with what folding a move into them reads. */
  private noticesOf(appointmentId: string) {
    return this.models.Mail.find(
      { appointmentId, kind: 'reschedule', factsRevision: { $ne: null } },
      { factsRevision: 1, previousStart: 1, previousStartRevision: 1, movedBy: 1, leaseUntil: 1, pendingNotice: 1 },
    ).lean();
  }

  /** Cancelled: no reschedule notice of an earlier revision goes out any more (after the cancellation mail, say). */
  async dropMoveNotices(appointmentId: string, revision: number): Promise<void> {
    await this.models.Mail.updateMany(
      { appointmentId, kind: 'reschedule', status: 'queued', factsRevision: { $lt: revision } },
      { $set: { status: 'cancelled', lastResponse: CANCELLED_BEFORE_NOTICE }, $unset: { pendingNotice: 1, ...LEAVES_QUEUE } },
    );
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
