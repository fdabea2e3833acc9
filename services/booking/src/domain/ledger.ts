import type { Side } from '@bb/contracts';
import { blocksCovering, MINUTE_MS } from '@bb/service-kit';

// The booking ledger: capacity kept once. One document per offering and Manila month
// (`clinic|2026-12`) holds, per 30-minute block, how many places are taken (`b`, by block
// field `15T1830`), and who holds them (`h`, by holder key: `a<appointment id>` or
// `v<hold token>`), each holder with the blocks of that month it counts in. A count is always
// the number of holders listing its block, because every write changes both together, in one
// update of one document. What follows are the rules, without I/O.
//
// An appointment booked waiting for its deposit holds its places like a visitor's hold (`p`,
// until its hold expires, then nothing), and keeps them (`k`) once paid.
//
// A holder is stored as one string (`encodeEntry`), not as an object with an array: FerretDB
// decodes every value of a document on each read and write, and a month's 150 holders as
// objects made a read take 11 ms against 4.9 ms as strings (bench/results, issue 28).

/** Manila is UTC+8 all year (no daylight saving): its wall clock is the instant plus 8 hours. */
const MANILA_OFFSET_MS = 8 * 60 * MINUTE_MS;

/** How long a holder may stay in a change (booking, cancelling, moving) before anyone may settle it by its appointment. */
export const CHANGE_DEADLINE_MS = 2 * 60 * 1000;

/**
 * What a holder's entry says:
 * - `k` kept: agrees with its appointment (no one needs to look);
 * - `c` changing: a booking, cancel, move, delete or re-opening is between its ledger writes
 *   and its appointment write; it counts all its blocks (old and new) until `u`, after which
 *   whoever meets it settles it by what its appointment says;
 * - `v` a visitor's hold on a slot while they fill in the form, until `u`, then nothing;
 * - `p` an appointment waiting for its deposit, until `u` (its `holdExpiresAt`), then nothing.
 *   A payment made while the entry is still there (even past `u`) keeps its places: its count is
 *   still in the document, so nobody has taken them.
 */
export type EntryState = 'k' | 'c' | 'v' | 'p';

/** The state of an entry that expires by itself: a visitor's hold, or an appointment's places while its deposit is paid. */
export const expiringState = (holder: string): EntryState => (holder.startsWith('a') ? 'p' : 'v');

export interface LedgerEntry {
  /** Counters of this document it counts in: block fields (`07T0930`) and resource counters (`pA1_07T0930`). */
  b: string[];
  s: EntryState;
  /** The deadline of a change, the expiry of a hold; absent when kept. */
  u?: Date;
}

export interface LedgerDoc {
  _id: string;
  /** Places taken per counter (a block field, or a resource's counter of it); one never claimed has no field (0). */
  b?: Record<string, number>;
  /** Holders by key. */
  h?: Record<string, LedgerEntry>;
}

/** A ledger document as stored: each holder's entry encoded (`encodeEntry`). */
export interface StoredLedgerDoc {
  _id: string;
  b?: Record<string, number>;
  h?: Record<string, string>;
}

/**
 * An entry as one string: its state, its deadline or expiry as an ISO instant when it has one,
 * then its block fields, space-separated (`k 07T0930 07T1000`, `v 2030-01-07T01:10:00.000Z
 * 07T0930`). Guards compare the whole string, so a write meets exactly the entry it read; the
 * fixed-width ISO instant right after the state makes a live hold a string range (`liveHold`).
 */
export const encodeEntry = (entry: LedgerEntry): string => [entry.s, ...(entry.u ? [entry.u.toISOString()] : []), ...entry.b].join(' ');

export function decodeEntry(stored: string): LedgerEntry {
  const [s, ...rest] = stored.split(' ');
  const timed = s !== 'k';
  return { s: s as EntryState, b: timed ? rest.slice(1) : rest, ...(timed ? { u: new Date(rest[0]) } : {}) };
}

export const decodeLedger = (stored: StoredLedgerDoc): LedgerDoc => ({
  _id: stored._id,
  ...(stored.b ? { b: stored.b } : {}),
  ...(stored.h ? { h: Object.fromEntries(Object.entries(stored.h).map(([holder, entry]) => [holder, decodeEntry(entry)])) } : {}),
});

export const encodeLedger = (doc: LedgerDoc): StoredLedgerDoc => ({
  _id: doc._id,
  ...(doc.b ? { b: doc.b } : {}),
  ...(doc.h ? { h: Object.fromEntries(Object.entries(doc.h).map(([holder, entry]) => [holder, encodeEntry(entry)])) } : {}),
});

