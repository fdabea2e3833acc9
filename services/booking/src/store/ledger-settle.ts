import type { Side } from '@bb/contracts';
import { appointmentOfHolder, blocksToKeep, encodeEntry, type LedgerEntry } from '../domain/ledger';
import type { BookingModels } from '../models';
import type { AppointmentDoc } from '../models/appointment';
import { entryPath, readLedger, writeLedger } from './ledger-documents';

type Models = Pick<BookingModels, 'Ledger' | 'Appointment'>;

/**
 * Settles entries found stale in a document: an expired hold gives its places back; a change
 * past its deadline keeps what its appointment says (read by `_id`, all at once), the rest
 * given back. Each write is guarded by the entry being as read, so two settling at once settle
 * it once. Answers how many this call settled.
 */
export async function settleEntries(models: Models, offering: Side, id: string, stale: [string, LedgerEntry][]): Promise<number> {
  const appointmentIds = stale.flatMap(([holder, entry]) => (entry.s === 'c' ? (appointmentOfHolder(holder) ?? []) : []));
  const appointments =
    appointmentIds.length === 0
      ? []
      : await models.Appointment.find({ _id: { $in: appointmentIds } }, { status: 1, deletedAt: 1, blocks: 1, resources: 1 }).lean<AppointmentDoc[]>();
  const byId = new Map(appointments.map((a) => [String(a._id), a]));
  let settled = 0;
  for (const [holder, entry] of stale) {
    const appointment = byId.get(appointmentOfHolder(holder) ?? '') ?? null;
    const keep = entry.s === 'c' ? blocksToKeep(appointment, offering, id, entry.b) : [];
    const given = entry.b.filter((field) => !keep.includes(field));
    const path = entryPath(holder);
    const result = await writeLedger(
      models,
      id,
      { _id: id, [path]: encodeEntry(entry) },
      {
        ...(given.length > 0 ? { $inc: Object.fromEntries(given.map((field) => [`b.${field}`, -1])) } : {}),
        ...(keep.length > 0 ? { $set: { [path]: encodeEntry({ b: keep, s: 'k' }) } } : { $unset: { [path]: '' } }),
      },
    );
    settled += result.matchedCount;
  }
  return settled;
}

/** A visitor's hold gives its places back (nothing when it is gone already). */
export async function releaseHold(models: Models, offering: Side, holder: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const entry = (await readLedger(models, id))?.h?.[holder];
    if (entry?.s === 'v') await settleEntries(models, offering, id, [[holder, entry]]);
  }
}
