import type { Types } from 'mongoose';
import type { Side } from '@bb/contracts';
import { manilaDate } from '@bb/service-kit';
import type { BookingModels } from '../models';
import { daySheetId, holdEntry, seatOfHold } from '../models/day-sheet';
import { parseSeatId, seatId, type SeatDoc } from '../models/seat';
import { insertUntilTaken } from './ordered-insert';

export interface SeatClaim {
  offering: Side;
  /** The 30-minute blocks to take a seat in, ascending (`blocksCovering` of an interval). */
  blocks: Date[];
  appointmentId: Types.ObjectId;
  /** maxSessionsPerSlot of the offering now. */
  capacity: number;
}

export type ClaimResult = { ok: true; seats: string[] } | { ok: false };

type Ledger = Pick<BookingModels, 'Seat' | 'DaySheet'>;

/**
 * Takes one seat in every one of the 30-minute blocks, in ascending order; the
 * unique `_id` of each seat settles any race. The seats are inserted in one ordered write,
 * which stops at the first block whose seat someone else holds: that block tries its next
 * seat and the rest follow in one write again. Without contention a claim is one write
 * whatever its length. `taken` (the seats the day sheet lists) says which seat to try first.
 * When a block has no free seat the seats taken so far are given back: the caller answers 409.
 * Ascending order means that of bookings contending for the same blocks one always gets through.
 */
export async function claimSeats(ledger: Ledger, claim: SeatClaim, taken: ReadonlySet<string> = new Set()): Promise<ClaimResult> {
  const { blocks } = claim;
  const nextSeat = (block: Date, from: number) => {
    let seat = from;
    while (seat < claim.capacity && taken.has(seatId(claim.offering, block, seat))) seat++;
    return seat;
  };
  const trying = blocks.map((block) => nextSeat(block, 0));
  const held: string[] = [];
  try {
    while (held.length < blocks.length) {
      const first = held.length;
      if (trying[first] >= claim.capacity) {
        // Not on a day sheet yet: deleting the seats is all there is to give back.
        await deleteSeats(ledger, held, claim.appointmentId);
        return { ok: false };
      }
      const docs = blocks.slice(first).map((block, i) => seatDoc(claim, block, Math.min(trying[first + i], claim.capacity - 1)));
      const inserted = await insertUntilTaken(ledger.Seat, docs, held);
      if (inserted < docs.length) trying[first + inserted] = nextSeat(blocks[first + inserted], trying[first + inserted] + 1);
    }
    const holds = held.map((seat) => holdEntry(seat, claim.appointmentId));
    await updateSheets(ledger, holds, (sheet, entries) => ({ $addToSet: { holds: { $each: entries } }, $setOnInsert: sheetFields(sheet) }), true);
    return { ok: true, seats: held };
  } catch (err) {
    // Best effort: what cannot be given back now is found by the seat sweep later.
    await releaseSeats(ledger, held, claim.appointmentId).catch(() => undefined);
    throw err;
  }
}

function seatDoc(claim: SeatClaim, blockStart: Date, seat: number): SeatDoc {
  // claimedAt is wall-clock time (not the injectable business clock): the sweep's grace period runs on it.
  return {
    _id: seatId(claim.offering, blockStart, seat),
    offeringType: claim.offering,
    blockStart,
    seat,
    appointmentId: claim.appointmentId,
    claimedAt: new Date(),
  };
}

/**
 * Gives seats back: only those still held by this appointment (one may have been swept and
 * taken by another), deleted first and then this appointment's entries taken off the day
 * sheet, so a sheet repair in between never puts a released seat back.
 */
export async function releaseSeats(ledger: Ledger, seats: string[], appointmentId: Types.ObjectId): Promise<void> {
  if (seats.length === 0) return;
  await deleteSeats(ledger, seats, appointmentId);
  // Entries name their holder: removing this appointment's never touches another's.
  await takeOffSheets(
    ledger,
    seats.map((seat) => holdEntry(seat, appointmentId)),
  );
}

/** Deletes those of the seats this appointment still holds, in one write. */
async function deleteSeats({ Seat }: Ledger, seats: string[], appointmentId: Types.ObjectId): Promise<void> {
  if (seats.length > 0) await Seat.deleteMany({ _id: { $in: seats }, appointmentId });
}

/** Takes the entries of seats that no longer exist off their day sheets. */
export async function takeOffSheets(ledger: Ledger, holds: string[]): Promise<void> {
  await updateSheets(ledger, holds, (_sheet, entries) => ({ $pullAll: { holds: entries } }), false);
}

/** The day sheet a seat (or a sheet entry of one) is listed on. */
export function sheetOf(seatOrHold: string): string {
  const { offering, blockStart } = parseSeatId(seatOfHold(seatOrHold));
  return daySheetId(offering, manilaDate(blockStart));
}

function sheetFields(sheet: string) {
  const [offeringType, date] = sheet.split('|');
  return { offeringType, date };
}

async function updateSheets(
  ledger: Ledger,
  holds: string[],
  update: (sheet: string, entries: string[]) => Record<string, unknown>,
  upsert: boolean,
): Promise<void> {
  const bySheet = new Map<string, string[]>();
  for (const hold of holds) bySheet.set(sheetOf(hold), [...(bySheet.get(sheetOf(hold)) ?? []), hold]);
  for (const [sheet, entries] of bySheet) await ledger.DaySheet.updateOne({ _id: sheet }, update(sheet, entries), { upsert });
}
