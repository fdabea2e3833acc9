import { auditEventBy, conflict, MINUTE_MS, notFound, type AuditBy, type OutboxEntry } from '@bb/service-kit';
import { DEPOSIT_MESSAGES, type Appointment, type AppointmentStatus, type AppointmentUpdate, type EventData } from '@bb/contracts';
import type { BookingDeps } from '../deps';
import { releaseOnCancel, unconfirmed } from '../domain/deposit';
import { appointmentHolder, ledgerBlocks, type LedgerBlock } from '../domain/ledger';
import { appointmentCancelled, appointmentStatusChanged } from '../events/appointment-lifecycle';
import { depositReleased } from '../events/deposits';
import { atRevision, intervalOf, revisionOf, toAppointment, type AppointmentDoc } from '../models/appointment';
import { uncountContact } from './contact-counts';
import { beginChange, finishChange } from './ledger';
import { givePlacesBack } from './ledger-pending';

export const CHANGED_MEANWHILE = 'This appointment was changed at the same time by someone else. Please reload and try again.';
const STAYS_CANCELLED = 'That time is fully booked now, so the appointment stays cancelled.';

const afterWrite = { returnDocument: 'after' as const };
/** How long a change waits for another change of the same appointment to be stored. */
const OTHER_CHANGE_WAIT_MS = 5000;

/** The appointment as a lifecycle write leaves it: the event describes this state. */
const nextRevision = (current: AppointmentDoc, set: Partial<AppointmentDoc>): AppointmentDoc => ({ ...current, ...set, revision: revisionOf(current) + 1 });

/**
 * The ledger change that takes an appointment from the blocks (and resources) it holds to `to`
 * (with `toResources`: by default the ones it has), run around its appointment write: the ledger
 * is marked first (`busy` when another change of it is under way), then `write` stores the
 * appointment, then the ledger keeps what the appointment says: `to` when the write happened,
 * its old blocks and resources when it did not (null: changed meanwhile).
 */
export async function withLedgerChange<T>(
  deps: BookingDeps,
  current: AppointmentDoc,
  to: LedgerBlock[],
  write: () => Promise<T | null>,
  toResources: readonly string[] = current.resources ?? [],
): Promise<{ ok: true; written: T | null } | { ok: false; reason: 'full' | 'busy' }> {
  const resources = current.resources ?? [];
  const change = {
    offering: current.offeringType,
    holder: appointmentHolder(current._id),
    from: current.blocks ?? [],
    fromResources: resources,
    to,
    // Each resource as many as there are now.
    toResources: toResources.map((key) => ({ key, count: deps.schedule.resourceCount(current.offeringType, key) })),
    capacity: deps.schedule.capacity(current.offeringType),
    now: deps.now(),
  };
  const begun = await beginChange(deps.models, change);
  if (!begun.ok) {
    // Another change of it is under way: its outcome is what the caller reads next.
    if (begun.reason === 'busy') await otherChangeDone(deps, current);
    return begun;
  }
  let written: T | null = null;
  try {
    written = await write();
  } finally {
    const kept = written === null ? { blocks: change.from, resources } : { blocks: to, resources: toResources };
    if (!(await finishChange(deps.models, change, kept.blocks, begun, kept.resources)))
      deps.logger.warn({ appointmentId: String(current._id) }, 'ledger entry settled by another process meanwhile');
  }
  return { ok: true, written };
}

