import { randomUUID } from 'node:crypto';
import { Schema, type Model } from 'mongoose';
import { eventSchemas, type Envelope, type EventData, type EventType } from '@bb/contracts';
import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger';

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

export interface WithOutbox {
  outbox: OutboxEntry[];
  outboxLockedUntil?: Date | null;
  deletedAt?: Date | null;
}

/** Fields to add to a mongoose schema whose documents carry events. */
export const outboxFields = {
  outbox: {
    type: [new Schema({ id: String, type: String, occurredAt: Date, source: String, correlationId: String, data: Schema.Types.Mixed }, { _id: false })],
    default: [],
  },
  outboxLockedUntil: { type: Date, default: null },
  deletedAt: { type: Date, default: null },
};

export function outboxEvent<T extends EventType>(source: string, type: T, data: EventData<T>, correlationId?: string): OutboxEntry {
  return {
    id: randomUUID(),
    type,
    occurredAt: new Date(),
    source,
    ...(correlationId ? { correlationId } : {}),
    data: eventSchemas[type].parse(data),
  };
}

const toEnvelope = (entry: OutboxEntry): Envelope => ({
  id: entry.id,
  type: entry.type,
  occurredAt: new Date(entry.occurredAt).toISOString(),
  source: entry.source,
  ...(entry.correlationId ? { correlationId: entry.correlationId } : {}),
  data: entry.data,
});

export interface OutboxRelayOptions {
  bus: EventBus;
  logger: Logger;
  intervalMs?: number;
  /** How long one relay holds a document before another replica may take it over. */
  leaseMs?: number;
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly models: Model<WithOutbox>[] = [];

  constructor(private readonly options: OutboxRelayOptions) {}

  /** Adds models whose documents carry an outbox. */
  watch<T extends WithOutbox>(...models: Model<T>[]): void {
    this.models.push(...(models as unknown as Model<WithOutbox>[]));
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      this.kick();
      if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs ?? 1000);
    };
    tick();
  }

  /** Publishes pending events now (called right after a write, so events leave at once). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.options.logger.warn({ err: (err as Error).message }, 'outbox relay pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass over every model; resolves when nothing is pending or the broker is away. */
  async drain(): Promise<void> {
    if (!this.options.bus.isConnected) return;
    const leaseMs = this.options.leaseMs ?? 30000;
    for (const model of this.models) {
      for (;;) {
        const now = new Date();
        const doc = await model
          .findOneAndUpdate(
            { 'outbox.0': { $exists: true }, $or: [{ outboxLockedUntil: null }, { outboxLockedUntil: { $lt: now } }] },
            { $set: { outboxLockedUntil: new Date(now.getTime() + leaseMs) } },
            { returnDocument: 'after' },
          )
          .lean<WithOutbox & { _id: unknown }>();
        if (!doc) break;
        try {
          // Entries are appended with $push and leave from the front with a guarded $pop
          // (FerretDB v1's $pull matches whole elements only, not a condition).
          for (const entry of doc.outbox) {
            await this.options.bus.publishEnvelope(toEnvelope(entry));
            const popped = await model.updateOne({ _id: doc._id, 'outbox.0.id': entry.id }, { $pop: { outbox: -1 } });
            if (popped.modifiedCount !== 1) throw new Error(`outbox of ${String(doc._id)} changed under the relay`);
          }
        } finally {
          await model.updateOne({ _id: doc._id }, { $set: { outboxLockedUntil: null } });
        }
        if (doc.deletedAt) await model.deleteOne({ _id: doc._id, deletedAt: { $ne: null }, outbox: { $size: 0 } });
      }
    }
  }
}
