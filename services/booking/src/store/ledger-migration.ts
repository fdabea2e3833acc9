import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection, Model, Types } from 'mongoose';
import type { Side } from '@bb/contracts';
import { isDuplicateKey, manilaDate, type Logger } from '@bb/service-kit';
import { blockStart, decodeLedger, type LedgerBlock, type LedgerDoc, type StoredLedgerDoc } from '../domain/ledger';
import {
  firstMigratedBlock,
  ledgerAddition,
  ledgerMismatch,
  planLedger,
  seatDisagreements,
  type LedgerPlan,
  type SeatEraAppointment,
} from '../domain/ledger-migration';
import { intervalOf } from '../models/appointment';
import type { MigrationDoc } from '../models/migration';

// Moves the capacity the seats era kept (seats, day sheets, the seat ids on appointments) onto
// the ledger, once per database, at the service's start and before it serves. It speaks the
// raw driver: it reads shapes no model describes any more and unsets fields the appointment
// schema no longer has (mongoose would drop them from the update).

export const LEDGER_MIGRATION_ID = 'ledger';

/** The seats era's collections, dropped once the ledger is verified. */
export const SEAT_ERA_COLLECTIONS = ['seats', 'day_sheets', 'contact_claims'] as const;

/** How long a run's lease lasts without renewal (wall clock); renewed at a third of it. */
const LEASE_MS = 30_000;

/** The appointments' fields the migration reads. */
const SEAT_ERA_FIELDS = { offeringType: 1, status: 1, deletedAt: 1, seats: 1, startTime: 1, endTime: 1, preferredDate: 1, preferredTime: 1 };

const ledgerOf = (conn: Connection) => conn.collection<StoredLedgerDoc>('ledger');
type LedgerCollection = ReturnType<typeof ledgerOf>;

interface SeatEraDoc {
  _id: Types.ObjectId;
  offeringType: Side;
  status: string;
  deletedAt?: Date | null;
  seats: string[];
  startTime: Date | null;
  endTime: Date | null;
  preferredDate: string;
  preferredTime: string;
}

export interface LedgerMigrationOptions {
  logger: Logger;
  /** The business clock: the run moves appointments from the first day of its Manila month on. */
  now: Date;
  /** How often a replica waiting for another's run looks again. */
  pollMs?: number;
  /** Called after each ledger document written (a test stops a run half-way here). */
  onLedgerWrite?: (written: number) => void;
}

export interface LedgerMigrationRun {
  /** false: complete already (by an earlier start or another replica). */
  ran: boolean;
  /** Seats-era appointments read; of those, moved onto the ledger. */
  appointments: number;
  moved: number;
  ledgerWrites: number;
  appointmentWrites: number;
  dropped: string[];
  /** How many seats and sheet entries disagreed with the appointments, by kind (`SeatDisagreements`). */
  disagreements: Record<string, number>;
  ms: number;
}

/**
 * Runs the ledger migration unless complete. One replica runs it (a lease in the `migrations`
 * marker); the others wait for it to complete, so no replica serves before the ledger holds
 * every appointment. A run killed half-way is finished by the next start, from the plan the
 * marker recorded: ledger writes add only holders a document lacks, and an appointment loses its
 * seats in the write that gives it its blocks, after its ledger entries are stored.
 */
export async function migrateToLedger(conn: Connection, migrations: Model<MigrationDoc>, options: LedgerMigrationOptions): Promise<LedgerMigrationRun> {
  const startedAt = Date.now();
  for (;;) {
    const turn = await takeTurn(migrations, options.now);
    if (turn === 'done')
      return { ran: false, appointments: 0, moved: 0, ledgerWrites: 0, appointmentWrites: 0, dropped: [], disagreements: {}, ms: Date.now() - startedAt };
    if (turn !== 'wait') return { ...(await run(conn, migrations, turn, options)), ms: Date.now() - startedAt };
    await sleep(options.pollMs ?? 200);
  }
}

interface Lease {
  owner: string;
  from: LedgerBlock;
}

