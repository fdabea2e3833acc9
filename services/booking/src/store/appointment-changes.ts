import { blocksCovering, conflict, MINUTE_MS, notFound } from '@bb/service-kit';
import type { Appointment, AppointmentStatus, AppointmentUpdate, EventData } from '@bb/contracts';
import type { BookingDeps } from '../deps';
import { appointmentCancelled, appointmentStatusChanged } from '../events/appointment-lifecycle';
import { atRevision, intervalOf, revisionOf, toAppointment, type AppointmentDoc } from '../models/appointment';
import { releaseContactClaims } from './contact-claims';
import { claimSeats, releaseSeats } from './seats';

export const CHANGED_MEANWHILE = 'This appointment was changed at the same time by someone else. Please reload and try again.';
const STAYS_CANCELLED = 'That time is fully booked now, so the appointment stays cancelled.';

const afterWrite = { returnDocument: 'after' as const };

/** The appointment as a lifecycle write leaves it: the event describes this state. */
const nextRevision = (current: AppointmentDoc, set: Partial<AppointmentDoc>): AppointmentDoc => ({ ...current, ...set, revision: revisionOf(current) + 1 });

/**
 * Cancels the appointment as it was read: status, seats, revision and the cancelled event in
 * one write guarded by the revision read, then its seats and per-contact places are given back. Null when it changed
 * since it was read (nothing was written). `also` is set in the same write (a staff comment).
 * Whoever waits for a slot of that day is told if it has room now.
 */
export async function cancelAppointment(
  deps: BookingDeps,
  current: AppointmentDoc,
  by: EventData<'booking.appointment.cancelled'>['by'],
  correlationId?: string,
  also: Partial<AppointmentDoc> = {},
): Promise<AppointmentDoc | null> {
  const { models } = deps;
  const set = { ...also, status: 'cancelled' as const, seats: [], contactClaims: [] };
  const event = appointmentCancelled(nextRevision(current, set), by, true, correlationId);
  const cancelled = await models.Appointment.findOneAndUpdate(
    atRevision(current),
    { $set: set, $inc: { revision: 1 }, $push: { outbox: event } },
    afterWrite,
  ).lean<AppointmentDoc>();
  if (!cancelled) return null;
  deps.relay.publishDocument(models.Appointment, current._id);
  await releaseSeats(models, current.seats, current._id);
  await releaseContactClaims(models, current.contactClaims ?? [], current._id);
  await deps.waitlist.seatsFreed(current.offeringType, current.preferredDate);
  return cancelled;
}

/**
 * Staff set done or pending. Re-opening a cancelled appointment takes its seats again first
 * (409 when its time has filled up meanwhile) and gives them back if the write then misses.
 */
async function setStatus(
  deps: BookingDeps,
  current: AppointmentDoc,
  status: Exclude<AppointmentStatus, 'cancelled'>,
  also: Partial<AppointmentDoc>,
  correlationId?: string,
) {
  const { models } = deps;
  let claimed: string[] = [];
  if (current.status === 'cancelled') {
    const { start, end } = intervalOf(current);
    // Staff decide over notice, horizon and cap (no per-contact places are taken); the buffer is capacity, so it is claimed as at booking.
    const holdEnd = new Date(end.getTime() + deps.schedule.policy(current.offeringType).bufferMinutes * MINUTE_MS);
    const claim = await claimSeats(models, {
      offering: current.offeringType,
      blocks: blocksCovering(start, holdEnd),
      appointmentId: current._id,
      capacity: deps.schedule.capacity(current.offeringType),
    });
    if (!claim.ok) throw conflict(STAYS_CANCELLED);
    claimed = claim.seats;
  }
  const set = { ...also, status, seats: current.status === 'cancelled' ? claimed : current.seats };
  const event = appointmentStatusChanged(nextRevision(current, set), current.status, correlationId);
  const updated = await models.Appointment.findOneAndUpdate(
    atRevision(current),
    { $set: set, $inc: { revision: 1 }, $push: { outbox: event } },
    afterWrite,
  ).lean<AppointmentDoc>();
  if (updated) deps.relay.publishDocument(models.Appointment, current._id);
  else await releaseSeats(models, claimed, current._id);
  return updated;
}

/**
 * Staff set status and comment. A new status is a lifecycle change: written with its event,
 * guarded by the revision read, so a concurrent change cannot leave seats held by a cancelled
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
  return toAppointment(updated);
}

/**
 * Deletes an appointment and frees its seats. Deleting one not yet cancelled cancels it, so
 * its reminder is dropped, but the customer is not written to (staff decided, and may have
 * told them already). The document stays as a tombstone until its outbox is empty: the
 * relay removes it once the events it holds have left.
 */
export async function deleteAppointment(deps: BookingDeps, id: string, correlationId?: string): Promise<void> {
  const { models } = deps;
  const current = await models.Appointment.findOne({ _id: id, deletedAt: null }).lean<AppointmentDoc>();
  if (!current) throw notFound('Appointment not found');
  const set = { deletedAt: new Date(), seats: [], contactClaims: [] };
  const announce = current.status !== 'cancelled';
  const update = announce
    ? {
        $set: set,
        $inc: { revision: 1 },
        $push: { outbox: appointmentCancelled(nextRevision(current, { status: 'cancelled', seats: [] }), 'staff', false, correlationId) },
      }
    : { $set: set };
  const deleted = await models.Appointment.updateOne(atRevision(current), update);
  if (deleted.matchedCount === 0) throw conflict(CHANGED_MEANWHILE);
  await releaseSeats(models, current.seats, current._id);
  await releaseContactClaims(models, current.contactClaims ?? [], current._id);
  const gone = !announce && (await models.Appointment.deleteOne({ _id: current._id, outbox: { $size: 0 } })).deletedCount === 1;
  if (!gone) deps.relay.publishDocument(models.Appointment, current._id);
  await deps.waitlist.seatsFreed(current.offeringType, current.preferredDate);
}
