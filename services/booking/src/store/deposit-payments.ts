import type { EventData } from '@bb/contracts';
import type { BookingDeps } from '../deps';
import { unconfirmed } from '../domain/deposit';
import { appointmentCreated } from '../events/appointment-lifecycle';
import { depositReleased, holdExtended } from '../events/deposits';
import { revisionOf, type AppointmentDoc } from '../models/appointment';
import { uncountContact } from './contact-counts';
import { extendHold, givePlacesBack, keepPaidPlaces } from './ledger-pending';

// What booking does when payments reports on a deposit. Each is idempotent (a repeated event
// finds its work done and changes nothing) and safe with several replicas and a process stopped
// half-way: the ledger is changed first, by guarded writes that a repeat finds done, and the
// appointment last, by a write guarded by what was read, with its event in the same write. A
// handler that throws is delivered again later (the bus's retries).

/** How often a handler reads the appointment again when it changed between its read and its write. */
const ATTEMPTS = 5;
const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The appointment a payment names (deleted ones too); null for an id that is none of booking's. */
const appointmentOf = (deps: Pick<BookingDeps, 'models'>, id: string) =>
  OBJECT_ID.test(id) ? deps.models.Appointment.findById(id, { outbox: 0 }).lean<AppointmentDoc>() : Promise.resolve(null);

/** One write guarded by `filter`; true when it matched (then its outbox goes to the relay). */
async function guardedWrite(deps: BookingDeps, doc: AppointmentDoc, filter: Record<string, unknown>, update: Record<string, unknown>): Promise<boolean> {
  const written = (await deps.models.Appointment.updateOne({ _id: doc._id, ...filter }, update)).matchedCount === 1;
  if (written) deps.relay.publishDocument(deps.models.Appointment, doc._id);
  return written;
}

class ChangedMeanwhile extends Error {
  constructor(what: string, id: unknown) {
    super(`appointment ${String(id)}: ${what}; trying again later`);
  }
}

/**
 * The deposit was paid: the appointment's places become its own (kept if still held, even past
 * the hold's expiry while nobody cleared them; claimed again if cleared and still free), then it
 * is confirmed: `payment.state` paid and `booking.appointment.created` in one write, so the
 * confirmation mail, calendar file and contact capture happen now. Paid when its time was taken
 * meanwhile, or for an appointment cancelled before the payment came: it holds nothing, is (or
 * stays) cancelled, and `booking.deposit.released` asks for the money back (`slot-lost`). A
 * second copy of the event finds the deposit paid and does nothing.
 */
export async function confirmPaid(deps: BookingDeps, paid: EventData<'payments.payment.paid'>, correlationId?: string): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const doc = await appointmentOf(deps, paid.appointmentId);
    if (!doc?.payment || !unconfirmed(doc.payment)) return;
    const now = deps.now();
    const read = { revision: doc.revision ?? null, 'payment.state': doc.payment.state };
    const paidPart = { 'payment.state': 'paid', 'payment.paymentId': paid.paymentId };
    const refund = { $push: { outbox: depositReleased(doc._id, { refund: 'full', reason: 'slot-lost' }, correlationId) } };
    if (doc.deletedAt || doc.status === 'cancelled') {
      await givePlacesBack(deps, doc, now);
      if (await guardedWrite(deps, doc, read, { $set: paidPart, ...refund })) return;
      continue;
    }
    const outcome = await keepPaidPlaces(deps, doc, now);
    if (outcome === 'busy') throw new ChangedMeanwhile('its places are being changed', doc._id);
    const active = { ...read, deletedAt: null, status: { $ne: 'cancelled' } };
    if (outcome === 'kept') {
      const confirmed: AppointmentDoc = { ...doc, payment: { ...doc.payment, state: 'paid', paymentId: paid.paymentId }, revision: revisionOf(doc) + 1 };
      const created = appointmentCreated(confirmed, correlationId, deps.schedule);
      if (await guardedWrite(deps, doc, active, { $set: paidPart, $inc: { revision: 1 }, $push: { outbox: created } })) return;
      continue;
    }
    // Lost: it never was confirmed, so nobody was told of it but the pay page; no cancelled event.
    const gone = { ...paidPart, status: 'cancelled', blocks: [], contactCounts: [] };
    if (await guardedWrite(deps, doc, active, { $set: gone, $inc: { revision: 1 }, ...refund })) {
      await uncountContact(deps.models, doc.contactCounts ?? [], doc._id);
      return;
    }
  }
  throw new ChangedMeanwhile('changed while its payment was recorded', paid.appointmentId);
}

