import { Schema, type Connection } from 'mongoose';
import {
  changedBySchema,
  MAIL_KINDS,
  MAIL_STATUSES,
  OFFERINGS,
  type ChangedBy,
  type Mail,
  type MailKind,
  type MailStatus,
  type OfferingType,
} from '@bb/contracts';
import type { MailAttachment } from '../domain/appointment-mails';
import { mailOutcome } from '../domain/mail-outcome';

/** The start of time: a lease that ended long ago, i.e. none. */
export const NO_LEASE = new Date(0);

/**
 * One mail: what it says (rendered when queued, so retries and resends send the same content,
 * with MANAGE_TOKEN_PLACEHOLDER where the manage link's token goes at sending), to whom, and
 * what became of it. The record is the queue: a sender claims it with a lease.
 */
export interface MailDoc {
  _id: string;
  kind: MailKind;
  appointmentId: string | null;
  offeringType: OfferingType;
  recipient: string;
  from: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  status: MailStatus;
  attempts: number;
  lastResponse: string | null;
  messageId: string;
  dueAt: Date;
  /** dueAt's hour (domain/due-hours), for the senders' claim; absent on mails queued before it existed. */
  dueHour?: string;
  sentAt: Date | null;
  createdAt: Date;
  resendOf: string | null;
  /** Until when a sender holds it; another may claim it after (a sender that died mid-send). */
  leaseUntil: Date;
  /** Which claim holds it: only that sender may record the outcome. */
  leaseToken: string | null;
  /** Reminders: the appointment's revision the reminder was last planned from (older events may not touch it). */
  factsRevision: number | null;
  /** Reminders: the appointment's start, so a new lead time can move the reminder. */
  startsAt: Date | null;
  /** Not worth sending from this instant on (a freed slot that has started): then cancelled unsent. */
  expiresAt: Date | null;
  /** Newsletter mails: the address's unsubscribe link, sent as List-Unsubscribe (one-click). */
  listUnsubscribeUrl: string | null;
  /**
   * Reschedule notices: the appointment's id while the notice still takes in further moves
   * (queued, not being sent). Unique, so an appointment has one such notice at a time; absent
   * otherwise, never null (the unique index would count nulls as equal).
   */
  pendingNotice?: string;
  /** Reschedule notices: the start the customer last heard of, which the notice says it moved from. */
  previousStart: Date | null;
  /**
   * Reschedule notices: the revision of the move `previousStart` was the start before. A move of
   * a lower revision handled later (replicas take events side by side) moves `previousStart` back.
   */
  previousStartRevision: number | null;
  /** Reschedule notices: who made the latest move folded in, which the notice's wording follows. */
  movedBy: ChangedBy | null;
}

const attachmentSchema = new Schema<MailAttachment>({ filename: String, contentType: String, content: String }, { _id: false });

const mailSchema = new Schema<MailDoc>(
  {
    _id: String,
    kind: { type: String, enum: MAIL_KINDS, required: true },
    appointmentId: { type: String, default: null },
    offeringType: { type: String, enum: OFFERINGS, required: true },
    recipient: { type: String, required: true },
    from: { name: String, address: String },
    subject: { type: String, required: true },
    html: { type: String, required: true },
    text: { type: String, required: true },
    attachments: { type: [attachmentSchema], default: [] },
    status: { type: String, enum: MAIL_STATUSES, required: true },
    attempts: { type: Number, default: 0 },
    lastResponse: { type: String, default: null },
    messageId: { type: String, required: true },
    dueAt: { type: Date, required: true },
    dueHour: { type: String },
    sentAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    resendOf: { type: String, default: null },
    leaseUntil: { type: Date, default: NO_LEASE },
    leaseToken: { type: String, default: null },
    factsRevision: { type: Number, default: null },
    startsAt: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
    listUnsubscribeUrl: { type: String, default: null },
    pendingNotice: { type: String },
    previousStart: { type: Date, default: null },
    previousStartRevision: { type: Number, default: null },
    movedBy: { type: String, enum: changedBySchema.options, default: null },
  },
  { versionKey: false },
);
// The senders' claim: the earliest due queued mail.
mailSchema.index({ status: 1, dueAt: 1 });
// The same by due hour, which only queued mails have: what FerretDB can serve from an index (domain/due-hours).
mailSchema.index({ dueHour: 1 });
// An appointment's mail log, oldest first; its reminders.
mailSchema.index({ appointmentId: 1, createdAt: 1 });
// One reschedule notice open to further moves per appointment.
mailSchema.index({ pendingNotice: 1 }, { unique: true, sparse: true });

export const mailModel = (conn: Connection) => conn.model<MailDoc>('Mail', mailSchema, 'mails');

/** A mail record as the API shows it (the mail log): what was sent, not its content. */
export function toMail(doc: MailDoc): Mail {
  return {
    id: doc._id,
    kind: doc.kind,
    appointmentId: doc.appointmentId,
    offeringType: doc.offeringType,
    recipient: doc.recipient,
    subject: doc.subject,
    status: doc.status,
    attempts: doc.attempts,
    lastResponse: doc.lastResponse,
    outcome: mailOutcome(doc),
    messageId: doc.messageId,
    dueAt: doc.dueAt.toISOString(),
    sentAt: doc.sentAt ? doc.sentAt.toISOString() : null,
    createdAt: doc.createdAt.toISOString(),
    resendOf: doc.resendOf,
  };
}
