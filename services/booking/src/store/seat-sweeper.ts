import { BLOCK_MS, isDuplicateKey, manilaDate, PeriodicTask, type Logger } from '@bb/service-kit';
import type { BookingModels } from '../models';
import { holdEntry } from '../models/day-sheet';
import type { SeatDoc } from '../models/seat';
import { sheetOf, takeOffSheets } from './seats';

/** A seat younger than this may belong to a booking still in progress. */
export const SEAT_GRACE_MS = 2 * 60 * 1000;
const BATCH = 500;

const currentBlock = (now: Date) => new Date(Math.floor(now.getTime() / BLOCK_MS) * BLOCK_MS);

/**
 * Frees seats no appointment holds: left behind when a process stopped between claiming
 * seats and storing the appointment, or between cancelling or deleting it and giving its
 * seats back. Only blocks still to come matter for booking, so only those are looked at.
 * Deletes are conditional on the seat being unchanged, so replicas may sweep at once.
 */
export async function sweepOrphanSeats(models: BookingModels, now: Date, graceMs = SEAT_GRACE_MS): Promise<number> {
  const cursor = models.Seat.find({ blockStart: { $gte: currentBlock(now) }, claimedAt: { $lt: new Date(now.getTime() - graceMs) } })
    .lean<SeatDoc[]>()
    .cursor({ batchSize: BATCH });
  let freed = 0;
  let batch: SeatDoc[] = [];
  const flush = async () => {
    const holders = await models.Appointment.find(
      { _id: { $in: [...new Set(batch.map((s) => String(s.appointmentId)))] }, deletedAt: null },
      { seats: 1 },
    ).lean();
    const held = new Set(holders.flatMap((a) => a.seats));
    const deleted: string[] = [];
    for (const seat of batch) {
      if (held.has(seat._id)) continue;
      const result = await models.Seat.deleteOne({ _id: seat._id, appointmentId: seat.appointmentId, claimedAt: seat.claimedAt });
      if (result.deletedCount === 1) deleted.push(holdEntry(seat._id, seat.appointmentId));
    }
    await takeOffSheets(models, deleted);
    freed += deleted.length;
    batch = [];
  };
  for await (const seat of cursor) {
    batch.push(seat);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return freed;
}

/**
 * Makes the day sheets of today and later list exactly the seats that exist, after a crash
 * between writing a seat and its sheet. The sheet is read before the seats and replaced
 * only if unchanged since: a claim or release in between (seat first, sheet second) makes
 * the replacement miss, and the next sweep looks again.
 */
export async function repairDaySheets(models: BookingModels, now: Date): Promise<number> {
  const sheets = new Map((await models.DaySheet.find({ date: { $gte: manilaDate(now) } }).lean()).map((s) => [s._id, s]));
  const actual = new Map<string, string[]>();
  for (const seat of await models.Seat.find({ blockStart: { $gte: currentBlock(now) } }, { _id: 1, appointmentId: 1 }).lean()) {
    const entry = holdEntry(seat._id, seat.appointmentId);
    actual.set(sheetOf(entry), [...(actual.get(sheetOf(entry)) ?? []), entry]);
  }
  let repaired = 0;
  for (const id of new Set([...sheets.keys(), ...actual.keys()])) {
    const listed = sheets.get(id)?.holds ?? [];
    const holds = (actual.get(id) ?? []).sort();
    if (listed.length === holds.length && [...listed].sort().every((h, i) => h === holds[i])) continue;
    const sheet = sheets.get(id);
    const [offeringType, date] = id.split('|');
    // A sheet that did not exist when read must still not exist: a concurrent claim made it.
    const result = sheet
      ? await models.DaySheet.updateOne({ _id: id, holds: sheet.holds }, { $set: { holds } })
      : await models.DaySheet.updateOne(
          { _id: id, holds: { $exists: false } },
          { $set: { holds }, $setOnInsert: { offeringType, date } },
          { upsert: true },
        ).catch((err: unknown) => {
          if (isDuplicateKey(err)) return { modifiedCount: 0, upsertedCount: 0 };
          throw err;
        });
    repaired += result.modifiedCount + result.upsertedCount;
  }
  return repaired;
}

/** Runs the sweep and the sheet repair on an interval until stopped. */
export class SeatSweeper {
  private readonly task: PeriodicTask;

  constructor(
    private readonly models: BookingModels,
    private readonly logger: Logger,
    intervalMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.task = new PeriodicTask('seat sweep', () => this.pass(), intervalMs, logger);
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  private async pass(): Promise<void> {
    const freed = await sweepOrphanSeats(this.models, this.now());
    const repaired = await repairDaySheets(this.models, this.now());
    if (freed > 0 || repaired > 0) this.logger.warn({ freed, repaired }, 'freed seats no appointment held, repaired day sheets');
  }
}
