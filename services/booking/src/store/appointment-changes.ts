import { conflict, notFound } from '@bb/service-kit';
import type { Appointment, AppointmentStatus, AppointmentUpdate } from '@bb/contracts';
import type { BookingModels } from '../models';
import { toAppointment, type AppointmentDoc } from '../models/appointment';
import { capacityOf } from './day-plan';
import { claimSeats, releaseSeats } from './seats';

const CHANGED_MEANWHILE = 'This appointment was changed at the same time by someone else. Please reload and try again.';
const STAYS_CANCELLED = 'That time is fully booked now, so the appointment stays cancelled.';

const isActive = (status: AppointmentStatus) => status !== 'cancelled';

/**
 * Staff set status and comment. Each write is guarded by the state it starts from, so a
 * concurrent cancel or un-cancel cannot leave seats held by a cancelled appointment or missing
 * for an active one: cancelling gives the seats back, un-cancelling takes them again (or
 * answers 409 when the time has filled up meanwhile).
 */
export async function changeAppointment(models: BookingModels, id: string, change: AppointmentUpdate): Promise<Appointment> {
  const current = await models.Appointment.findOne({ _id: id, deletedAt: null }).lean<AppointmentDoc>();
  if (!current) throw notFound('Appointment not found');
  const status = change.status ?? current.status;
  const set = { status, ...(change.adminComment !== undefined ? { adminComment: change.adminComment } : {}) };
  const whileActive = { _id: current._id, deletedAt: null, status: { $ne: 'cancelled' as const } };
  const whileCancelled = { _id: current._id, deletedAt: null, status: 'cancelled' as const };
  let done: boolean;

  if (isActive(current.status) === isActive(status)) {
    done = (await models.Appointment.updateOne(isActive(status) ? whileActive : whileCancelled, { $set: set })).matchedCount === 1;
  } else if (!isActive(status)) {
    const before = await models.Appointment.findOneAndUpdate(whileActive, { $set: { ...set, seats: [] } }, { returnDocument: 'before' }).lean<AppointmentDoc>();
    if (before) await releaseSeats(models, before.seats, before._id);
    done = before !== null;
  } else {
    let seats: string[] = [];
    if (current.startTime && current.endTime && current.offeringType !== 'both') {
      const capacity = await capacityOf(models, current.offeringType);
      const claim = await claimSeats(models, { offering: current.offeringType, start: current.startTime, end: current.endTime, appointmentId: current._id, capacity });
      if (!claim.ok) throw conflict(STAYS_CANCELLED);
      seats = claim.seats;
    }
    done = (await models.Appointment.updateOne(whileCancelled, { $set: { ...set, seats } })).matchedCount === 1;
    if (!done) await releaseSeats(models, seats, current._id);
  }
  if (!done) throw conflict(CHANGED_MEANWHILE);
  const updated = await models.Appointment.findOne({ _id: current._id, deletedAt: null }).lean<AppointmentDoc>();
  if (!updated) throw notFound('Appointment not found');
  return toAppointment(updated);
}

/** Deletes an appointment and frees its seats; kept as a tombstone while its created event still waits in the outbox. */
export async function deleteAppointment(models: BookingModels, id: string): Promise<void> {
  const before = await models.Appointment.findOneAndUpdate({ _id: id, deletedAt: null }, { $set: { deletedAt: new Date(), seats: [] } }, { returnDocument: 'before' }).lean<AppointmentDoc>();
  if (!before) throw notFound('Appointment not found');
  await releaseSeats(models, before.seats, before._id);
  await models.Appointment.deleteOne({ _id: before._id, outbox: { $size: 0 } });
}
