import type { Side } from '@bb/contracts';
import { appointmentHolder, countsAgree, encodeEntry, fieldsByLedger, ledgerBlock, ledgerBlocks, type LedgerBlock, type LedgerDoc } from './ledger';

// Moving the capacity booking kept before the ledger (seat documents `offering|ISO|n`, the
// seat ids on each appointment, day sheets of `seat#appointment` entries) onto the ledger. The
// appointments are the truth: each active one keeps the blocks of the seats it lists. The seat
// documents and day sheets were copies; they are only compared with it. Rules without I/O.

/** An appointment as the seats era stored it, with what the migration needs. */
export interface SeatEraAppointment {
  id: string;
  offering: Side;
  status: string;
  deleted: boolean;
  /** Its seat ids (`<offering>|<block start ISO>|<seat>`); empty once cancelled or deleted. */
  seats: readonly string[];
  /** Its booked interval, for an active appointment that lists no seat. */
  start: Date;
  end: Date;
}

/** A seat's block, as the ledger names it (the seat id's offering is checked apart). */
export const blockOfSeat = (seat: string) => ledgerBlock(new Date(seat.split('|')[1]));

/** The first block the migration moves: the first of the business clock's Manila month. */
export const firstMigratedBlock = (now: Date): LedgerBlock => `${ledgerBlock(now).slice(0, 7)}-01T00:00`;

export interface LedgerPlan {
  /** Ledger documents by `_id`: holder → the fields it counts there. */
  documents: Map<string, Map<string, string[]>>;
  /** The blocks each moved appointment holds from now on (`blocks` on it), by appointment id. */
  blocks: Map<string, LedgerBlock[]>;
  /** Active appointments that listed no seat: their blocks come from their booked interval. */
  fromInterval: string[];
}

const isActive = (a: SeatEraAppointment) => !a.deleted && a.status !== 'cancelled';

/** The blocks an active appointment holds: those of its seats, or of its interval when it lists none. */
export function blocksOf(appointment: SeatEraAppointment): LedgerBlock[] {
  if (appointment.seats.length === 0) return ledgerBlocks(appointment.start, appointment.end);
  return [...new Set(appointment.seats.map(blockOfSeat))].sort();
}

/**
 * What the ledger holds for these appointments: every active one with a block from `first` on
 * counted in all its blocks (a buffer into the month before included), under its holder. Those
 * wholly before `first` are left out: the ledger is read for slots, never in the past, and a
 * month of the ledger is then complete from its first day on.
 */
export function planLedger(appointments: readonly SeatEraAppointment[], first: LedgerBlock): LedgerPlan {
  const plan: LedgerPlan = { documents: new Map(), blocks: new Map(), fromInterval: [] };
  for (const appointment of appointments) {
    if (!isActive(appointment)) continue;
    const blocks = blocksOf(appointment);
    if (blocks.length === 0 || blocks[blocks.length - 1] < first) continue;
    if (appointment.seats.length === 0) plan.fromInterval.push(appointment.id);
    plan.blocks.set(appointment.id, blocks);
    for (const [id, fields] of fieldsByLedger(appointment.offering, blocks)) {
      const holders = plan.documents.get(id) ?? new Map<string, string[]>();
      holders.set(appointmentHolder(appointment.id), fields);
      plan.documents.set(id, holders);
    }
  }
  return plan;
}

/**
 * The one update that adds to a ledger document the planned holders it lacks (`present`: the
 * holders it has), counts and holders together; null when it lacks none. Its filter names each
 * added holder as absent, so writing it again (a resumed run) matches nothing and counts nothing twice.
 */
export function ledgerAddition(
  id: string,
  planned: ReadonlyMap<string, readonly string[]>,
  present: ReadonlySet<string>,
): { filter: Record<string, unknown>; update: Record<string, unknown>; holders: number } | null {
  const missing = [...planned].filter(([holder]) => !present.has(holder));
  if (missing.length === 0) return null;
  const counts = new Map<string, number>();
  for (const [, fields] of missing) for (const field of fields) counts.set(field, (counts.get(field) ?? 0) + 1);
  return {
    filter: { _id: id, ...Object.fromEntries(missing.map(([holder]) => [`h.${holder}`, { $exists: false }])) },
    update: {
      $inc: Object.fromEntries([...counts].map(([field, n]) => [`b.${field}`, n])),
      $set: Object.fromEntries(missing.map(([holder, fields]) => [`h.${holder}`, encodeEntry({ b: [...fields].sort(), s: 'k' })])),
    },
    holders: missing.length,
  };
}

/** Why a stored ledger document is not what the plan says: every count agrees with its holders and every planned holder is kept with its fields. */
export function ledgerMismatch(id: string, doc: LedgerDoc | null, planned: ReadonlyMap<string, readonly string[]>): string | null {
  if (!doc) return `${id} is missing`;
  if (!countsAgree(doc)) return `${id}: counts disagree with holders`;
  for (const [holder, fields] of planned) {
    const entry = doc.h?.[holder];
    if (entry?.s !== 'k' || [...entry.b].sort().join() !== [...fields].sort().join()) return `${id}: ${holder} is not kept in ${fields.join(',')}`;
  }
  return null;
}

export interface SeatRecord {
  id: string;
  appointmentId: string;
}

export interface DaySheetRecord {
  id: string;
  holds: readonly string[];
}

/** Where the copies disagreed with the appointments, from the first migrated block on. */
export interface SeatDisagreements {
  /** An active appointment lists the seat, and no seat document is held by it. */
  seatMissing: string[];
  /** A seat document held by an appointment that does not list it (cancelled, deleted, missing, moved). */
  seatOrphaned: string[];
  /** A listed seat its day sheet does not name with its appointment. */
  sheetMissing: string[];
  /** A day sheet entry no appointment lists. */
  sheetOrphaned: string[];
  /** A seat id of another offering than its appointment's. */
  otherOffering: string[];
}

/**
 * Compares the seat documents and day sheets with the seats the appointments list, for the
 * blocks from `first` on (the sweep left past seats alone, so older ones say nothing). Entries
 * are `seat#appointment`, as sheets and seat holders name them.
 */
export function seatDisagreements(
  appointments: readonly SeatEraAppointment[],
  seats: readonly SeatRecord[],
  sheets: readonly DaySheetRecord[],
  first: LedgerBlock,
): SeatDisagreements {
  const inWindow = (seat: string) => blockOfSeat(seat) >= first;
  const listed = new Set<string>();
  const otherOffering: string[] = [];
  for (const appointment of appointments) {
    if (!isActive(appointment)) continue;
    for (const seat of appointment.seats) {
      if (!inWindow(seat)) continue;
      listed.add(`${seat}#${appointment.id}`);
      if (!seat.startsWith(`${appointment.offering}|`)) otherOffering.push(`${seat}#${appointment.id}`);
    }
  }
  const held = new Set(seats.filter((seat) => inWindow(seat.id)).map((seat) => `${seat.id}#${seat.appointmentId}`));
  const onSheets = new Set(sheets.flatMap((sheet) => sheet.holds.filter((entry) => inWindow(entry.split('#')[0]))));
  const absentFrom = (from: ReadonlySet<string>, of: ReadonlySet<string>) => [...of].filter((entry) => !from.has(entry)).sort();
  return {
    seatMissing: absentFrom(held, listed),
    seatOrphaned: absentFrom(listed, held),
    sheetMissing: absentFrom(onSheets, listed),
    sheetOrphaned: absentFrom(listed, onSheets),
    otherOffering: otherOffering.sort(),
  };
}
