import type { Model } from 'mongoose';
import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger';
import { counter } from '../metrics/registry';
import { toEnvelope, type OutboxEntry, type ParkedOutboxEntry, type WithOutbox } from './outbox-writer';

const parkedEvents = counter('outbox_parked_total', 'Outbox entries set aside after failing to publish again and again, by event type', ['type']);
const failedPublishes = counter('outbox_publish_failures_total', 'Outbox publish attempts that failed while the broker was connected, by event type', ['type']);

export interface OutboxRelayOptions {
  bus: EventBus;
  logger: Logger;
  intervalMs?: number;
  /** How long one relay holds a document before another replica may take it over. */
  leaseMs?: number;
  /** Failed publishes of one entry, while the broker is connected, before it is set aside. */
  maxAttempts?: number;
  /** Back-off after the first failure; it doubles with each further one. */
  retryBaseMs?: number;
}

const DRAIN_BATCH = 100;
/** Pending documents read per pass, leased or not: the unleased of them make the batch. */
const PENDING_READ = 4 * DRAIN_BATCH;
const PENDING_INDEX = { outboxPending: 1 } as const;
/** The index passes used before documents carried outboxPending (FerretDB could not use it). */
const FORMER_PENDING_INDEX = 'outbox_pending';
const MAX_RETRY_DELAY_MS = 5 * 60 * 1000;