/** A filter on a stored entry: a visitor's hold that has not expired at `now` (`v <later instant> …`; '~' sorts after ' '). */
export const liveHold = (now: Date) => ({ $gt: `v ${now.toISOString()}~`, $lt: 'w' });

/**
 * A 30-minute block as appointments store it: its Manila wall-clock start, `yyyy-MM-ddTHH:mm`.
 * It names its ledger document (offering and month) and its field there without a time-zone library.
 */
export type LedgerBlock = string;

export const ledgerBlock = (blockStart: Date): LedgerBlock => new Date(blockStart.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 16);

/** The blocks an interval overlaps (its start to the end of its buffer), ascending. */
export const ledgerBlocks = (start: Date, holdEnd: Date): LedgerBlock[] => blocksCovering(start, holdEnd).map(ledgerBlock);

/** The instant a block starts. */
export const blockStart = (block: LedgerBlock): Date => new Date(Date.parse(`${block}:00Z`) - MANILA_OFFSET_MS);

/** `<offering>|<yyyy-MM>`: the document of a Manila month. */
export const ledgerId = (offering: Side, monthOrDate: string) => `${offering}|${monthOrDate.slice(0, 7)}`;

/** A block's field in its month's document: day and time, `15T1830`. */
export const blockField = (block: LedgerBlock) => `${block.slice(8, 10)}T${block.slice(11, 13)}${block.slice(14, 16)}`;

/** The block a field of a month's document stands for. */
export const blockOfField = (month: string, field: string): LedgerBlock => `${month}-${field.slice(0, 2)}T${field.slice(3, 5)}:${field.slice(5, 7)}`;

/**
 * A resource's counter of a block field: `<resource key>_<field>`. A practitioner's key is `p` and
 * their staff id, a room's or a piece of equipment's `x` and its id; each is counted per block
 * in the same document and the same writes as the offering's places, up to how many there are
 * (a practitioner: one).
 */
export const resourceCounter = (resource: string, field: string) => `${resource}_${field}`;
export const practitionerKey = (staffId: string) => `p${staffId}`;
/** The staff id of a practitioner's key. */
export const staffIdOf = (key: string) => key.slice(1);
export const roomKey = (roomId: string) => `x${roomId}`;

/** The resource a counter counts, or null for the offering's places (a bare field). */
export function resourceOfCounter(counter: string): string | null {
  const at = counter.lastIndexOf('_');
  return at < 0 ? null : counter.slice(0, at);
}

/** The block field a counter counts in. */
export const fieldOfCounter = (counter: string) => counter.slice(counter.lastIndexOf('_') + 1);

/**
 * The counters of some block fields, sorted: each resource's when the holder takes resources
 * (its practitioner and rooms are its limit), else the offering's places (the specification's
 * capacity per offering, for items that need nothing configured).
 */
export const countersOf = (fields: readonly string[], resources: readonly string[] = []): string[] =>
  (resources.length === 0 ? [...fields] : resources.flatMap((resource) => fields.map((field) => resourceCounter(resource, field)))).sort();

/** The block fields some counters count in, each once, sorted. */
export const fieldsOf = (counters: readonly string[]): string[] => [...new Set(counters.map(fieldOfCounter))].sort();

/** The resources an entry's counters take. */
export const resourcesOf = (counters: readonly string[]): string[] => [...new Set(counters.flatMap((c) => resourceOfCounter(c) ?? []))].sort();

/** The month (`yyyy-MM`) a ledger document covers. */
export const monthOf = (id: string) => id.slice(id.indexOf('|') + 1);

export const appointmentHolder = (appointmentId: unknown) => `a${String(appointmentId)}`;
export const visitorHolder = (token: string) => `v${token}`;
/** The appointment id of a holder key, or null for a visitor's hold. */
export const appointmentOfHolder = (holder: string) => (holder.startsWith('a') ? holder.slice(1) : null);

/** Blocks grouped by their ledger document, documents in ascending order (one unless a buffer runs over the end of a month). */
export function fieldsByLedger(offering: Side, blocks: readonly LedgerBlock[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const block of [...blocks].sort()) {
    const id = ledgerId(offering, block);
    groups.set(id, [...(groups.get(id) ?? []), blockField(block)]);
  }
  return groups;
}

/** Whether an entry stops counting at `now`: a hold (a visitor's, an unpaid appointment's) past its expiry. Changes count until settled. */
export const expired = (entry: LedgerEntry, now: Date) => (entry.s === 'v' || entry.s === 'p') && (entry.u?.getTime() ?? 0) <= now.getTime();

