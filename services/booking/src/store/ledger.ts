import type { Side } from '@bb/contracts';
import { isDuplicateKey } from '@bb/service-kit';
import {
  CHANGE_DEADLINE_MS,
  countChanges,
  countersOf,
  encodeEntry,
  expiringState,
  fieldsByLedger,
  liveHold,
  resourceOfCounter,
  staleEntries,
  unionOf,
  type EntryState,
  type LedgerBlock,
  type LedgerDoc,
  type StoredLedgerDoc,
} from '../domain/ledger';
import type { BookingModels } from '../models';
import { entryPath, readLedger, writeLedger } from './ledger-documents';
import { claimKey, inTurn, ledgerProcess, noteRefusal, refusedSince } from './ledger-process';
import { settleEntries } from './ledger-settle';

// Every write of the ledger: one guarded update of one month's document, which changes counts
// and holders together, so they cannot disagree; FerretDB (under the launcher's per-collection
// lock) and MongoDB both make it atomic. The filters use `_id` equality (the one lookup FerretDB
// pushes down) and conditions on dotted paths, never `$or`/`$not`.

type Models = Pick<BookingModels, 'Ledger' | 'Appointment'>;

/** A holder going from the blocks it counts now to others: a booking (from none), a move, a cancel (to none). */
export interface LedgerChange {
  offering: Side;
  /** `appointmentHolder(id)` or `visitorHolder(token)`. */
  holder: string;
  from: readonly LedgerBlock[];
  to: readonly LedgerBlock[];
  /** maxSessionsPerSlot now: a block takes a new holder while it holds fewer. */
  capacity: number;
  /** The resources (`practitionerKey`, `roomKey`) the holder takes in each block of `from`. */
  fromResources?: readonly string[];
  /** The resources it takes in each block of `to`, with how many there are: each block takes one while fewer are taken. */
  toResources?: readonly LedgerResource[];
  /** The business clock: expiries and deadlines are read and written on it. */
  now: Date;
  /** A visitor's hold the change takes over in the same write (its places become the holder's). */
  converting?: { holder: string; blocks: readonly LedgerBlock[]; resources?: readonly string[] };
  /** An entry that expires by itself: a visitor's hold (`v`) or an appointment waiting for its deposit (`p`), by its holder, until `expiresAt`, instead of a change. */
  expiresAt?: Date;
  /**
   * The documents the caller read at `now` (its slot check's; null: none yet): a refused new claim
   * that met nothing stale there answers full without reading again. Only for a holder no one
   * else can be (a random id), whose claim nothing but a full block refuses.
   */
  seen?: ReadonlyMap<string, LedgerDoc | null>;
  /** `performance.now()` when the request began: a claim on the same blocks refused since then in this process answers it (ledger-process.ts). */
  since?: number;
}

/** A resource taken in every block of a change, and how many of it there are. */
export interface LedgerResource {
  key: string;
  count: number;
}

/** Counters per ledger document of some blocks taken with some resources. */
export const countersByLedger = (offering: Side, blocks: readonly LedgerBlock[], resources: readonly string[] = []) =>
  new Map([...fieldsByLedger(offering, blocks)].map(([id, fields]) => [id, countersOf(fields, resources)]));

/** How many places a counter has: the offering's capacity, or the resource's count (a practitioner: one). */
function capacityOf(change: Pick<LedgerChange, 'capacity' | 'toResources'>, counter: string): number {
  const resource = resourceOfCounter(counter);
  return resource === null ? change.capacity : (change.toResources?.find((r) => r.key === resource)?.count ?? 1);
}

/** `state`: what the entry was written as (a change, or an expiring entry), which `finishChange` finds it by. */
export type BeginResult = { ok: true; until: Date; state: EntryState; converted: boolean; documents: string[] } | { ok: false; reason: 'full' | 'busy' };

/** How often a refused claim clears stale entries and tries again before it answers. */
const ATTEMPTS = 3;

/** "This block has room": its count is missing (0) or below capacity; `$in` with null matches a missing field, which `$lt` does not. */
const room = (capacity: number) => ({ $in: [null, ...Array.from({ length: capacity }, (_, i) => i)] });

/**
 * Starts a change: in each document it touches (in ascending order), one write that checks room
 * in every block newly taken, adds them and marks the holder changing (counting old and new
 * blocks) until a deadline; a visitor's hold being converted gives up its places in that write.
 * A refused write reads the document once, clears expired holds and changes past their deadline
 * among those blocks, and tries again. When a document refuses, those already changed are put
 * back. `full`: no room; `busy`: the holder is in another change (or not in the state read).
 */
