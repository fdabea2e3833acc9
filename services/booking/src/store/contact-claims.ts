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
// counted (FerretDB would scan it for every booking), and places are found by `_id` alone.

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
 * Takes a place of each key, keys in order, as seats are taken: one ordered insert of the next
 * place to try of every key still pending, which stops at the first place someone holds; that
 * key tries its next place and the rest follow in one insert again. A new contact's booking
 * is one insert whatever its number of keys; nothing is read (FerretDB would scan for an
 * `$in`). A key whose places are all held looks once whether any holder no longer counts
 * (past, cancelled, deleted, or never stored) and takes its place over with a guarded delete;
 * otherwise the booking is refused and the places taken so far go back. Claiming keys in the
 * same order is what lets a burst of one contact's bookings fill every place: those that pass
 * the first key's places are the only ones competing for the second's.
 */
export async function claimContact(ledger: Ledger, request: ContactClaimRequest): Promise<ContactClaimResult> {
  const { keys, appointmentId, cap } = request;
  const next = keys.map(() => 0);
  const held: string[] = [];
  const lookedForStale = new Set<number>();
  try {
    while (held.length < keys.length) {
      const first = held.length;
      if (next[first] >= cap) {
        const free = lookedForStale.has(first) ? [] : await takeOverStale(ledger, keys[first], request);
        lookedForStale.add(first);
        if (free.length === 0) {
          await releaseContactClaims(ledger, held, appointmentId);
          return { ok: false };
        }
        next[first] = free[0];
        continue;
      }
      const trying = keys.slice(first).findIndex((_key, i) => next[first + i] >= cap);
      const docs = keys
        .slice(first, trying < 0 ? keys.length : first + trying)
        .map((key, i): ContactClaimDoc => ({ _id: contactClaimId(request.offering, key, next[first + i]), appointmentId, claimedAt: new Date() }));
      const inserted = await insertUntilTaken(ledger.ContactClaim, docs, held);
      if (inserted < docs.length) next[first + inserted] += 1;
    }
    return { ok: true, claims: held };
  } catch (err) {
    // Best effort: a place left behind is taken over once its holder is found missing.
    await releaseContactClaims(ledger, held, appointmentId).catch(() => undefined);
    throw err;
  }
}

/**
 * The numbers of the key's places that are free now, ascending: those nobody holds any more,
 * and those whose holder no longer counts, deleted here only if still held by the claim read
 * (another booking may take one over at the same time: one delete wins). Every read is by
 * `_id`, the one lookup FerretDB pushes down.
 */
async function takeOverStale(ledger: Ledger, key: string, { offering, cap, now }: ContactClaimRequest): Promise<number[]> {
  const places = Array.from({ length: cap }, (_, n) => contactClaimId(offering, key, n));
  const claims = await Promise.all(places.map((id) => ledger.ContactClaim.findById(id).lean<ContactClaimDoc>()));
  const holderIds = [...new Set(claims.flatMap((c) => (c ? [String(c.appointmentId)] : [])))];
  const holders = await Promise.all(holderIds.map((id) => ledger.Appointment.findById(id, HOLDER_FIELDS).lean<AppointmentDoc>()));
  const holderOf = new Map(
    holders.flatMap((h) => (h ? [[String(h._id), { status: h.status, start: intervalOf(h).start, deleted: Boolean(h.deletedAt) }] as const] : [])),
  );
  const wallClock = new Date();
  const free = await Promise.all(
    claims.map(async (claim) => {
      if (!claim) return true;
      if (!claimIsStale(holderOf.get(String(claim.appointmentId)), claim.claimedAt, now, wallClock, SEAT_GRACE_MS)) return false;
      return (await ledger.ContactClaim.deleteOne({ _id: claim._id, appointmentId: claim.appointmentId, claimedAt: claim.claimedAt })).deletedCount === 1;
    }),
  );
  return free.flatMap((isFree, n) => (isFree ? [n] : []));
}

const HOLDER_FIELDS = { status: 1, startTime: 1, endTime: 1, preferredDate: 1, preferredTime: 1, deletedAt: 1 };

/** Gives places back: only those this appointment still holds, each by its `_id`. */
export async function releaseContactClaims(ledger: Pick<BookingModels, 'ContactClaim'>, claims: string[], appointmentId: Types.ObjectId): Promise<void> {
  await Promise.all(claims.map((id) => ledger.ContactClaim.deleteOne({ _id: id, appointmentId })));
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
    const stored = await models.Appointment.updateOne(
      { _id: doc._id, deletedAt: null, status: { $ne: 'cancelled' }, contactClaims: unclaimed },
      { $set: { contactClaims: claim.claims } },
    );
    if (stored.matchedCount === 1) claimed += 1;
    else await releaseContactClaims(models, claim.claims, doc._id);
  }
  return claimed;
}
