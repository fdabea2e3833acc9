import type { Types } from 'mongoose';
import type { Side } from '@bb/contracts';
import { blocksCovering, isDuplicateKey, manilaDate } from '@bb/service-kit';
import type { BookingModels } from '../models';
import { daySheetId, holdEntry, seatOfHold } from '../models/day-sheet';
import { parseSeatId, seatId } from '../models/seat';

export interface SeatClaim {
  offering: Side;
  start: Date;
  end: Date;
  appointmentId: Types.ObjectId;
  /** maxSessionsPerSlot of the offering now. */
  capacity: number;
}

export type ClaimResult = { ok: true; seats: string[] } | { ok: false };

type Ledger = Pick<BookingModels, 'Seat' | 'DaySheet'>;

/**
 * Takes one seat in every 30-minute block of the interval, blocks in ascending order, each
 * seat a single insert whose unique `_id` settles any race. When a block has no free seat
 * the seats taken so far are given back: the caller answers 409. Ascending order means that
 * of bookings contending for the same blocks at least one always gets through.
 */
export async function claimSeats(ledger: Ledger, claim: SeatClaim): Promise<ClaimResult> {
  const taken: string[] = [];
  try {
    for (const block of blocksCovering(claim.start, claim.end)) {
      const seat = await claimSeatInBlock(ledger, claim, block);
      if (seat === null) {
        // Not on a day sheet yet: deleting the seats is all there is to give back.
        await deleteSeats(ledger, taken, claim.appointmentId);
        return { ok: false };
      }
      taken.push(seat);
    }
    const holds = taken.map((seat) => holdEntry(seat, claim.appointmentId));
    await updateSheets(ledger, holds, (sheet, entries) => ({ $addToSet: { holds: { $each: entries } }, $setOnInsert: sheetFields(sheet) }), true);
    return { ok: true, seats: taken };
  } catch (err) {
    // Best effort: what cannot be given back now is found by the seat sweep later.
    await releaseSeats(ledger, taken, claim.appointmentId).catch(() => undefined);
    throw err;
  }
}

async function claimSeatInBlock({ Seat }: Ledger, claim: SeatClaim, blockStart: Date): Promise<string | null> {
  for (let seat = 0; seat < claim.capacity; seat++) {
    const _id = seatId(claim.offering, blockStart, seat);
    try {
      // claimedAt is wall-clock time (not the injectable business clock): the sweep's grace period runs on it.
      await Seat.create({ _id, offeringType: claim.offering, blockStart, seat, appointmentId: claim.appointmentId, claimedAt: new Date() });
      return _id;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
  return null;
}

/**
 * Gives seats back: only those still held by this appointment (one may have been swept and
 * taken by another), deleted first and then taken off the day sheet, so a sheet repair in
 * between never puts a released seat back.
 */
export async function releaseSeats(ledger: Ledger, seats: string[], appointmentId: Types.ObjectId): Promise<void> {
  const deleted = await deleteSeats(ledger, seats, appointmentId);
  await takeOffSheets(ledger, deleted.map((seat) => holdEntry(seat, appointmentId)));
}

/** Deletes the seats this appointment still holds; returns those deleted. */
async function deleteSeats({ Seat }: Ledger, seats: string[], appointmentId: Types.ObjectId): Promise<string[]> {
  const deleted = await Promise.all(seats.map(async (_id) => ((await Seat.deleteOne({ _id, appointmentId })).deletedCount === 1 ? _id : null)));
  return deleted.filter((id): id is string => id !== null);
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

async function updateSheets(ledger: Ledger, holds: string[], update: (sheet: string, entries: string[]) => Record<string, unknown>, upsert: boolean): Promise<void> {
  const bySheet = new Map<string, string[]>();
  for (const hold of holds) bySheet.set(sheetOf(hold), [...(bySheet.get(sheetOf(hold)) ?? []), hold]);
  for (const [sheet, entries] of bySheet) await ledger.DaySheet.updateOne({ _id: sheet }, update(sheet, entries), { upsert });
}