export async function beginChange(models: Models, change: LedgerChange): Promise<BeginResult> {
  const until = change.expiresAt ?? new Date(change.now.getTime() + CHANGE_DEADLINE_MS);
  const state = change.expiresAt ? expiringState(change.holder) : 'c';
  const from = countersByLedger(change.offering, change.from, change.fromResources);
  const to = countersByLedger(
    change.offering,
    change.to,
    change.toResources?.map((r) => r.key),
  );
  let converting = change.converting ? countersByLedger(change.offering, change.converting.blocks, change.converting.resources) : new Map<string, string[]>();
  const ids = [...new Set([...from.keys(), ...to.keys()])].sort();
  const begun: string[] = [];
  for (const id of ids) {
    let outcome = await beginIn(models, change, id, from.get(id) ?? [], to.get(id) ?? [], converting.get(id), until, state);
    if (outcome === 'no-hold' && change.converting) {
      // The hold expired or went: the booking takes its places like any other.
      converting = new Map();
      outcome = await beginIn(models, change, id, from.get(id) ?? [], to.get(id) ?? [], undefined, until, state);
    }
    if (outcome === 'absent') continue;
    if (outcome !== 'ok') {
      for (const done of begun)
        await finishIn(models, change.holder, done, unionOf(from.get(done) ?? [], to.get(done) ?? []), from.get(done) ?? [], until, state);
      return { ok: false, reason: outcome === 'busy' ? 'busy' : 'full' };
    }
    begun.push(id);
  }
  return { ok: true, until, state, converted: converting.size > 0, documents: begun };
}

async function beginIn(
  models: Models,
  change: LedgerChange,
  id: string,
  from: string[],
  to: string[],
  converting: string[] | undefined,
  until: Date,
  state: EntryState,
): Promise<'ok' | 'full' | 'busy' | 'no-hold' | 'absent'> {
  const entry = entryPath(change.holder);
  const changes = countChanges(from, to, converting);
  const needRoom = [...changes].flatMap(([field, by]) => (by > 0 ? [field] : []));
  const hold = change.converting && converting ? entryPath(change.converting.holder) : null;
  const filter: Record<string, unknown> = {
    _id: id,
    // Changed only from the state the caller read: kept, with the blocks it read.
    [entry]: from.length > 0 ? encodeEntry({ b: from, s: 'k' }) : { $exists: false },
    ...Object.fromEntries(needRoom.map((counter) => [`b.${counter}`, room(capacityOf(change, counter))])),
    ...(hold ? { [hold]: liveHold(change.now) } : {}),
  };
  const fresh = from.length === 0 && !hold;
  const key = claimKey(
    id,
    needRoom.map((counter) => `${counter}/${capacityOf(change, counter)}`),
  );
  const process = ledgerProcess(models);
  const update = {
    ...(changes.size > 0 ? { $inc: Object.fromEntries([...changes].map(([field, by]) => [`b.${field}`, by])) } : {}),
    $set: { [entry]: encodeEntry({ b: unionOf(from, to), s: state, u: until }) },
    ...(hold ? { $unset: { [hold]: '' } } : {}),
  };
  return inTurn(process, id, async () => {
    for (let attempt = 1; ; attempt++) {
      if (fresh && change.since !== undefined && refusedSince(process, key, change.since)) return 'full';
      const sent = performance.now();
      if (fresh) {
        // A new claim learns the counts it leaves: when they fill a block, the claims waiting here for it are answered at once.
        const counts = await claimWrite(models, id, filter, update, needRoom);
        if (counts && needRoom.some((counter) => (counts[counter] ?? 0) >= capacityOf(change, counter))) noteRefusal(process, key, sent);
        if (counts) return 'ok';
      } else if (await guardedWrite(models, id, filter, update)) return 'ok';
      const seen = attempt === 1 && fresh ? change.seen?.get(id) : undefined;
      if (seen !== undefined && (seen === null || staleEntries(seen, needRoom, change.now, change.holder).length === 0)) {
        noteRefusal(process, key, sent);
        return 'full';
      }
      const doc = await readLedger(models, id);
      const stale = doc ? staleEntries(doc, needRoom, change.now, change.holder) : [];
      if (attempt < ATTEMPTS && stale.length > 0 && (await settleEntries(models, change.offering, id, stale)) > 0) continue;
      const own = doc?.h?.[change.holder];
      // Nothing of the holder's here to give back (never claimed, or settled away): nothing to change.
      if (from.length > 0 && own === undefined && to.length === 0) return 'absent';
      if (from.length > 0 ? own?.s !== 'k' || own.b.join() !== from.join() : own !== undefined) return 'busy';
      const held = hold ? doc?.h?.[hold.slice(2)] : undefined;
      if (hold && (held?.s !== 'v' || (held.u?.getTime() ?? 0) <= change.now.getTime())) return 'no-hold';
      // Room may have come since (a release between the write and the read): one more try then.
      if (attempt < ATTEMPTS && doc && needRoom.every((counter) => (doc.b?.[counter] ?? 0) < capacityOf(change, counter))) continue;
      if (fresh) noteRefusal(process, key, sent);
      return 'full';
    }
  });
}