/** How long a document waits after its `attempts`-th failed publish: base, 2×base, 4×base… at most five minutes. */
export const outboxRetryDelayMs = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);

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
    for (const model of models as unknown as Model<WithOutbox>[]) {
      this.models.push(model);
      // Only documents with pending events carry outboxPending: the pass reads this small
      // sparse index instead of the whole collection, on MongoDB and on FerretDB alike.
      this.prepare(model).catch((err: unknown) => this.options.logger.warn({ err, collection: model.collection.name }, 'could not prepare the outbox index'));
    }
  }

  /**
   * The pending index, and the flag on documents whose events were written before it existed
   * (one read of the collection at start, instead of one every pass).
   */
  private async prepare(model: Model<WithOutbox>): Promise<void> {
    await model.collection.createIndex(PENDING_INDEX, { sparse: true, name: 'outbox_pending_flag' });
    await model.collection.dropIndex(FORMER_PENDING_INDEX).catch(() => undefined);
    await model.updateMany({ 'outbox.0': { $exists: true }, outboxPending: { $ne: true } }, { $set: { outboxPending: true } }, { timestamps: false });
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
   * for the whole scan, and every other write of the stack would wait behind it. A document
   * that fails is dealt with on its own (relayOne), so the documents behind it still go.
   */
  async drain(): Promise<void> {
    for (const model of this.models) {
      for (;;) {
        if (!this.options.bus.isConnected) {
          this.kickWhenConnected();
          return;
        }
        const pending = await this.pendingIds(model);
        let relayed = 0;
        for (const id of pending) if (await this.relayOne(model, id)) relayed += 1;
        // A short batch was the last; a batch all leased by another replica is theirs to finish.
        if (pending.length < DRAIN_BATCH || relayed === 0) break;
      }
    }
  }

  /**
   * Documents with events that nobody holds: never leased, or lease (or back-off) over. One
   * equality read FerretDB answers by index; the lease is checked here, on the few it returns.
   */
  private async pendingIds(model: Model<WithOutbox>): Promise<unknown[]> {
    const now = Date.now();
    const docs = await model
      .find({ outboxPending: true }, { _id: 1, outboxLockedUntil: 1 })
      .limit(PENDING_READ)
      .lean<{ _id: unknown; outboxLockedUntil?: Date | null }[]>();
    return docs
      .filter((d) => !d.outboxLockedUntil || d.outboxLockedUntil.getTime() < now)
      .slice(0, DRAIN_BATCH)
      .map((d) => d._id);
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

  /**
   * Leases the document when it has pending events and nobody holds it, then publishes them
   * in order. A publish that fails while the broker is connected is the entry's fault: the
   * document backs off (its lease runs to the end of the back-off) and after maxAttempts the
   * entry is set aside, so the entries behind it, and every other document, still go. One
   * that fails because the broker went away is nobody's fault: the lease is released.
   */
  private async relayOne(model: Model<WithOutbox>, id: unknown): Promise<boolean> {
    try {
      const leased = await this.lease(model, id);
      if (!leased) {
        // Held by another relay, or nothing left (its last entry set aside): then unmarked.
        await model.updateOne({ _id: id, outbox: { $size: 0 }, outboxPending: true }, { $unset: { outboxPending: 1 } }, { timestamps: false });
        return false;
      }
      let doc: WithOutbox & { _id: unknown } = leased;
      let current: OutboxEntry | null = null;
      try {
        // Entries are appended with $push and leave from the front with a guarded $pop
        // (FerretDB v1's $pull matches whole elements only, not a condition). The last one's
        // $pop releases the lease in the same write, but only if no entry arrived meanwhile: a
        // write that came while this relay held the lease could not take it, so its entries
        // are this relay's to publish, read again before letting go.
        const options = { timestamps: false };
        for (;;) {
          let released = false;
          for (const [index, entry] of doc.outbox.entries()) {
            current = entry;
            await this.options.bus.publishEnvelope(toEnvelope(entry));
            const front = { _id: doc._id, 'outbox.0.id': entry.id };
            if (index === doc.outbox.length - 1) {
              const release = await model.updateOne(
                { ...front, outbox: { $size: 1 } },
                { $pop: { outbox: -1 }, $set: { outboxLockedUntil: null, outboxAttempts: 0 }, $unset: { outboxPending: 1 } },
                options,
              );
              released = release.modifiedCount === 1;
              if (released) break;
            }
            const popped = await model.updateOne(front, { $pop: { outbox: -1 } }, options);
            if (popped.modifiedCount !== 1) throw new Error(`outbox of ${String(doc._id)} changed under the relay`);
          }
          if (released) break;
          const fresh = await model.findById(doc._id).lean<WithOutbox & { _id: unknown }>();
          if (!fresh) return true;
          doc = fresh;
          if (fresh.outbox.length > 0) continue;
          const release = await model.updateOne(
            { _id: doc._id, outbox: { $size: 0 } },
            { $set: { outboxLockedUntil: null, outboxAttempts: 0 }, $unset: { outboxPending: 1 } },
            options,
          );
          if (release.modifiedCount === 1) break;
        }
      } catch (err) {
        await this.publishFailed(model, doc, current, err as Error);
        return false;
      }
      if (doc.deletedAt) await model.deleteOne({ _id: doc._id, deletedAt: { $ne: null }, outbox: { $size: 0 } });
      return true;
    } catch (err) {
      // The database itself failed: the lease runs out and a later pass takes the document again.
      this.options.logger.warn({ err: (err as Error).message, doc: String(id) }, 'outbox relay could not handle a document');
      return false;
    }
  }

  private async publishFailed(model: Model<WithOutbox>, doc: WithOutbox & { _id: unknown }, entry: OutboxEntry | null, err: Error): Promise<void> {
    const options = { timestamps: false };
    if (!entry || !this.options.bus.isConnected) {
      await model.updateOne({ _id: doc._id }, { $set: { outboxLockedUntil: null } }, options);
      return;
    }
    failedPublishes.inc({ type: entry.type });
    const attempts = (doc.outboxAttempts ?? 0) + 1;
    const logged = { doc: String(doc._id), eventId: entry.id, type: entry.type, attempts, err: err.message };
    if (attempts >= (this.options.maxAttempts ?? 5)) {
      const parked: ParkedOutboxEntry = { ...entry, error: err.message.slice(0, 500), parkedAt: new Date() };
      await model.updateOne(
        { _id: doc._id, 'outbox.0.id': entry.id },
        { $pop: { outbox: -1 }, $push: { outboxParked: parked }, $set: { outboxAttempts: 0, outboxLockedUntil: null } },
        options,
      );
      parkedEvents.inc({ type: entry.type });
      this.options.logger.error(logged, 'outbox entry set aside after failing again and again; the events behind it go on');
      return;
    }
    const retryAt = new Date(Date.now() + outboxRetryDelayMs(attempts, this.options.retryBaseMs ?? 1000));
    await model.updateOne({ _id: doc._id }, { $set: { outboxLockedUntil: retryAt, outboxAttempts: attempts } }, options);
    this.options.logger.warn({ ...logged, retryAt }, 'outbox entry could not be published; retrying later');
  }

  /**
   * Takes the document for leaseMs if it has pending events and its last lease is over, and
   * reads it in the same command. Two plain conditional writes rather than one with `$or`:
   * FerretDB finds the document by `_id` only when the filter has no `$or`, and otherwise
   * reads the whole collection while holding its write lock.
   */
  private async lease(model: Model<WithOutbox>, id: unknown): Promise<(WithOutbox & { _id: unknown }) | null> {
    const now = new Date();
    const until = { $set: { outboxLockedUntil: new Date(now.getTime() + (this.options.leaseMs ?? 30000)) } };
    // Relay bookkeeping is no change of the document: its updatedAt stays as it was.
    const options = { timestamps: false, returnDocument: 'after' as const };
    const pending = { _id: id, 'outbox.0': { $exists: true } };
    return (
      (await model.findOneAndUpdate({ ...pending, outboxLockedUntil: null }, until, options).lean<WithOutbox & { _id: unknown }>()) ??
      (await model.findOneAndUpdate({ ...pending, outboxLockedUntil: { $lt: now } }, until, options).lean<WithOutbox & { _id: unknown }>())
    );
  }
}
