import { MANAGE_MESSAGES, type ManagedAppointment, type rescheduleRequestSchema } from '@bb/contracts';
import { blocksCovering, conflict, invalid, MINUTE_MS, notFound } from '@bb/service-kit';
import type { z } from 'zod';
import { changeWindow, manageTokenHash, newManageToken, type ChangeWindow } from '../domain/manage-link';
import { checkSlot, planDay } from '../domain/slots';
import { appointmentRescheduled } from '../events/appointment-lifecycle';
import type { BookingModels } from '../models';
import { atRevision, intervalOf, revisionOf, toManagedAppointment, type AppointmentDoc } from '../models/appointment';
import { parseSeatId } from '../models/seat';
import { cancelAppointment, CHANGED_MEANWHILE } from './appointment-changes';
import { slotRefusal, type BookingDeps } from './book-appointment';
import { readDay } from './day-plan';
import { claimSeats, releaseSeats } from './seats';

// What a customer does through the link of their confirmation mail: see, cancel, move. The
// link's token is the only credential: an unknown one gets the same message as a malformed
// one, and the answers show no more than the customer gave.

/** The appointment a manage link opens. */
export async function appointmentOfLink(models: BookingModels, token: string): Promise<AppointmentDoc> {
  const doc = await models.Appointment.findOne({ manageTokenHash: manageTokenHash(token), deletedAt: null }).lean<AppointmentDoc>();
  if (!doc) throw notFound(MANAGE_MESSAGES.badLink);
  return doc;
}

function windowOf(deps: BookingDeps, doc: AppointmentDoc): ChangeWindow {
  return changeWindow({ status: doc.status, start: intervalOf(doc).start }, deps.schedule.changeCutoffHours(doc.offeringType), deps.now());
}

export const managedView = (deps: BookingDeps, doc: AppointmentDoc): ManagedAppointment => toManagedAppointment(doc, windowOf(deps, doc));

/**
 * Cancels through the link, until the offering's cut-off. Cancelling again answers the
 * cancelled appointment (a second click, a retry); so does losing a race to another cancel.
 * The link stays valid: the customer can still look at what they cancelled.
 */
export async function cancelByCustomer(deps: BookingDeps, token: string, correlationId?: string): Promise<ManagedAppointment> {
  const current = await appointmentOfLink(deps.models, token);
  const window = windowOf(deps, current);
  if (window.closed === 'cancelled') return toManagedAppointment(current, window);
  if (window.closed) throw conflict(window.reason);
  const cancelled = (await cancelAppointment(deps, current, 'customer', correlationId)) ?? (await appointmentOfLink(deps.models, token));
  if (cancelled.status !== 'cancelled') throw conflict(CHANGED_MEANWHILE);
  return managedView(deps, cancelled);
}

/**
 * Moves the appointment to another slot of its offering, keeping its length: the new time is
 * checked like a booking against the day's slots. Capacity holds under any race because the new time's
 * seats are claimed before the old ones are given back, and only in the blocks the old time
 * does not cover: where the two overlap the appointment keeps its own seat, so a move by half
 * an hour works at capacity 1. The write is guarded by the revision read; if anything changed
 * the appointment meanwhile, the new seats go back and it keeps its time.
 */
export async function rescheduleByCustomer(deps: BookingDeps, token: string, to: z.output<typeof rescheduleRequestSchema>, correlationId?: string): Promise<ManagedAppointment> {
  const { models } = deps;
  const current = await appointmentOfLink(models, token);
  const window = windowOf(deps, current);
  if (window.closed) throw conflict(window.reason);
  if (to.preferredDate === current.preferredDate && to.preferredTime === current.preferredTime) throw invalid(MANAGE_MESSAGES.sameTime);

  const offering = current.offeringType;
  const before = intervalOf(current);
  const durationMinutes = (before.end.getTime() - before.start.getTime()) / MINUTE_MS;
  const day = await readDay(models, deps.schedule, offering, to.preferredDate, current._id);
  const check = checkSlot(planDay({ ...day, durationMinutes, now: deps.now() }), to.preferredTime);
  // The booking policy's notice and horizon hold for a move too; its cap does not (a move adds nothing).
  const policy = deps.schedule.policy(offering);
  if (!check.ok) throw slotRefusal(check.reason, offering, policy);
  const { start, end, holdEnd } = check.slot;

  const ownSeatOfBlock = new Map(current.seats.map((seat) => [parseSeatId(seat).blockStart.getTime(), seat]));
  const blocks = blocksCovering(start, holdEnd);
  const kept = blocks.flatMap((block) => ownSeatOfBlock.get(block.getTime()) ?? []);
  const newBlocks = blocks.filter((block) => !ownSeatOfBlock.has(block.getTime()));
  const claim = await claimSeats(models, { offering, blocks: newBlocks, appointmentId: current._id, capacity: day.capacity }, day.heldSeats);
  if (!claim.ok) throw slotRefusal('full', offering, policy);

  const set = { preferredDate: to.preferredDate, preferredTime: to.preferredTime, startTime: start, endTime: end, seats: [...kept, ...claim.seats] };
  const moved = { ...current, ...set, revision: revisionOf(current) + 1 };
  const event = appointmentRescheduled(moved, current, 'customer', correlationId);
  let written = false;
  try {
    const result = await models.Appointment.updateOne({ ...atRevision(current), status: { $ne: 'cancelled' } }, { $set: set, $inc: { revision: 1 }, $push: { outbox: event } });
    written = result.matchedCount === 1;
  } finally {
    // Whatever kept the move from being stored, the seats claimed for it go back.
    if (!written) await releaseSeats(models, claim.seats, current._id);
  }
  if (!written) throw conflict(CHANGED_MEANWHILE);
  deps.relay.publishDocument(models.Appointment, current._id);
  await releaseSeats(models, current.seats.filter((seat) => !kept.includes(seat)), current._id);
  await deps.waitlist.seatsFreed(offering, current.preferredDate);
  return managedView(deps, moved);
}

/**
 * Gives the appointment a new link and returns its token: the old link stops working (one
 * sent to a wrong address, say). Cancelling does not end a link; this does.
 */
export async function renewManageToken(models: BookingModels, appointmentId: AppointmentDoc['_id']): Promise<string> {
  const token = newManageToken();
  const renewed = await models.Appointment.updateOne({ _id: appointmentId, deletedAt: null }, { $set: { manageTokenHash: manageTokenHash(token) } });
  if (renewed.matchedCount === 0) throw notFound('Appointment not found');
  return token;
}