/**
 * A transfer receipt waits for staff: the appointment's places are held until `holdExpiresAt`,
 * only later than now, and only while they are still held (an expired hold is not brought back:
 * a payment confirmed later claims them again if they are free). The new expiry is stored with
 * `booking.deposit.hold-extended`.
 */
export async function extendForReceipt(deps: BookingDeps, receipt: EventData<'payments.receipt.submitted'>, correlationId?: string): Promise<void> {
  const until = new Date(receipt.holdExpiresAt);
  const doc = await appointmentOf(deps, receipt.appointmentId);
  if (Number.isNaN(until.getTime()) || doc?.payment?.state !== 'awaiting' || doc.deletedAt || doc.status === 'cancelled') return;
  if (until.getTime() <= doc.payment.holdExpiresAt.getTime()) return;
  if (!(await extendHold(deps, doc, until, deps.now()))) return;
  await guardedWrite(
    deps,
    doc,
    { 'payment.state': 'awaiting', 'payment.holdExpiresAt': { $lt: until } },
    { $set: { 'payment.holdExpiresAt': until }, $push: { outbox: holdExtended(doc._id, until, correlationId) } },
  );
}

/**
 * The deposit went back. One never confirmed (its payment heard of after its refund) is given
 * up with it: cancelled, its places back.
 */
export async function recordRefund(deps: BookingDeps, refunded: EventData<'payments.payment.refunded'>): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const doc = await appointmentOf(deps, refunded.appointmentId);
    if (!doc?.payment || doc.payment.state === 'refunded') return;
    const dropped = unconfirmed(doc.payment) && doc.status !== 'cancelled';
    const set = { 'payment.state': 'refunded', ...(dropped ? { status: 'cancelled', blocks: [], contactCounts: [] } : {}) };
    if (
      await guardedWrite(
        deps,
        doc,
        { revision: doc.revision ?? null, 'payment.state': doc.payment.state },
        { $set: set, ...(dropped ? { $inc: { revision: 1 } } : {}) },
      )
    ) {
      if (dropped) await dropUnconfirmed(deps, doc);
      return;
    }
  }
  throw new ChangedMeanwhile('changed while its refund was recorded', refunded.appointmentId);
}

/** The deposit was not paid in time: the appointment reads expired, and its places go back now (they would at the hold's expiry). */
export async function recordExpiry(deps: BookingDeps, expired: EventData<'payments.payment.expired'>): Promise<void> {
  const doc = await appointmentOf(deps, expired.appointmentId);
  if (doc?.payment?.state !== 'awaiting') return;
  if (!(await guardedWrite(deps, doc, { 'payment.state': 'awaiting' }, { $set: { 'payment.state': 'expired' } }))) return;
  await givePlacesBack(deps, doc, deps.now(), undefined, ['p']);
  await deps.waitlist.placesFreed(doc.offeringType, doc.preferredDate);
}

/** An appointment never confirmed and now given up: its places and its per-contact counts go back. */
async function dropUnconfirmed(deps: BookingDeps, doc: AppointmentDoc): Promise<void> {
  await givePlacesBack(deps, doc, deps.now());
  await uncountContact(deps.models, doc.contactCounts ?? [], doc._id);
  await deps.waitlist.placesFreed(doc.offeringType, doc.preferredDate);
}