/** Waits (a few seconds at most) until the appointment is past the revision read: the change under way is stored or given up. */
async function otherChangeDone(deps: BookingDeps, current: AppointmentDoc): Promise<void> {
  const deadline = Date.now() + OTHER_CHANGE_WAIT_MS;
  while (Date.now() < deadline) {
    const now = await deps.models.Appointment.findById(current._id, { revision: 1 }).lean<Pick<AppointmentDoc, 'revision'>>();
    if (!now || revisionOf(now) !== revisionOf(current)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The write that ends an appointment never confirmed (its deposit awaited or lapsed), guarded by
 * the revision read: nobody was told of it but the pay page, so no lifecycle event; then its
 * waiting places go back (they would at the hold's expiry). Null when it changed since it was read.
 */
async function endUnconfirmed(deps: BookingDeps, current: AppointmentDoc, set: Record<string, unknown>, outbox: OutboxEntry[]): Promise<AppointmentDoc | null> {
  const { models } = deps;
  const ended = await models.Appointment.findOneAndUpdate(
    atRevision(current),
    { $set: set, $inc: { revision: 1 }, ...(outbox.length > 0 ? { $push: { outbox: { $each: outbox } } } : {}) },
    afterWrite,
  ).lean<AppointmentDoc>();
  if (!ended) return null;
  if (outbox.length > 0) deps.relay.publishDocument(models.Appointment, current._id);
  await givePlacesBack(deps, current, deps.now());
  return ended;
}

/**
 * Cancels the appointment as it was read: its ledger entry is marked, then status, blocks,
 * revision and the cancelled event go in one write guarded by the revision read, then its
 * places and per-contact counts are given back. Null when it changed since it was read (nothing
 * was written). `also` is set in the same write (a staff comment). Whoever waits for a slot of
 * that day is told if it has room now. Its deposit is released in the same write
 * (`releaseOnCancel`; `insideCutoff`: a customer cancelling after the change cut-off keeps
 * nothing back).
 */
export async function cancelAppointment(
  deps: BookingDeps,
  current: AppointmentDoc,
  by: EventData<'booking.appointment.cancelled'>['by'],
  correlationId?: string,
  also: Partial<AppointmentDoc> = {},
  insideCutoff = false,
): Promise<AppointmentDoc | null> {
  const { models } = deps;
  const set = { ...also, status: 'cancelled' as const, blocks: [], contactCounts: [] };
  const release = releaseOnCancel(current.payment, by, insideCutoff);
  const deposit = release
    ? { set: { 'payment.state': release.state }, outbox: [depositReleased(current._id, release, correlationId)] }
    : { set: {}, outbox: [] };
  let cancelled: AppointmentDoc | null;
  if (unconfirmed(current.payment)) {
    cancelled = await endUnconfirmed(deps, current, { ...set, ...deposit.set }, deposit.outbox);
  } else {
    const outbox = [appointmentCancelled(nextRevision(current, set), by, true, correlationId, deps.schedule), ...deposit.outbox];
    const changed = await withLedgerChange(deps, current, [], () =>
      models.Appointment.findOneAndUpdate(
        atRevision(current),
        { $set: { ...set, ...deposit.set }, $inc: { revision: 1 }, $push: { outbox: { $each: outbox } } },
        afterWrite,
      ).lean<AppointmentDoc>(),
    );
    cancelled = changed.ok ? changed.written : null;
    if (cancelled) deps.relay.publishDocument(models.Appointment, current._id);
  }
  if (!cancelled) return null;
  await uncountContact(models, current.contactCounts ?? [], current._id);
  await deps.waitlist.placesFreed(current.offeringType, current.preferredDate);
  return cancelled;
}

/**
 * Staff set done or pending. Re-opening a cancelled appointment takes its places again (409
 * when its time has filled up meanwhile) in the same ledger change as its write.
 */
async function setStatus(
  deps: BookingDeps,
  current: AppointmentDoc,
  status: Exclude<AppointmentStatus, 'cancelled'>,
  also: Partial<AppointmentDoc>,
  correlationId?: string,
) {
  const { models } = deps;
  const reopening = current.status === 'cancelled';
  // Its places are held only while it waits for its deposit, and nobody was told of it: staff may cancel or delete it, nothing else.
  if (unconfirmed(current.payment)) throw conflict(reopening ? DEPOSIT_MESSAGES.notPaid : DEPOSIT_MESSAGES.awaiting);
  let blocks = current.blocks ?? [];
  if (reopening) {
    const { start, end } = intervalOf(current);
    // Staff decide over notice, horizon and cap (no per-contact counts are taken); the buffer is capacity, so it is claimed as at booking.
    blocks = ledgerBlocks(start, new Date(end.getTime() + deps.schedule.policy(current.offeringType).bufferMinutes * MINUTE_MS));
  }
  const set = { ...also, status, blocks };
  const event = appointmentStatusChanged(nextRevision(current, set), current.status, correlationId, deps.schedule);
  const write = () =>
    models.Appointment.findOneAndUpdate(atRevision(current), { $set: set, $inc: { revision: 1 }, $push: { outbox: event } }, afterWrite).lean<AppointmentDoc>();
  let updated: AppointmentDoc | null;
  if (reopening) {
    const changed = await withLedgerChange(deps, { ...current, blocks: [] }, blocks, write);
    if (!changed.ok && changed.reason === 'full') throw conflict(STAYS_CANCELLED);
    updated = changed.ok ? changed.written : null;
  } else {
    updated = await write();
  }
  if (updated) deps.relay.publishDocument(models.Appointment, current._id);
  return updated;
}

/**
 * Staff set status and comment. A new status is a lifecycle change: written with its event,
 * guarded by the revision read, so a concurrent change cannot leave places held by a cancelled
 * appointment or missing for an active one, nor two events claim the same revision. A comment
 * alone changes nothing a customer sees: no event, no new revision.
 */
export async function changeAppointment(deps: BookingDeps, id: string, change: AppointmentUpdate, correlationId?: string): Promise<Appointment> {
  const current = await deps.models.Appointment.findOne({ _id: id, deletedAt: null }).lean<AppointmentDoc>();
  if (!current) throw notFound('Appointment not found');
  const status = change.status ?? current.status;
  const comment = change.adminComment !== undefined ? { adminComment: change.adminComment } : {};
  let updated: AppointmentDoc | null;
  if (status === current.status) {
    updated = await deps.models.Appointment.findOneAndUpdate(
      { _id: current._id, deletedAt: null, status },
      { $set: comment },
      afterWrite,
    ).lean<AppointmentDoc>();
  } else if (status === 'cancelled') {
    updated = await cancelAppointment(deps, current, 'staff', correlationId, comment);
  } else {
    updated = await setStatus(deps, current, status, comment, correlationId);
  }
  if (!updated) throw conflict(CHANGED_MEANWHILE);
  return toAppointment(updated, deps.now());
}

/**
 * Deletes an appointment and frees its places. Deleting one not yet cancelled cancels it, so
 * its reminder is dropped, but the customer is not written to (staff decided, and may have
 * told them already). The document stays as a tombstone until its outbox is empty: the
 * relay removes it once the events it holds have left (its audit entry at least). The audit
 * entry names the appointment by id and time only: the trail outlives a customer's erasure.
 */
export async function deleteAppointment(deps: BookingDeps, id: string, by: AuditBy): Promise<void> {
  const { models } = deps;
  const { correlationId } = by;
  const current = await models.Appointment.findOne({ _id: id, deletedAt: null }).lean<AppointmentDoc>();
  if (!current) throw notFound('Appointment not found');
  const set = { deletedAt: new Date(), blocks: [], contactCounts: [] };
  const audit = auditEventBy('booking', by, {
    action: 'appointment-deleted',
    subject: `appointment ${current._id} (${current.preferredDate} ${current.preferredTime})`,
  });
  // A deposit still awaited or paid goes as if staff cancelled.
  const release = current.status === 'cancelled' ? null : releaseOnCancel(current.payment, 'staff', false);
  const deposit = release
    ? { set: { 'payment.state': release.state }, outbox: [depositReleased(current._id, release, correlationId)] }
    : { set: {}, outbox: [] };
  if (unconfirmed(current.payment)) {
    if (!(await endUnconfirmed(deps, current, { ...set, ...deposit.set }, [...deposit.outbox, audit]))) throw conflict(CHANGED_MEANWHILE);
  } else {
    const announce = current.status !== 'cancelled';
    const cancelled = announce
      ? [appointmentCancelled(nextRevision(current, { status: 'cancelled', blocks: [] }), 'staff', false, correlationId, deps.schedule)]
      : [];
    const update = {
      $set: { ...set, ...deposit.set },
      ...(announce ? { $inc: { revision: 1 } } : {}),
      $push: { outbox: { $each: [...cancelled, ...deposit.outbox, audit] } },
    };
    const changed = await withLedgerChange(deps, current, [], async () =>
      (await models.Appointment.updateOne(atRevision(current), update)).matchedCount === 1 ? true : null,
    );
    if (!changed.ok || !changed.written) throw conflict(CHANGED_MEANWHILE);
  }
  await uncountContact(models, current.contactCounts ?? [], current._id);
  deps.relay.publishDocument(models.Appointment, current._id);
  await deps.waitlist.placesFreed(current.offeringType, current.preferredDate);
}
