import { Schema } from 'mongoose';
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
};

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