/** Whether an entry is a change whose deadline has passed: its appointment says what it holds. */
export const overdue = (entry: LedgerEntry, now: Date) => entry.s === 'c' && (entry.u?.getTime() ?? 0) <= now.getTime();

/**
 * Places taken per block field of a document at `now`: its counts, less the blocks of holds that
 * have expired, of the holders `leftOut` (an appointment being moved counts as free for itself,
 * a visitor's own hold for them), and those overdue changes no longer hold by their appointment
 * (`settled`: holder → the fields it keeps), as settling them will find.
 */
export function takenPlaces(
  doc: LedgerDoc | null,
  now: Date,
  leftOut: ReadonlySet<string> = new Set(),
  settled: ReadonlyMap<string, readonly string[]> = new Map(),
): Map<string, number> {
  const taken = new Map(Object.entries(doc?.b ?? {}));
  for (const [holder, entry] of Object.entries(doc?.h ?? {})) {
    const kept = leftOut.has(holder) || expired(entry, now) ? [] : settled.get(holder);
    if (kept === undefined) continue;
    for (const field of entry.b) if (!kept.includes(field)) taken.set(field, (taken.get(field) ?? 0) - 1);
  }
  return taken;
}

/** Block starts and their taken places per resource (null: the offering's), for the slot plan. */
export function takenBlocks(
  doc: LedgerDoc | null,
  month: string,
  now: Date,
  leftOut?: ReadonlySet<string>,
  settled?: ReadonlyMap<string, readonly string[]>,
): { resource: string | null; start: Date; places: number }[] {
  return [...takenPlaces(doc, now, leftOut, settled)].flatMap(([counter, places]) =>
    places > 0 ? [{ resource: resourceOfCounter(counter), start: blockStart(blockOfField(month, fieldOfCounter(counter))), places }] : [],
  );
}

/**
 * Entries that a claim refused for these fields may clear before trying again: expired holds
 * (free at once) and changes past their deadline (settled by their appointment), among those
 * holding any of the fields, and the claiming holder's own leftover when it is one of those.
 */
export function staleEntries(doc: LedgerDoc, fields: readonly string[], now: Date, holder?: string): [string, LedgerEntry][] {
  const wanted = new Set(fields);
  return Object.entries(doc.h ?? {}).filter(
    ([key, entry]) => (key === holder || entry.b.some((field) => wanted.has(field))) && (expired(entry, now) || overdue(entry, now)),
  );
}

/** What an appointment says its entry in one document should keep: its counters there (its blocks, with its resources) while active, else none. */
export function blocksToKeep(
  appointment: { status: string; deletedAt?: Date | null; blocks?: LedgerBlock[]; resources?: string[] } | null,
  offering: Side,
  id: string,
  counted: readonly string[],
): string[] {
  if (!appointment || appointment.deletedAt || appointment.status === 'cancelled') return [];
  const own = new Set(countersOf(fieldsByLedger(offering, appointment.blocks ?? []).get(id) ?? [], appointment.resources ?? []));
  // Only what the entry counts can be kept: nothing is added without a capacity check.
  return counted.filter((field) => own.has(field));
}

/**
 * The count change per field when a holder goes from counting `from` to counting `from ∪ to`
 * and a visitor's hold on `converted` is given up in the same write: +1 where a place is newly
 * taken (each of those needs room), −1 where the hold's place is not taken over.
 */
export function countChanges(from: readonly string[], to: readonly string[], converted: readonly string[] = []): Map<string, number> {
  const changes = new Map<string, number>();
  const add = (field: string, by: number) => changes.set(field, (changes.get(field) ?? 0) + by);
  for (const field of to) if (!from.includes(field)) add(field, 1);
  for (const field of converted) add(field, -1);
  for (const [field, by] of changes) if (by === 0) changes.delete(field);
  return changes;
}

/** The union of two field lists, in order. */
export const unionOf = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])].sort();

/**
 * Whether a document agrees with itself: every count is the number of entries listing its
 * block, and no count is negative. What every ledger write keeps; the crash test checks it.
 */
export function countsAgree(doc: LedgerDoc): boolean {
  const listed = new Map<string, number>();
  for (const entry of Object.values(doc.h ?? {})) for (const field of entry.b) listed.set(field, (listed.get(field) ?? 0) + 1);
  const counts = Object.entries(doc.b ?? {}).filter(([, n]) => n !== 0);
  return counts.length === listed.size && counts.every(([field, n]) => n > 0 && listed.get(field) === n);
}