async function takeTurn(migrations: Model<MigrationDoc>, now: Date): Promise<'done' | 'wait' | Lease> {
  const marker = await migrations.findById(LEDGER_MIGRATION_ID).lean<MigrationDoc>();
  if (marker?.completedAt) return 'done';
  const owner = randomUUID();
  const leaseUntil = new Date(Date.now() + LEASE_MS);
  if (!marker) {
    const from = firstMigratedBlock(now);
    try {
      await migrations.create({ _id: LEDGER_MIGRATION_ID, from, owner, leaseUntil, completedAt: null });
      return { owner, from };
    } catch (err) {
      if (isDuplicateKey(err)) return 'wait';
      throw err;
    }
  }
  if (marker.leaseUntil.getTime() > Date.now()) return 'wait';
  // The last owner stopped renewing (it died): take over, guarded by the lease read.
  const taken = await migrations.updateOne({ _id: LEDGER_MIGRATION_ID, owner: marker.owner, leaseUntil: marker.leaseUntil }, { $set: { owner, leaseUntil } });
  return taken.matchedCount === 1 ? { owner, from: marker.from } : 'wait';
}

async function run(conn: Connection, migrations: Model<MigrationDoc>, lease: Lease, options: LedgerMigrationOptions) {
  const { logger } = options;
  let renewedAt = Date.now();
  const renew = async (force = false) => {
    if (!force && Date.now() - renewedAt < LEASE_MS / 3) return;
    const kept = await migrations.updateOne({ _id: LEDGER_MIGRATION_ID, owner: lease.owner }, { $set: { leaseUntil: new Date(Date.now() + LEASE_MS) } });
    if (kept.matchedCount !== 1) throw new Error('ledger migration: another replica took the run over');
    renewedAt = Date.now();
  };
  const appointmentsColl = conn.collection<SeatEraDoc>('appointments');
  const ledger = ledgerOf(conn);
  const docs = await appointmentsColl.find({ seats: { $exists: true } }, { projection: SEAT_ERA_FIELDS }).toArray();
  const appointments = docs.map(toSeatEra);
  const plan = planLedger(appointments, lease.from);
  const disagreements = await checkCopies(conn, appointments, lease.from, logger);
  if (plan.fromInterval.length > 0)
    logger.warn(
      { appointments: plan.fromInterval.slice(0, 20), count: plan.fromInterval.length },
      'ledger migration: active appointments without seats, counted in their booked interval',
    );

  await renew(true);
  let ledgerWrites = 0;
  for (const [id, planned] of [...plan.documents].sort(([a], [b]) => a.localeCompare(b))) {
    if (await addHolders(ledger, id, planned)) {
      ledgerWrites += 1;
      options.onLedgerWrite?.(ledgerWrites);
    }
    await renew();
  }

  // Appointments after their ledger entries: each group of the same blocks is one write.
  const rawIds = new Map(docs.map((doc) => [String(doc._id), doc._id]));
  let appointmentWrites = 0;
  for (const [blocks, ids] of groupByBlocks(plan)) {
    for (let i = 0; i < ids.length; i += 500) {
      await appointmentsColl.updateMany(
        { _id: { $in: ids.slice(i, i + 500).map((id) => rawIds.get(id) as Types.ObjectId) } },
        { $set: { blocks }, $unset: { seats: '', contactClaims: '' } },
      );
      appointmentWrites += 1;
      await renew();
    }
  }
  // The rest (cancelled, deleted, wholly past) hold nothing in the ledger.
  if (docs.length > plan.blocks.size) {
    await appointmentsColl.updateMany({ seats: { $exists: true } }, { $set: { blocks: [] }, $unset: { seats: '', contactClaims: '' } });
    appointmentWrites += 1;
  }

  await verify(ledger, plan);
  await renew(true);
  const dropped = await dropSeatEra(conn);
  await migrations.updateOne({ _id: LEDGER_MIGRATION_ID, owner: lease.owner }, { $set: { completedAt: new Date() } });
  logger.info(
    { appointments: docs.length, moved: plan.blocks.size, ledgerDocuments: plan.documents.size, ledgerWrites, appointmentWrites, dropped, from: lease.from },
    'ledger migration complete',
  );
  return { ran: true, appointments: docs.length, moved: plan.blocks.size, ledgerWrites, appointmentWrites, dropped, disagreements };
}

