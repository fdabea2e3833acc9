import type { Types } from 'mongoose';
import type { Side } from '@bb/contracts';
import { DAY_MS, isDuplicateKey, type Logger } from '@bb/service-kit';
import { appointmentHolder, fieldsByLedger, ledgerBlock, ledgerBlocks, type LedgerBlock } from '../domain/ledger';
import type { BookingModels } from '../models';
import { intervalOf, type AppointmentDoc } from '../models/appointment';

/** Marks the move from seats and day sheets to the ledger done (`seed_markers`). */
export const LEDGER_MIGRATION = 'ledger-from-seats';

/** An appointment as stored before the ledger: the seat ids it held (`<offering>|<block start ISO>|<n>`), no blocks. */
type Stored = AppointmentDoc & { seats?: string[] };

/** The blocks an appointment of the old shape holds: those of its seats, or (none stored) its own time. */
export function blocksOfSeats(doc: Pick<Stored, 'seats' | 'startTime' | 'endTime' | 'preferredDate' | 'preferredTime'>): LedgerBlock[] {
  if (doc.seats && doc.seats.length > 0) return [...new Set(doc.seats.map((seat) => ledgerBlock(new Date(seat.split('|')[1]))))].sort();
  const { start, end } = intervalOf(doc);
  return ledgerBlocks(start, end);
}

/**
 * Moves an existing database from seats and day sheets to the ledger, at start, once: every
 * appointment still to come (from yesterday on) that is neither cancelled nor deleted and has no
 * blocks yet gets its ledger entry (the blocks of its seats, counted without a capacity check:
 * it holds them already) and then its `blocks`. Each step is guarded (the entry written only
 * while absent, the blocks only while missing), so a run stopped half-way is taken up by the
 * next start, and replicas starting together write each once. Past appointments need no
 * entry: no booking can reach their blocks. The old collections are left as they are.
 */
export async function migrateToLedger(
  models: Pick<BookingModels, 'Appointment' | 'Ledger' | 'SeedMarker'>,
  now: Date,
  logger: Logger,
  afterEach: () => void = () => undefined,
): Promise<number> {
  if ((await models.SeedMarker.findById(LEDGER_MIGRATION).lean())?.completedAt) return 0;
  const pending = await models.Appointment.collection
    .find({ blocks: { $exists: false }, deletedAt: null, status: { $ne: 'cancelled' }, startTime: { $gte: new Date(now.getTime() - DAY_MS) } })
    .project<Stored>({ seats: 1, offeringType: 1, startTime: 1, endTime: 1, preferredDate: 1, preferredTime: 1 })
    .toArray();
  for (const doc of pending) {
    const blocks = blocksOfSeats(doc);
    await enter(models, doc.offeringType, doc._id, blocks);
    await models.Appointment.updateOne({ _id: doc._id, blocks: { $exists: false } }, { $set: { blocks } });
    afterEach();
  }
  await models.SeedMarker.updateOne({ _id: LEDGER_MIGRATION }, { $set: { completedAt: now }, $setOnInsert: { startedAt: now } }, { upsert: true });
  if (pending.length > 0) logger.info({ appointments: pending.length }, 'moved upcoming appointments from seats to the ledger');
  return pending.length;
}

/** The appointment's entry in each of its months' documents, unless it is there already. */
async function enter(models: Pick<BookingModels, 'Ledger'>, offering: Side, id: Types.ObjectId, blocks: LedgerBlock[]): Promise<void> {
  const holder = appointmentHolder(id);
  for (const [ledger, fields] of fieldsByLedger(offering, blocks)) {
    try {
      await models.Ledger.updateOne(
        { _id: ledger, [`h.${holder}`]: { $exists: false } },
        { $inc: Object.fromEntries(fields.map((field) => [`b.${field}`, 1])), $set: { [`h.${holder}`]: { b: fields, s: 'k' } } },
        { upsert: true },
      );
    } catch (err) {
      // The document exists and holds the entry: written by an earlier run or another replica.
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
