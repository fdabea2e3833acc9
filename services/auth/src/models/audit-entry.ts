import { Schema, type Connection } from 'mongoose';
import { AUDIT_ACTIONS, STAFF_ROLES, type AuditAction, type AuditActor, type AuditEntry } from '@bb/contracts';

/**
 * An entry of the audit trail. Written once, never updated nor removed by any code path: the
 * unique `seq` orders the chain (two appenders of one number: one wins), the unique `eventId`
 * makes a redelivered event append nothing.
 */
export interface AuditEntryDoc {
  seq: number;
  eventId: string;
  service: string;
  action: AuditAction;
  actor?: AuditActor;
  subject: string;
  before?: string;
  after?: string;
  address?: string;
  /** As recorded (the hash covers this text). */
  at: string;
  /** The same instant as a date, for the filters. */
  atTime: Date;
  previousHash: string;
  hash: string;
}

const actorSchema = new Schema<AuditActor>({ id: String, username: String, role: { type: String, enum: STAFF_ROLES } }, { _id: false });

const auditEntrySchema = new Schema<AuditEntryDoc>(
  {
    seq: { type: Number, required: true, unique: true },
    eventId: { type: String, required: true, unique: true },
    service: { type: String, required: true },
    action: { type: String, enum: AUDIT_ACTIONS, required: true },
    actor: { type: actorSchema, default: undefined },
    subject: { type: String, required: true },
    before: String,
    after: String,
    address: String,
    at: { type: String, required: true },
    atTime: { type: Date, required: true },
    previousHash: { type: String, required: true },
    hash: { type: String, required: true },
  },
  { versionKey: false },
);
auditEntrySchema.index({ atTime: 1 });
auditEntrySchema.index({ action: 1, seq: -1 });
auditEntrySchema.index({ 'actor.username': 1, seq: -1 });

export const auditEntryModel = (conn: Connection) => conn.model<AuditEntryDoc>('AuditEntry', auditEntrySchema, 'audit_entries');

/**
 * The chain's head: the number and hash of the last entry appended, moved forward only (a
 * guarded update), so an entry removed from the end is found too.
 */
export interface AuditHeadDoc {
  _id: string;
  seq: number;
  hash: string;
}

const auditHeadSchema = new Schema<AuditHeadDoc>(
  { _id: String, seq: { type: Number, required: true }, hash: { type: String, required: true } },
  { versionKey: false },
);

export const auditHeadModel = (conn: Connection) => conn.model<AuditHeadDoc>('AuditHead', auditHeadSchema, 'audit_head');

export const toAuditEntry = (doc: AuditEntryDoc): AuditEntry => ({
  seq: doc.seq,
  service: doc.service,
  action: doc.action,
  ...(doc.actor ? { actor: { id: doc.actor.id, username: doc.actor.username, role: doc.actor.role } } : {}),
  subject: doc.subject,
  ...(doc.before !== undefined ? { before: doc.before } : {}),
  ...(doc.after !== undefined ? { after: doc.after } : {}),
  ...(doc.address !== undefined ? { address: doc.address } : {}),
  at: doc.at,
  previousHash: doc.previousHash,
  hash: doc.hash,
});
