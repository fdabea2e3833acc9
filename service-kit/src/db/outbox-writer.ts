import { Schema, type Query, type UpdateQuery } from 'mongoose';
import type { Envelope, EventData, EventType } from '@bb/contracts';
import { buildEnvelope } from '../bus/envelope';

/**
 * Transactional outbox without transactions: an event is stored inside the document whose
 * change it announces, in the same single-document write (append with $push), and the relay
 * publishes it and then removes it. A deleted document becomes a tombstone (deletedAt) until
 * its outbox is empty.
 */
export interface OutboxEntry {
  id: string;
  type: string;
  occurredAt: Date;
  source: string;
  correlationId?: string;
  data: unknown;
}

/** An entry the relay gave up on: kept on its document, with why, for an operator to look at. */
export interface ParkedOutboxEntry extends OutboxEntry {
  error: string;
  parkedAt: Date;
}

export interface WithOutbox {
  outbox: OutboxEntry[];
  /**
   * True while the outbox has entries, absent otherwise: the relay's pass finds pending
   * documents by this equality, which FerretDB answers from an index (it reads the whole
   * collection for `outbox.id: { $exists: true }`). Kept by `outboxPendingFlag` and the relay.
   */
  outboxPending?: true;
  /** A relay's lease, and after a failed publish the end of the document's back-off. */
  outboxLockedUntil?: Date | null;
  /** Failed publishes of the first entry in a row. */
  outboxAttempts?: number;
  outboxParked?: ParkedOutboxEntry[];
  deletedAt?: Date | null;
}

const entryFields = { id: String, type: String, occurredAt: Date, source: String, correlationId: String, data: Schema.Types.Mixed };

/** Fields to add to a mongoose schema whose documents carry events. */
export const outboxFields = {
  outbox: { type: [new Schema(entryFields, { _id: false })], default: [] },
  outboxLockedUntil: { type: Date, default: null },
  outboxAttempts: { type: Number, default: 0 },
  outboxParked: { type: [new Schema({ ...entryFields, error: String, parkedAt: Date }, { _id: false })], default: undefined },
  deletedAt: { type: Date, default: null },
  outboxPending: { type: Boolean },
};

type OutboxUpdate = UpdateQuery<WithOutbox> & { $push?: { outbox?: unknown }; $set?: Record<string, unknown> };

/**
 * The schema plugin every model with `outboxFields` takes: a write that adds an event marks the
 * document pending in the same command (saves and inserts with entries; updates that $push
 * one), so no writer can forget it. The relay unmarks it when it empties the outbox.
 */
export function outboxPendingFlag(schema: Schema): void {
  schema.pre('save', function markSaved() {
    const doc = this as unknown as WithOutbox;
    if (doc.outbox.length > 0) doc.outboxPending = true;
  });
  schema.pre('insertMany', function markInserted(docs: WithOutbox | WithOutbox[]) {
    for (const doc of Array.isArray(docs) ? docs : [docs]) if (doc.outbox?.length > 0) doc.outboxPending = true;
  });
  schema.pre(['updateOne', 'updateMany', 'findOneAndUpdate'], function markUpdated(this: Query<unknown, unknown>) {
    const update = this.getUpdate() as OutboxUpdate | null;
    if (update?.$push?.outbox !== undefined) update.$set = { ...update.$set, outboxPending: true };
  });
}

/** An event to store with the write it announces: an envelope, kept with a Date. */
export function outboxEvent<T extends EventType>(source: string, type: T, data: EventData<T>, correlationId?: string): OutboxEntry {
  const envelope = buildEnvelope(source, type, data, correlationId);
  return { ...envelope, occurredAt: new Date(envelope.occurredAt) };
}

/** The stored entry as the envelope it was built as. */
export const toEnvelope = (entry: OutboxEntry): Envelope => ({
  id: entry.id,
  type: entry.type,
  occurredAt: new Date(entry.occurredAt).toISOString(),
  source: entry.source,
  ...(entry.correlationId ? { correlationId: entry.correlationId } : {}),
  data: entry.data,
});