function toSeatEra(doc: SeatEraDoc): SeatEraAppointment {
  const { start, end } = intervalOf(doc);
  return { id: String(doc._id), offering: doc.offeringType, status: doc.status, deleted: Boolean(doc.deletedAt), seats: doc.seats, start, end };
}

function groupByBlocks(plan: LedgerPlan): Map<LedgerBlock[], string[]> {
  const byKey = new Map<string, { blocks: LedgerBlock[]; ids: string[] }>();
  for (const [id, blocks] of plan.blocks) {
    const group = byKey.get(blocks.join()) ?? { blocks, ids: [] };
    group.ids.push(id);
    byKey.set(blocks.join(), group);
  }
  return new Map([...byKey.values()].map(({ blocks, ids }) => [blocks, ids]));
}

/**
 * Adds the planned holders a ledger document lacks, in one update (an upsert for a month not
 * stored yet). Answers whether it wrote. A write that matches nothing (someone added holders
 * since the read) reads again; nothing is ever counted twice, as each added holder must be absent.
 */
async function addHolders(ledger: LedgerCollection, id: string, planned: ReadonlyMap<string, string[]>): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const doc = await ledger.findOne({ _id: id }, { projection: { h: 1 } });
    const addition = ledgerAddition(id, planned, new Set(Object.keys(doc?.h ?? {})));
    if (!addition) return false;
    try {
      const result = await ledger.updateOne(addition.filter, addition.update, { upsert: true });
      if (result.matchedCount + result.upsertedCount === 1) return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
  throw new Error(`ledger migration: ${id} kept changing while holders were added`);
}

async function verify(ledger: LedgerCollection, plan: LedgerPlan): Promise<void> {
  const ids = [...plan.documents.keys()];
  const stored = new Map<string, LedgerDoc>();
  for (let i = 0; i < ids.length; i += 100)
    for (const doc of await ledger.find({ _id: { $in: ids.slice(i, i + 100) } }).toArray()) stored.set(doc._id, decodeLedger(doc));
  const wrong = ids.flatMap((id) => ledgerMismatch(id, stored.get(id) ?? null, plan.documents.get(id) ?? new Map()) ?? []);
  if (wrong.length > 0) throw new Error(`ledger migration: the ledger disagrees with the appointments: ${wrong.slice(0, 5).join('; ')}`);
}

/** Logs where the seat documents and day sheets disagreed with the appointments (the ledger follows the appointments). */
async function checkCopies(conn: Connection, appointments: SeatEraAppointment[], from: LedgerBlock, logger: Logger): Promise<Record<string, number>> {
  const since = blockStart(from);
  const seats = await conn
    .collection<{ _id: string; appointmentId: Types.ObjectId }>('seats')
    .find({ blockStart: { $gte: since } }, { projection: { appointmentId: 1 } })
    .toArray();
  const sheets = await conn
    .collection<{ _id: string; holds: string[] }>('day_sheets')
    .find({ date: { $gte: manilaDate(since) } }, { projection: { holds: 1 } })
    .toArray();
  const found = seatDisagreements(
    appointments,
    seats.map((seat) => ({ id: seat._id, appointmentId: String(seat.appointmentId) })),
    sheets.map((sheet) => ({ id: sheet._id, holds: sheet.holds ?? [] })),
    from,
  );
  const counts = Object.fromEntries(Object.entries(found).map(([kind, entries]) => [kind, entries.length]));
  if (Object.values(counts).some((n) => n > 0)) {
    const examples = Object.fromEntries(Object.entries(found).map(([kind, entries]) => [kind, entries.slice(0, 10)]));
    logger.warn({ counts, examples }, 'ledger migration: seats and day sheets disagreed with the appointments (the ledger follows the appointments)');
  }
  return counts;
}

async function dropSeatEra(conn: Connection): Promise<string[]> {
  const db = conn.db;
  if (!db) return [];
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  const dropped = SEAT_ERA_COLLECTIONS.filter((name) => existing.has(name));
  for (const name of dropped) await db.dropCollection(name);
  return dropped;
}
