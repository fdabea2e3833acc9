import { conflict, notFound } from '@bb/service-kit';
import type { Appointment, AppointmentStatus, AppointmentUpdate } from '@bb/contracts';
import type { BookingModels } from '../models';
import { toAppointment, type AppointmentDoc } from '../models/appointment';
import type { ScheduleCopy } from './schedule-copy';
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
export async function changeAppointment(models: BookingModels, schedule: ScheduleCopy, id: string, change: AppointmentUpdate): Promise<Appointment> {
  const current = await models.Appointment.findOne({ _id: id, deletedAt: null }).lean<AppointmentDoc>();
  if (!current) throw notFound('Appointment not found');
  const status = change.status ?? current.status;
  const set = { status, ...(change.adminComment !== undefined ? { adminComment: change.adminComment } : {}) };
  const whileActive = { _id: current._id, deletedAt: null, status: { $ne: 'cancelled' as const } };
  const whileCancelled = { _id: current._id, deletedAt: null, status: 'cancelled' as const };
  const andAnswer = { returnDocument: 'after' as const };
  let updated: AppointmentDoc | null;

  if (isActive(current.status) === isActive(status)) {
    updated = await models.Appointment.findOneAndUpdate(isActive(status) ? whileActive : whileCancelled, { $set: set }, andAnswer).lean<AppointmentDoc>();
  } else if (!isActive(status)) {
    // The seats to give back are those held when the write took effect: the document before it.
    const updatedAt = new Date();
    const before = await models.Appointment.findOneAndUpdate(whileActive, { $set: { ...set, seats: [], updatedAt } }, { returnDocument: 'before', timestamps: false }).lean<AppointmentDoc>();
    if (before) await releaseSeats(models, before.seats, before._id);
    updated = before && { ...before, ...set, seats: [], updatedAt };
  } else {
    let seats: string[] = [];
    if (current.startTime && current.endTime && current.offeringType !== 'both') {
      const capacity = schedule.capacity(current.offeringType);
      const claim = await claimSeats(models, { offering: current.offeringType, start: current.startTime, end: current.endTime, appointmentId: current._id, capacity });
      if (!claim.ok) throw conflict(STAYS_CANCELLED);
      seats = claim.seats;
    }
    updated = await models.Appointment.findOneAndUpdate(whileCancelled, { $set: { ...set, seats } }, andAnswer).lean<AppointmentDoc>();
    if (!updated) await releaseSeats(models, seats, current._id);
  }
  if (!updated) throw conflict(CHANGED_MEANWHILE);
  return toAppointment(updated);
}

/** Deletes an appointment and frees its seats; kept as a tombstone while its created event still waits in the outbox. */
export async function deleteAppointment(models: BookingModels, id: string): Promise<void> {
  const before = await models.Appointment.findOneAndUpdate({ _id: id, deletedAt: null }, { $set: { deletedAt: new Date(), seats: [] } }, { returnDocument: 'before' }).lean<AppointmentDoc>();
  if (!before) throw notFound('Appointment not found');
  await releaseSeats(models, before.seats, before._id);
  await models.Appointment.deleteOne({ _id: before._id, outbox: { $size: 0 } });
}
