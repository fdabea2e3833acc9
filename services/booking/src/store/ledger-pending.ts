import { appointmentHolder, encodeEntry, ledgerId, overdue, type EntryState } from '../domain/ledger';
import type { BookingDeps } from '../deps';
import type { AppointmentDoc } from '../models/appointment';
import { beginChange, countersByLedger, finishChange } from './ledger';
import { entryPath, readLedger, writeLedger } from './ledger-documents';
import { settleEntries } from './ledger-settle';

// The ledger's side of an appointment booked waiting for its deposit. Its places are an entry
// that expires by itself (`p`, until its hold expires: nothing sweeps); paid, they become its
// own (`k`); given up, they go back. Every write is one guarded update of one month's document,
// as all of the ledger's.

type Deps = Pick<BookingDeps, 'models' | 'schedule'>;
type Appointment = Pick<AppointmentDoc, '_id' | 'offeringType' | 'blocks' | 'resources'>;

/** How often a write that met an entry changed since it was read reads it again. */
const ATTEMPTS = 3;

/** The ledger documents an appointment's blocks lie in (one, unless its buffer runs past the end of a month). */
const documentsOf = (appointment: Appointment) => [...countersByLedger(appointment.offeringType, appointment.blocks, appointment.resources).keys()];

/** `kept`: its places are its own for good; `lost`: its time was taken meanwhile; `busy`: a change of it is under way. */
export type KeepOutcome = 'kept' | 'lost' | 'busy';

/**
 * Makes a paid appointment's places its own for good. In each document its waiting entry
 * becomes kept by one write guarded by the entry as read; one past its expiry too, as long as it
 * is there, since its places are still counted and so nobody has them. Where it is gone (expired,
 * and cleared by a claim that needed the room), its blocks are claimed again as a booking claims
 * them, if they still have room; if not, what was kept elsewhere goes back and the answer is
 * `lost`. A repeat (the same payment heard twice, a process stopped half-way) finds its places
 * kept already and changes nothing.
 */
export async function keepPaidPlaces({ models, schedule }: Deps, appointment: Appointment, now: Date): Promise<KeepOutcome> {
  const holder = appointmentHolder(appointment._id);
  const offering = appointment.offeringType;
  const kept: string[] = [];
  const missing: string[] = [];
  for (const id of documentsOf(appointment)) {
    const outcome = await keepIn({ models }, holder, offering, id, now);
    if (outcome === 'busy') return 'busy';
    (outcome === 'kept' ? kept : missing).push(id);
  }
  if (missing.length === 0) return 'kept';
  const blocks = appointment.blocks.filter((block) => missing.includes(ledgerId(offering, block)));
  const resources = appointment.resources ?? [];
  const change = {
    offering,
    holder,
    from: [],
    to: blocks,
    toResources: resources.map((key) => ({ key, count: schedule.resourceCount(offering, key) })),
    capacity: schedule.capacity(offering),
    now,
  };
  const begun = await beginChange(models, change);
  if (begun.ok) return (await finishChange(models, change, blocks, begun, resources)) ? 'kept' : 'busy';
  if (begun.reason === 'busy') return 'busy';
  await givePlacesBack({ models }, appointment, now, kept);
  return 'lost';
}

async function keepIn({ models }: Pick<Deps, 'models'>, holder: string, offering: Appointment['offeringType'], id: string, now: Date) {
  const path = entryPath(holder);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const entry = (await readLedger(models, id))?.h?.[holder];
    if (!entry) return 'missing';
    if (entry.s === 'k') return 'kept';
    if (entry.s === 'c') {
      // A claim of these places again, left by a process that stopped: settled by the appointment (not cancelled: kept).
      if (!overdue(entry, now)) return 'busy';
      await settleEntries(models, offering, id, [[holder, entry]]);
      continue;
    }
    const result = await writeLedger(models, id, { _id: id, [path]: encodeEntry(entry) }, { $set: { [path]: encodeEntry({ b: entry.b, s: 'k' }) } });
    if (result.matchedCount === 1) return 'kept';
  }
  return 'busy';
}

/**
 * Gives an appointment's places back (those in `ids`, by default all of its documents): its
 * entries in the states given (`p` and `k` by default) go, each by a write guarded by the entry
 * as read. A change under way is left to end by itself (settled by the appointment, which says
 * what it keeps).
 */
export async function givePlacesBack(
  { models }: Pick<Deps, 'models'>,
  appointment: Appointment,
  now: Date,
  ids: readonly string[] = documentsOf(appointment),
  states: readonly EntryState[] = ['p', 'k'],
): Promise<void> {
  const holder = appointmentHolder(appointment._id);
  for (const id of ids) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const entry = (await readLedger(models, id))?.h?.[holder];
      const settles = entry && (states.includes(entry.s) || overdue(entry, now));
      if (!settles || (await settleEntries(models, appointment.offeringType, id, [[holder, entry]])) > 0) break;
    }
  }
}

/**
 * Moves the expiry of an appointment's waiting places to `until`, only later, and only while
 * they are held (not expired): one guarded write per document. True when every document's entry
 * now lasts until then.
 */
export async function extendHold({ models }: Pick<Deps, 'models'>, appointment: Appointment, until: Date, now: Date): Promise<boolean> {
  const holder = appointmentHolder(appointment._id);
  const path = entryPath(holder);
  let extended = true;
  for (const id of documentsOf(appointment)) {
    let done = false;
    for (let attempt = 0; attempt < ATTEMPTS && !done; attempt++) {
      const entry = (await readLedger(models, id))?.h?.[holder];
      const expiry = entry?.u?.getTime() ?? 0;
      if (entry?.s !== 'p' || expiry <= now.getTime()) break;
      if (expiry >= until.getTime()) done = true;
      else
        done =
          (await writeLedger(models, id, { _id: id, [path]: encodeEntry(entry) }, { $set: { [path]: encodeEntry({ ...entry, u: until }) } })).matchedCount ===
          1;
    }
    extended &&= done;
  }
  return extended;
}
