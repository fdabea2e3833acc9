import type { Types } from 'mongoose';
import type { Side } from '@bb/contracts';
import { isDuplicateKey } from '@bb/service-kit';
import { CLAIM_GRACE_MS, claimIsStale, contactKeys } from '../domain/contact-keys';
import { paymentStateAt } from '../domain/deposit';
import type { BookingModels } from '../models';
import { intervalOf, type AppointmentDoc } from '../models/appointment';
import { contactCountId, type ContactCountDoc } from '../models/contact-count';

// The per-contact cap as counts: each key of a contact (its mailbox, its phone number) has a
// count per offering, one document by `_id`, and an appointment booked while the cap is on is
// counted under each of its keys. One guarded write per key counts it (the count below the cap,
// the appointment not yet in it), so the cap holds under any race of any number of booking
// processes; the appointments collection is never scanned.

type Models = Pick<BookingModels, 'ContactCount' | 'Appointment'>;

export interface ContactCountRequest {
  offering: Side;
  /** `contactKeys` of the booking, counted in this order. */
  keys: string[];
  appointmentId: Types.ObjectId;
  /** Its start: from then on it no longer counts. */
  start: Date;
  /** maxUpcomingPerContact of the offering now (at least 1). */
  cap: number;
  /** The business clock. */
  now: Date;
}

export type ContactCountResult = { ok: true; counts: string[] } | { ok: false };

const below = (cap: number) => ({ $in: [null, ...Array.from({ length: cap }, (_, i) => i)] });

/**
 * Counts the appointment under each key, keys in order: a write per key, which a count at the
 * cap refuses; then the key's document is read once, the appointments that no longer count
 * (started, cancelled, deleted, or never stored after the grace period) are taken out, and the
 * write is tried again. Refused: the counts taken so far go back. Counting keys in the same
 * order is what lets a burst of one contact's bookings fill the cap exactly: those that pass the
 * first key are the only ones competing for the second.
 */
export async function countContact(models: Models, request: ContactCountRequest): Promise<ContactCountResult> {
  const counted: string[] = [];
  for (const key of request.keys) {
    const id = contactCountId(request.offering, key);
    if (!(await addTo(models, id, request)) && !((await pruneStale(models, id, request.now)) > 0 && (await addTo(models, id, request)))) {
      await uncountContact(models, counted, request.appointmentId);
      return { ok: false };
    }
    counted.push(id);
  }
  return { ok: true, counts: counted };
}

async function addTo(models: Models, id: string, { appointmentId, start, cap }: ContactCountRequest): Promise<boolean> {
  const entry = `h.a${String(appointmentId)}`;
  try {
    const result = await models.ContactCount.updateOne(
      { _id: id, n: below(cap), [entry]: { $exists: false } },
      // Wall-clock time of counting: an appointment missing after the grace period never got stored.
      { $inc: { n: 1 }, $set: { [entry]: { t: start, c: new Date() } } },
      { upsert: true },
    );
    return result.matchedCount + result.upsertedCount === 1;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/**
 * Takes out of a key's count the appointments that no longer count, each by a write guarded by
 * its entry being as read; the holders are read by `_id` (started ones need no read).
 */
async function pruneStale(models: Models, id: string, now: Date): Promise<number> {
  const doc = await models.ContactCount.findById(id).lean<ContactCountDoc>();
  const entries = Object.entries(doc?.h ?? {});
  const toRead = entries.filter(([, e]) => e.t.getTime() > now.getTime()).map(([key]) => key.slice(1));
  const holders = toRead.length === 0 ? [] : await models.Appointment.find({ _id: { $in: toRead } }, HOLDER_FIELDS).lean<AppointmentDoc[]>();
  // One whose deposit lapsed unpaid holds nothing: it counts as cancelled.
  const statusOf = (h: AppointmentDoc) => (h.payment && paymentStateAt(h.payment, now) === 'expired' ? 'cancelled' : h.status);
  const holderOf = new Map(holders.map((h) => [`a${String(h._id)}`, { status: statusOf(h), start: intervalOf(h).start, deleted: Boolean(h.deletedAt) }]));
  const wallClock = new Date();
  let pruned = 0;
  for (const [key, entry] of entries) {
    const holder = entry.t.getTime() <= now.getTime() ? { status: 'pending', start: entry.t, deleted: false } : holderOf.get(key);
    if (!claimIsStale(holder, entry.c, now, wallClock, CLAIM_GRACE_MS)) continue;
    const result = await models.ContactCount.updateOne({ _id: id, [`h.${key}.c`]: entry.c }, { $inc: { n: -1 }, $unset: { [`h.${key}`]: '' } });
    pruned += result.matchedCount;
  }
  return pruned;
}

const HOLDER_FIELDS = { status: 1, startTime: 1, endTime: 1, preferredDate: 1, preferredTime: 1, deletedAt: 1, payment: 1 };

/** Takes the appointment out of these counts: one write per key, each only if it is still counted there. */
export async function uncountContact(models: Pick<BookingModels, 'ContactCount'>, counts: readonly string[], appointmentId: Types.ObjectId): Promise<void> {
  const entry = `h.a${String(appointmentId)}`;
  for (const id of counts) await models.ContactCount.updateOne({ _id: id, [entry]: { $exists: true } }, { $inc: { n: -1 }, $unset: { [entry]: '' } });
}

/**
 * Counts the offering's upcoming appointments that are counted nowhere: those booked while the
 * cap was off (or re-opened by staff), when staff turn it on or a process starts with it on. One
 * read of the offering's upcoming appointments (a rare pass, not per booking); each appointment's
 * counts are stored on it by a write guarded by its having none, so passes running at once on
 * several processes count an appointment once. A contact already over the cap keeps its extra
 * appointments uncounted: it books again once enough of them have passed.
 */
export async function countUpcoming(models: Models, offering: Side, cap: number, now: Date): Promise<number> {
  const upcoming = await models.Appointment.find(
    { offeringType: offering, deletedAt: null, status: { $ne: 'cancelled' }, startTime: { $gt: now } },
    { email: 1, contact: 1, contactCounts: 1, startTime: 1, endTime: 1, preferredDate: 1, preferredTime: 1 },
  ).lean<AppointmentDoc[]>();
  let counted = 0;
  for (const doc of upcoming) {
    if ((doc.contactCounts ?? []).length > 0) continue;
    const result = await countContact(models, {
      offering,
      keys: contactKeys(doc.email, doc.contact),
      appointmentId: doc._id,
      start: intervalOf(doc).start,
      cap,
      now,
    });
    if (!result.ok) continue;
    const none = doc.contactCounts === undefined ? { $exists: false } : { $size: 0 };
    const stored = await models.Appointment.updateOne(
      { _id: doc._id, deletedAt: null, status: { $ne: 'cancelled' }, contactCounts: none },
      { $set: { contactCounts: result.counts } },
    );
    if (stored.matchedCount === 1) counted += 1;
    else await uncountContact(models, result.counts, doc._id);
  }
  return counted;
}
