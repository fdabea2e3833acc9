import { Schema, type Connection, type Model } from 'mongoose';
import type { Envelope } from '@bb/contracts';
import { EventBus } from '../src/bus/event-bus';
import { connectMongo } from '../src/db/mongo';
import { OutboxRelay, outboxRetryDelayMs, type OutboxRelayOptions } from '../src/db/outbox-relay';
import { outboxEvent, outboxFields, outboxPendingFlag, type WithOutbox } from '../src/db/outbox-writer';
import { metricValue } from '../src/metrics/registry';
import { silentLogger, testAmqpUrl, testMongoUrl, uniqueName, waitFor } from '../testing';

interface Note extends WithOutbox {
  text: string;
}

const exchange = uniqueName('outbox_ex');
let conn: Connection;
let Note: Model<Note>;
const buses: EventBus[] = [];
const relays: OutboxRelay[] = [];

/** A relay over the notes, as one replica runs it; options other than the pass interval are the relay's own. */
function setup(options: Partial<Pick<OutboxRelayOptions, 'intervalMs' | 'retryBaseMs' | 'maxAttempts'>> = {}) {
  const logger = silentLogger();
  const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'test', logger });
  const relay = new OutboxRelay({ bus, logger, intervalMs: 100, ...options });
  relay.watch(Note);
  buses.push(bus);
  relays.push(relay);
  return { bus, relay };
}

const changed = (id: string) =>
  outboxEvent('catalog', 'catalog.bookable.changed', {
    id,
    kind: 'treatment',
    name: id,
    defaultDuration: 60,
    offeringType: 'clinic',
    deleted: false,
    version: 1,
  });

beforeAll(async () => {
  conn = await connectMongo(testMongoUrl('outbox'), silentLogger());
  const noteSchema = new Schema<Note>({ text: String, ...outboxFields });
  noteSchema.plugin(outboxPendingFlag);
  Note = conn.model<Note>('Note', noteSchema);
});
// Each test's relay watches the same collection: stop it so the next test sees only its own.
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop();
  for (const bus of buses.splice(0)) await bus.close();
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

async function collect(queue: string) {
  const received: Envelope[] = [];
  const consumer = new EventBus({ url: testAmqpUrl(), exchange, source: 'consumer', logger: silentLogger() });
  buses.push(consumer);
  consumer.subscribe(queue, ['catalog.bookable.changed'], async (e) => {
    received.push(e);
  });
  await consumer.start();
  return received;
}

