import { Types, type Connection } from 'mongoose';
import type { Side } from '@bb/contracts';
import { blocksCovering, clockTime, manilaInstant, MINUTE_MS } from '@bb/service-kit';
import { ledgerBlock, type LedgerBlock } from '../../src/domain/ledger';

// A database as the seats era left it, written with raw inserts (its models are gone): seat
// documents `<offering>|<block start ISO>|<seat>`, each appointment listing its seats, day sheets
// of `seat#appointment` entries. Deterministic: the same count gives the same ids and documents.

export const SEAT_ERA_CAPACITY = 2;

export interface SeatEraSeed {
  /** Blocks each appointment holds by its seats (empty when cancelled or deleted), by id. */
  blocks: Map<string, LedgerBlock[]>;
  offering: Map<string, Side>;
  /** Ids of the cancelled, the deleted, and the appointments with a buffer. */
  cancelled: string[];
  deleted: string[];
  buffered: string[];
}

/**
 * `count` appointments from `from` (1 November 2029 unless given) on, both offerings, Monday to
 * Saturday between 9:00 and 17:00: 30, 60 or 90 minutes, studio ones one in three with a
 * 30-minute buffer after (its seats cover it), at most `SEAT_ERA_CAPACITY` in a block (each
 * takes the lowest free seat of each block, as a booking did); one in ten cancelled and one in
 * twenty deleted (no seats then), those before `now` done. `orphans` seat documents of
 * cancelled appointments are left behind (as a crash between the two writes did) and as many
 * sheet entries lost, for the comparison.
 */
export async function seedSeatEra(
  conn: Connection,
  { count, now, orphans = 0, from = '2029-11-01' }: { count: number; now: Date; orphans?: number; from?: string },
): Promise<SeatEraSeed> {
  let random = 12345;
  const next = (n: number) => {
    random = (random * 1103515245 + 12345) % 2147483648;
    return random % n;
  };
  const seed: SeatEraSeed = { blocks: new Map(), offering: new Map(), cancelled: [], deleted: [], buffered: [] };
  const appointments: Record<string, unknown>[] = [];
  const seats: { _id: string; offeringType: Side; blockStart: Date; seat: number; appointmentId: Types.ObjectId; claimedAt: Date }[] = [];
  const held = new Set<string>();
  const cancelledSeats: typeof seats = [];
  let day = 0;
  while (appointments.length < count) {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
    day += 1;
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) continue;
    for (const offering of ['clinic', 'studio'] as const) {
      for (let attempt = 0; attempt < 40 && appointments.length < count; attempt++) {
        const startMinutes = 9 * 60 + 30 * next(14);
        const duration = 30 * (1 + next(3));
        const buffer = offering === 'studio' && next(3) === 0 ? 30 : 0;
        const start = manilaInstant(date, startMinutes);
        const end = new Date(start.getTime() + duration * MINUTE_MS);
        const covered = blocksCovering(start, new Date(end.getTime() + buffer * MINUTE_MS));
        const seatOf = covered.map((block) => {
          let n = 0;
          while (held.has(`${offering}|${block.toISOString()}|${n}`)) n++;
          return n;
        });
        if (seatOf.some((n) => n >= SEAT_ERA_CAPACITY)) continue;
        const n = appointments.length;
        const _id = new Types.ObjectId(`5e${String(n).padStart(22, '0')}`);
        const id = String(_id);
        const status = n % 10 === 9 ? 'cancelled' : start.getTime() < now.getTime() ? 'done' : 'pending';
        const deleted = status !== 'cancelled' && n % 20 === 7;
        const own = covered.map((block, i) => ({
          _id: `${offering}|${block.toISOString()}|${seatOf[i]}`,
          offeringType: offering,
          blockStart: block,
          seat: seatOf[i],
          appointmentId: _id,
          claimedAt: new Date(start.getTime() - 86_400_000),
        }));
        if (status === 'cancelled' || deleted) {
          cancelledSeats.push(...own);
          (deleted ? seed.deleted : seed.cancelled).push(id);
        } else {
          for (const s of own) held.add(s._id);
          seats.push(...own);
        }
        if (buffer > 0) seed.buffered.push(id);
        seed.offering.set(id, offering);
        seed.blocks.set(id, status === 'cancelled' || deleted ? [] : covered.map(ledgerBlock));
        appointments.push({
          _id,
          firstName: `Customer${n}`,
          lastName: 'SeatEra',
          gender: null,
          age: null,
          email: `c${n % 900}@example.com`,
          contact: `0917 ${String(1_000_000 + (n % 700))}`,
          preferredDate: date,
          preferredTime: clockTime(startMinutes),
          startTime: start,
          endTime: end,
          offeringType: offering,
          treatments: [`${offering}-item`],
          items: [{ id: `${offering}-item`, name: 'Seeded' }],
          notes: '',
          status,
          adminComment: '',
          seats: status === 'cancelled' || deleted ? [] : own.map((s) => s._id),
          requestHash: null,
          revision: status === 'pending' ? 0 : 1,
          contactClaims: [],
          outbox: [],
          outboxLockedUntil: null,
          deletedAt: deleted ? new Date(start.getTime() - 3_600_000) : null,
          createdAt: new Date(start.getTime() - 86_400_000),
          updatedAt: new Date(start.getTime() - 86_400_000),
        });
      }
    }
  }
  // Crashes of the seats era: seats a cancel never gave back (from now on, where the sweep had not run yet).
  const left = cancelledSeats.filter((s) => s.blockStart.getTime() > now.getTime() && !held.has(s._id)).slice(0, orphans);
  seats.push(...left);
  const sheets = new Map<string, string[]>();
  for (const s of seats) {
    const sheet = `${s.offeringType}|${ledgerBlock(s.blockStart).slice(0, 10)}`;
    sheets.set(sheet, [...(sheets.get(sheet) ?? []), `${s._id}#${String(s.appointmentId)}`]);
  }
  // Sheet entries a crash lost: those of the first seats from now on.
  for (const s of seats.filter((s) => s.blockStart.getTime() > now.getTime() && !left.includes(s)).slice(0, orphans)) {
    const sheet = `${s.offeringType}|${ledgerBlock(s.blockStart).slice(0, 10)}`;
    sheets.set(
      sheet,
      (sheets.get(sheet) ?? []).filter((entry) => entry !== `${s._id}#${String(s.appointmentId)}`),
    );
  }
  for (let i = 0; i < appointments.length; i += 500) await conn.collection('appointments').insertMany(appointments.slice(i, i + 500));
  for (let i = 0; i < seats.length; i += 1000) await conn.collection('seats').insertMany(seats.slice(i, i + 1000) as never[]);
  const sheetDocs = [...sheets].map(([_id, holds]) => ({ _id, offeringType: _id.split('|')[0], date: _id.split('|')[1], holds }));
  for (let i = 0; i < sheetDocs.length; i += 500) await conn.collection('day_sheets').insertMany(sheetDocs.slice(i, i + 500) as never[]);
  await conn.collection('contact_claims').insertOne({ _id: 'clinic|somekey|0', appointmentId: new Types.ObjectId(), claimedAt: now } as never);
  return seed;
}