/** One update; false when its filter matched nothing. */
async function guardedWrite(models: Models, id: string, filter: Record<string, unknown>, update: Record<string, unknown>): Promise<boolean> {
  const result = await writeLedger(models, id, filter, update);
  return result.matchedCount === 1;
}

/**
 * A new claim's update, upserting the month's document, answering the counts of `fields` it
 * leaves; null when its filter matched nothing (an upsert then meets the existing `_id`).
 */
async function claimWrite(
  models: Models,
  id: string,
  filter: Record<string, unknown>,
  update: Record<string, unknown>,
  fields: readonly string[],
): Promise<Record<string, number> | null> {
  try {
    // The whole document comes back: FerretDB v1 has no projection on findAndModify.
    const after = await models.Ledger.findOneAndUpdate(filter, update, { upsert: true, returnDocument: 'after' }).lean<StoredLedgerDoc>();
    return after ? Object.fromEntries(fields.map((field) => [field, after.b?.[field] ?? 0])) : null;
  } catch (err) {
    if (isDuplicateKey(err)) return null;
    throw err;
  } finally {
    ledgerProcess(models).reads.invalidate(id);
  }
}

/**
 * Ends a change `begun`: the holder keeps `keep` (what its appointment now says: the
 * new blocks, the old ones when its write failed, none when it went) and gives back the rest, in
 * one write per document guarded by the change being still open. True when every document
 * agrees with `keep` afterwards (also when someone settled it meanwhile to the same).
 */
export async function finishChange(
  models: Models,
  change: Pick<LedgerChange, 'offering' | 'holder' | 'from' | 'to' | 'fromResources' | 'toResources'>,
  keep: readonly LedgerBlock[],
  begun: Extract<BeginResult, { ok: true }>,
  keepResources: readonly string[] = [],
): Promise<boolean> {
  const { until, state } = begun;
  const from = countersByLedger(change.offering, change.from, change.fromResources);
  const to = countersByLedger(
    change.offering,
    change.to,
    change.toResources?.map((r) => r.key),
  );
  const kept = countersByLedger(change.offering, keep, keepResources);
  let agreed = true;
  for (const id of begun.documents) {
    const counted = unionOf(from.get(id) ?? [], to.get(id) ?? []);
    const keepHere = kept.get(id) ?? [];
    if (await finishIn(models, change.holder, id, counted, keepHere, until, state)) continue;
    const entry = (await readLedger(models, id))?.h?.[change.holder];
    agreed &&= keepHere.length === 0 ? entry === undefined : entry?.s === 'k' && unionOf(entry.b, []).join() === unionOf(keepHere, []).join();
  }
  return agreed;
}

async function finishIn(models: Models, holder: string, id: string, counted: string[], keep: string[], until: Date, state: EntryState): Promise<boolean> {
  const entry = entryPath(holder);
  const given = counted.filter((field) => !keep.includes(field));
  const result = await writeLedger(
    models,
    id,
    { _id: id, [entry]: encodeEntry({ b: counted, s: state, u: until }) },
    {
      ...(given.length > 0 ? { $inc: Object.fromEntries(given.map((field) => [`b.${field}`, -1])) } : {}),
      ...(keep.length > 0 ? { $set: { [entry]: encodeEntry({ b: keep, s: 'k' }) } } : { $unset: { [entry]: '' } }),
    },
  );
  return result.matchedCount === 1;
}