describe('outbox relay', () => {
  it('publishes every event written with a document, then clears the outbox', async () => {
    const received = await collect(uniqueName('q'));
    const { bus, relay } = setup();
    await bus.start();
    // More documents than one pass reads at a time.
    const docs = await Note.insertMany(Array.from({ length: 250 }, (_, i) => ({ text: `n${i}`, outbox: [changed(`item-${i}`)] })));
    relay.start();
    await waitFor('all events', () => received.length >= 250, 30000);
    expect(received).toHaveLength(250);
    expect(new Set(received.map((e) => (e.data as { id: string }).id)).size).toBe(250);
    await waitFor('outboxes cleared', async () => (await Note.countDocuments({ _id: { $in: docs.map((d) => d._id) }, 'outbox.0': { $exists: true } })) === 0);
  });

  it('publishes each event once when two relays (two replicas) work the same collection', async () => {
    const received = await collect(uniqueName('q'));
    const replicas = [setup(), setup()];
    for (const { bus } of replicas) await bus.start();
    const docs = await Note.insertMany(Array.from({ length: 120 }, (_, i) => ({ text: `r${i}`, outbox: [changed(`replica-${i}`)] })));
    for (const { relay } of replicas) relay.start();
    // Both also race for each document by id, as two replicas that both wrote would.
    for (const doc of docs) for (const { relay } of replicas) relay.publishDocument(Note, doc._id);
    await waitFor('all events', () => received.length >= 120, 30000);
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toHaveLength(120);
    expect(new Set(received.map((e) => e.id)).size).toBe(120);
  });

  it('publishes what was written while the broker was unreachable once it is back', async () => {
    const received = await collect(uniqueName('q'));
    const { bus, relay } = setup();
    relay.start();
    // The relay runs but has no broker connection: events stay in the documents.
    const written = [changed('offline-1'), changed('offline-2')];
    await Note.create({ text: 'offline', outbox: written });
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(0);
    await bus.start();
    relay.kick();
    await waitFor('offline events', () => received.length === 2, 15000);
    expect(received.map((e) => e.id).sort()).toEqual(written.map((e) => e.id).sort());
  });

  it('publishes one document by id at once, without waiting for the periodic pass', async () => {
    const received = await collect(uniqueName('q'));
    const { bus, relay } = setup({ intervalMs: 60000 });
    await bus.start();
    relay.start();
    await new Promise((r) => setTimeout(r, 300)); // the first pass is over; the next is a minute away
    const doc = await Note.create({ text: 'targeted', outbox: [changed('targeted-1')] });
    relay.publishDocument(Note, doc._id);
    await waitFor('targeted event', () => received.some((e) => (e.data as { id: string }).id === 'targeted-1'), 5000);
    await waitFor('outbox cleared', async () => (await Note.findById(doc._id).lean())?.outbox.length === 0);
  });

  it('publishes at once an event written while its document was held by the relay', async () => {
    const received = await collect(uniqueName('q'));
    const { bus, relay } = setup({ intervalMs: 60000 });
    await bus.start();
    relay.start();
    await new Promise((r) => setTimeout(r, 300)); // the first pass is over; the next is a minute away
    // The relay's first publish waits until the second write has come and failed to take the lease.
    let reached!: () => void;
    const publishing = new Promise<void>((resolve) => (reached = resolve));
    let proceed!: () => void;
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    const publish = bus.publishEnvelope.bind(bus);
    bus.publishEnvelope = async (envelope) => {
      reached();
      await gate;
      return publish(envelope);
    };
    const doc = await Note.create({ text: 'busy', outbox: [changed('busy-1')] });
    relay.publishDocument(Note, doc._id);
    await publishing;
    await Note.updateOne({ _id: doc._id }, { $push: { outbox: changed('busy-2') } });
    relay.publishDocument(Note, doc._id);
    await new Promise((r) => setTimeout(r, 200));
    proceed();
    await waitFor('both events', () => received.length === 2, 5000);
    expect(received.map((e) => (e.data as { id: string }).id)).toEqual(['busy-1', 'busy-2']);
    await waitFor('outbox cleared and released', async () => {
      const stored = await Note.findById(doc._id).lean();
      return stored?.outbox.length === 0 && stored.outboxLockedUntil === null;
    });
  });

  it('publishes what waited for the broker as soon as it connects', async () => {
    const received = await collect(uniqueName('q'));
    const { bus, relay } = setup({ intervalMs: 60000 });
    relay.start();
    const doc = await Note.create({ text: 'waiting', outbox: [changed('waiting-1')] });
    relay.publishDocument(Note, doc._id);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(0);
    await bus.start();
    await waitFor('event after connecting', () => received.some((e) => (e.data as { id: string }).id === 'waiting-1'), 5000);
  });

  it('removes a tombstoned document once its last event is out', async () => {
    const received = await collect(uniqueName('q'));
    const { bus, relay } = setup();
    await bus.start();
    relay.start();
    const doc = await Note.create({ text: 'gone', deletedAt: new Date(), outbox: [changed('deleted-item')] });
    relay.kick();
    await waitFor('delete event', () => received.length === 1);
    await waitFor('tombstone removed', async () => (await Note.findById(doc._id)) === null);
  });

  it('sets aside an entry that keeps failing, and delivers everything behind it meanwhile', async () => {
    const received = await collect(uniqueName('q'));
    const { bus, relay } = setup({ retryBaseMs: 50, maxAttempts: 3 });
    await bus.start();
    const parkedBefore = await metricValue('outbox_parked_total', { type: 'catalog.bookable.changed' });
    // Data the contract refuses: publishing it throws, every time.
    const poison = { ...changed('poison'), data: { id: 42 } };
    const first = await Note.create({ text: 'poisoned', outbox: [poison, changed('behind-poison')] });
    const others = await Note.insertMany(Array.from({ length: 5 }, (_, i) => ({ text: `after-${i}`, outbox: [changed(`after-${i}`)] })));
    relay.start();
    await waitFor('the other documents’ events', () => others.every((_, i) => received.some((e) => (e.data as { id: string }).id === `after-${i}`)), 10000);
    await waitFor(
      'the poison set aside and the event behind it delivered',
      async () => {
        const doc = await Note.findById(first._id).lean();
        return doc?.outbox.length === 0 && received.some((e) => (e.data as { id: string }).id === 'behind-poison');
      },
      10000,
    );
    const doc = await Note.findById(first._id).lean();
    expect(doc?.outboxParked).toHaveLength(1);
    expect(doc?.outboxParked?.[0]).toMatchObject({ id: poison.id, type: 'catalog.bookable.changed' });
    expect(doc?.outboxParked?.[0].error).toMatch(/expected string/i);
    expect(received.some((e) => e.id === poison.id)).toBe(false);
    expect(await metricValue('outbox_parked_total', { type: 'catalog.bookable.changed' })).toBe(parkedBefore + 1);
  });

  it('keeps a sparse index of the documents with pending events, which the pass reads', async () => {
    setup();
    await waitFor('the index', async () => (await Note.collection.indexes()).find((i) => i.name === 'outbox_pending_flag'));
    // Asked for as sparse; FerretDB accepts the option without reporting it, MongoDB keeps it.
    expect((await Note.collection.indexes()).find((i) => i.name === 'outbox_pending_flag')).toMatchObject({ key: { outboxPending: 1 } });
  });

  it('marks a document pending with every write that adds an event, and unmarks it once the relay emptied it', async () => {
    const received = await collect(uniqueName('q'));
    const { bus, relay } = setup();
    const saved = await new Note({ text: 'saved', outbox: [changed('saved')] }).save();
    const [inserted] = await Note.insertMany([{ text: 'inserted', outbox: [changed('inserted')] }]);
    const plain = await Note.create({ text: 'no event', outbox: [] });
    await Note.updateOne({ _id: plain._id }, { $set: { text: 'still none' } });
    const updated = await Note.create({ text: 'updated', outbox: [] });
    await Note.updateOne({ _id: updated._id }, { $push: { outbox: changed('updated') } });
    const found = await Note.create({ text: 'found', outbox: [] });
    await Note.findOneAndUpdate({ _id: found._id }, { $push: { outbox: changed('found') } });
    const ids = [saved, inserted, updated, found].map((d) => d._id);
    const flagged = async (id: unknown) => (await Note.findById(id).lean())?.outboxPending;
    expect(await Promise.all([...ids, plain._id].map(flagged))).toEqual([true, true, true, true, undefined]);

    await bus.start();
    relay.start();
    await waitFor('the four events', () => received.length >= 4, 10000);
    await waitFor('unmarked', async () => (await Promise.all(ids.map(flagged))).every((f) => f === undefined));
  });

  it('publishes, after a start, the events of documents written before they were marked', async () => {
    const received = await collect(uniqueName('q'));
    // As stored by the previous release: entries, no flag.
    const { insertedId } = await Note.collection.insertOne({
      text: 'old',
      outbox: [changed('from-before')],
      outboxLockedUntil: null,
      outboxAttempts: 0,
      deletedAt: null,
    } as never);
    const { bus, relay } = setup();
    await bus.start();
    relay.start();
    await waitFor('the old event', () => received.some((e) => (e.data as { id: string }).id === 'from-before'), 10000);
    await waitFor('unmarked', async () => (await Note.findById(insertedId).lean())?.outboxPending === undefined);
  });

  it('backs a failing document off by doubling waits, at most five minutes', () => {
    expect([1, 2, 3, 4].map((n) => outboxRetryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(outboxRetryDelayMs(50, 1000)).toBe(5 * 60 * 1000);
  });
});
