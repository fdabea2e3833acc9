import type { Types } from 'mongoose';
import type { Side } from '@bb/contracts';
import { claimIsStale, contactKeys } from '../domain/contact-keys';
import type { BookingModels } from '../models';
import { intervalOf, type AppointmentDoc } from '../models/appointment';
import { contactClaimId, type ContactClaimDoc } from '../models/contact-claim';
import { insertUntilTaken } from './ordered-insert';
import { SEAT_GRACE_MS } from './seat-sweeper';

// The per-contact cap as places: each key of a contact (its mailbox, its phone number) has
// `cap` places at an offering, and an appointment booked while the cap is on holds one place
// of each of its keys. The unique `_id` of a place keeps the cap under any race of any number
// of booking processes, as the seats keep capacity; the appointments collection is never
// counted (FerretDB would scan it for every booking).

type Ledger = Pick<BookingModels, 'ContactClaim' | 'Appointment'>;

export interface ContactClaimRequest {
  offering: Side;
  /** `contactKeys` of the booking, claimed in this order. */
  keys: string[];
  appointmentId: Types.ObjectId;
  /** maxUpcomingPerContact of the offering now (at least 1). */
  cap: number;
  /** The business clock: an appointment whose start has come no longer counts. */
  now: Date;
}

export type ContactClaimResult = { ok: true; claims: string[] } | { ok: false };

/**
 * Takes a place of each key, keys in order: one read of the places of every key, then one
 * ordered insert of the first free place of each (a place someone took meanwhile makes its
 * key try its next place). A key whose places are all held looks once whether any holder is no
 * longer upcoming (past, cancelled, deleted, or never stored) and takes over its place with a
 * guarded delete; otherwise the booking is refused and the places taken so far go back.
 * Claiming keys in the same order is what lets a burst of one contact's bookings fill every
 * place: those that pass the first key's places are the only ones competing for the second's.
 */
export async function claimContact(ledger: Ledger, request: ContactClaimRequest): Promise<ContactClaimResult> {
  const { keys, appointmentId } = request;
  const placesOf = (key: string) => Array.from({ length: request.cap }, (_, n) => contactClaimId(request.offering, key, n));
  const taken = new Set((await ledger.ContactClaim.find({ _id: { $in: keys.flatMap(placesOf) } }, { _id: 1 }).lean()).map((c) => c._id));
  const held: string[] = [];
  const lookedForStale = new Set<string>();
  try {
    while (held.length < keys.length) {
      const pending = keys.slice(held.length);
      const free = pending.map((key) => placesOf(key).find((id) => !taken.has(id)));
      const full = free.indexOf(undefined);
      if (full === 0) {
        if (lookedForStale.has(pending[0])) {
          await releaseContactClaims(ledger, held, appointmentId);
          return { ok: false };
        }
        lookedForStale.add(pending[0]);
        for (const id of await takeOverStale(ledger, placesOf(pending[0]), request.now)) taken.delete(id);
        continue;
      }
      const docs = free.slice(0, full < 0 ? free.length : full).map((id): ContactClaimDoc => ({ _id: id as string, appointmentId, claimedAt: new Date() }));
      const inserted = await insertUntilTaken(ledger.ContactClaim, docs, held);
      if (inserted < docs.length) taken.add(docs[inserted]._id);
    }
    return { ok: true, claims: held };
  } catch (err) {
    // Best effort: a place left behind is taken over once its holder is found missing.
    await releaseContactClaims(ledger, held, appointmentId).catch(() => undefined);
    throw err;
  }
}

/**
 * The places (of one key) that are free now: those nobody holds any more, and those whose
 * holder no longer counts, deleted here only if still held by the claim read (another booking
 * may take one over at the same time: one delete wins).
 */
async function takeOverStale(ledger: Ledger, places: string[], now: Date): Promise<string[]> {
  const claims = await ledger.ContactClaim.find({ _id: { $in: places } }).lean<ContactClaimDoc[]>();
  const holderIds = [...new Set(claims.map((c) => String(c.appointmentId)))];
  const holders = await ledger.Appointment.find({ _id: { $in: holderIds } }, { status: 1, startTime: 1, endTime: 1, preferredDate: 1, preferredTime: 1, deletedAt: 1 }).lean<AppointmentDoc[]>();
  const holderOf = new Map(holders.map((h) => [String(h._id), { status: h.status, start: intervalOf(h).start, deleted: Boolean(h.deletedAt) }]));
  const wallClock = new Date();
  const free = places.filter((id) => !claims.some((c) => c._id === id));
  for (const claim of claims) {
    if (!claimIsStale(holderOf.get(String(claim.appointmentId)), claim.claimedAt, now, wallClock, SEAT_GRACE_MS)) continue;
    const deleted = await ledger.ContactClaim.deleteOne({ _id: claim._id, appointmentId: claim.appointmentId, claimedAt: claim.claimedAt });
    if (deleted.deletedCount === 1) free.push(claim._id);
  }
  return free;
}

/** Gives places back: only those this appointment still holds, in one write. */
export async function releaseContactClaims(ledger: Pick<BookingModels, 'ContactClaim'>, claims: string[], appointmentId: Types.ObjectId): Promise<void> {
  if (claims.length > 0) await ledger.ContactClaim.deleteMany({ _id: { $in: claims }, appointmentId });
}

/**
 * Gives the offering's upcoming appointments that hold no places theirs: those booked while
 * the cap was off (or re-opened by staff), when staff turn it on or a process starts with it on.
 * One read of the offering's upcoming appointments (a rare pass, not per booking); each claim
 * is stored on its appointment by a write guarded by its having none, so passes running at
 * once on several processes give an appointment one set. A contact already over the cap keeps
 * its extra appointments unclaimed: it books again once enough of them have passed.
 */
export async function claimForUpcoming(models: BookingModels, offering: Side, cap: number, now: Date): Promise<number> {
  const upcoming = await models.Appointment.find(
    { offeringType: offering, deletedAt: null, status: { $ne: 'cancelled' }, startTime: { $gt: now } },
    { email: 1, contact: 1, contactClaims: 1 },
  ).lean<Pick<AppointmentDoc, '_id' | 'email' | 'contact' | 'contactClaims'>[]>();
  let claimed = 0;
  for (const doc of upcoming) {
    if ((doc.contactClaims ?? []).length > 0) continue;
    const claim = await claimContact(models, { offering, keys: contactKeys(doc.email, doc.contact), appointmentId: doc._id, cap, now });
    if (!claim.ok) continue;
    const unclaimed = doc.contactClaims === undefined ? { $exists: false } : { $size: 0 };
    const stored = await models.Appointment.updateOne({ _id: doc._id, deletedAt: null, status: { $ne: 'cancelled' }, contactClaims: unclaimed }, { $set: { contactClaims: claim.claims } });
    if (stored.matchedCount === 1) claimed += 1;
    else await releaseContactClaims(models, claim.claims, doc._id);
  }
  return claimed;
}
