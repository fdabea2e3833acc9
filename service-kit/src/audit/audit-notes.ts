import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import type { AuditRecord } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '../db/outbox-writer';
import type { OutboxRelay } from '../db/outbox-relay';
import { auditEvent } from './audit-event';

/**
 * A note that carries one audit entry through the outbox, for what has no document of its own
 * to ride in (a failed sign-in, an export). Written as a tombstone (`deletedAt`), so the relay
 * removes it once its event has left (FerretDB has no TTL indexes).
 */
export interface AuditNoteDoc extends WithOutbox {
  _id: string;
  createdAt: Date;
}

const auditNoteSchema = new Schema<AuditNoteDoc>({ _id: String, createdAt: { type: Date, required: true }, ...outboxFields }, { versionKey: false });
auditNoteSchema.plugin(outboxPendingFlag);

/** The service's `audit_notes` collection; give it to the relay (`relay.watch`) in wire.ts. */
export const auditNoteModel = (conn: Connection): Model<AuditNoteDoc> =>
  (conn.models.AuditNote as Model<AuditNoteDoc> | undefined) ?? conn.model<AuditNoteDoc>('AuditNote', auditNoteSchema, 'audit_notes');

/** Writes a note with its `audit.recorded` event and hands it to the relay. */
export async function recordAuditNote(
  notes: Model<AuditNoteDoc>,
  relay: OutboxRelay,
  service: string,
  record: Omit<AuditRecord, 'at'> & { at?: string },
  correlationId?: string,
): Promise<void> {
  const _id = randomUUID();
  const now = new Date();
  await notes.create({ _id, createdAt: now, deletedAt: now, outbox: [auditEvent(service, record, correlationId)] });
  relay.publishDocument(notes, _id);
}
