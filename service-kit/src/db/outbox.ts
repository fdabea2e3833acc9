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

const DRAIN_BATCH = 100;

export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private waitingForBroker = false;
  private readonly models: Model<WithOutbox>[] = [];
  private readonly targeted = new Set<Promise<unknown>>();

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

  /**
   * Publishes the events of one document just written, found by `_id` instead of by a pass
   * over the collection: a write then costs the same however large the collection grows
   * (FerretDB, for one, reads every document for any other filter). The periodic pass
   * still catches whatever this misses.
   */
  publishDocument<T extends WithOutbox>(model: Model<T>, id: unknown): void {
    if (this.stopped) return;
    if (!this.options.bus.isConnected) {
      this.kickWhenConnected();
      return;
    }
    const pass = this.relayOne(model as unknown as Model<WithOutbox>, id)
      .catch((err) => this.options.logger.warn({ err: (err as Error).message }, 'outbox publish failed'))
      .finally(() => this.targeted.delete(pass));
    this.targeted.add(pass);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all([this.running, ...this.targeted]);
  }

  /**
   * One pass over every model; resolves when nothing is pending or the broker is away. The
   * pending documents are found by a plain read, then leased one by one by `_id`: a lease
   * whose filter scans the collection would hold FerretDB's write lock (see docs/decisions.md)
   * for the whole scan, and every other write of the stack would wait behind it.
   */
  async drain(): Promise<void> {
    if (!this.options.bus.isConnected) {
      this.kickWhenConnected();
      return;
    }
    for (const model of this.models) {
      for (;;) {
        const pending = await model.find({ 'outbox.0': { $exists: true } }, { _id: 1 }).limit(DRAIN_BATCH).lean<{ _id: unknown }[]>();
        let relayed = 0;
        for (const { _id } of pending) if (await this.relayOne(model, _id)) relayed += 1;
        // A short batch was the last; a batch all leased by another replica is theirs to finish.
        if (pending.length < DRAIN_BATCH || relayed === 0) break;
      }
    }
  }

  /** Events written while the broker was away leave as soon as it is back, not at the next pass. */
  private kickWhenConnected(): void {
    if (this.waitingForBroker) return;
    this.waitingForBroker = true;
    void this.options.bus.waitUntilConnected().then(() => {
      this.waitingForBroker = false;
      this.kick();
    });
  }

  /** Leases the document when it has pending events and nobody holds it, then publishes them in order. */
  private async relayOne(model: Model<WithOutbox>, id: unknown): Promise<boolean> {
    if (!(await this.lease(model, id))) return false;
    const doc = await model.findById(id).lean<WithOutbox & { _id: unknown }>();
    if (!doc) return false;
    try {
      // Entries are appended with $push and leave from the front with a guarded $pop
      // (FerretDB v1's $pull matches whole elements only, not a condition).
      for (const entry of doc.outbox) {
        await this.options.bus.publishEnvelope(toEnvelope(entry));
        const popped = await model.updateOne({ _id: doc._id, 'outbox.0.id': entry.id }, { $pop: { outbox: -1 } }, { timestamps: false });
        if (popped.modifiedCount !== 1) throw new Error(`outbox of ${String(doc._id)} changed under the relay`);
      }
    } finally {
      await model.updateOne({ _id: doc._id }, { $set: { outboxLockedUntil: null } }, { timestamps: false });
    }
    if (doc.deletedAt) await model.deleteOne({ _id: doc._id, deletedAt: { $ne: null }, outbox: { $size: 0 } });
    return true;
  }

  /**
   * Takes the document for leaseMs if it has pending events and its last lease is over. Two
   * plain conditional updates rather than one with `$or`: FerretDB finds the document by
   * `_id` only when the filter has no `$or`, and otherwise reads the whole collection while
   * holding its write lock.
   */
  private async lease(model: Model<WithOutbox>, id: unknown): Promise<boolean> {
    const now = new Date();
    const until = { $set: { outboxLockedUntil: new Date(now.getTime() + (this.options.leaseMs ?? 30000)) } };
    // Relay bookkeeping is no change of the document: its updatedAt stays as it was.
    const options = { timestamps: false };
    const pending = { _id: id, 'outbox.0': { $exists: true } };
    if ((await model.updateOne({ ...pending, outboxLockedUntil: null }, until, options)).matchedCount === 1) return true;
    return (await model.updateOne({ ...pending, outboxLockedUntil: { $lt: now } }, until, options)).matchedCount === 1;
  }
}
