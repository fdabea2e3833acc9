import {
  appointmentReference,
  DEPOSIT_MESSAGES,
  MANAGE_MESSAGES,
  type ManagedAppointment,
  type MoveSlotsQuery,
  type PractitionerChoice,
  type rescheduleRequestSchema,
  type SlotsRangeResponse,
  type SlotsResponse,
} from '@bb/contracts';
import { appointmentIcs, appointmentIdOfManageToken, conflict, gone, invalid, MINUTE_MS, notFound } from '@bb/service-kit';
import type { z } from 'zod';
import type { BookingDeps } from '../deps';
import { calendarEntry } from '../domain/calendar-entry';
import { unconfirmed } from '../domain/deposit';
import { appointmentHolder, ledgerBlocks, staffIdOf } from '../domain/ledger';
import { changeWindow, linkExpiry, manageTokenHash, reschedulesLeft, type ChangeWindow } from '../domain/manage-link';
import { checkSlot, datesOf, planDay, slotsAnswer } from '../domain/slots';
import { appointmentRescheduled } from '../events/appointment-lifecycle';
import { atRevision, intervalOf, revisionOf, toAppointmentFacts, toManagedAppointment, type AppointmentDoc } from '../models/appointment';
import { cancelAppointment, CHANGED_MEANWHILE, withLedgerChange } from './appointment-changes';
import { slotRefusal, takenResources } from './book-appointment';
import { readDay, readDays, settleOverdue } from './day-plan';

// What a customer does through the link of their confirmation mail: see, cancel, move. The
// link's token is the only credential: an unknown one gets the same message as a malformed
// one, and the answers show no more than the customer gave.

/**
 * The appointment a manage link opens. A token made from an appointment's id
 * (`manageLinkToken`) is checked and then read by `_id`; only a token that is not one of
 * those is looked for by its hash, as the links of appointments booked before them are.
 * From `MANAGE_LINK_EXPIRY_DAYS` after its appointment's end a link answers 410.
 */
export async function appointmentOfLink(deps: Pick<BookingDeps, 'models' | 'manageLink' | 'now'>, token: string): Promise<AppointmentDoc> {
  const id = appointmentIdOfManageToken(deps.manageLink.secret, token);
  const filter = id ? { _id: id } : { manageTokenHash: manageTokenHash(token) };
  const doc = await deps.models.Appointment.findOne({ ...filter, deletedAt: null }).lean<AppointmentDoc>();
  if (!doc) throw notFound(MANAGE_MESSAGES.badLink);
  if (deps.now().getTime() >= linkExpiry(intervalOf(doc).end, deps.manageLink.expiryDays).getTime()) throw gone(MANAGE_MESSAGES.expired);
  return doc;
}

function windowOf(deps: BookingDeps, doc: AppointmentDoc): ChangeWindow {
  return changeWindow({ status: doc.status, start: intervalOf(doc).start }, deps.schedule.changeCutoffHours(doc.offeringType), deps.now());
}

export const managedView = (deps: BookingDeps, doc: AppointmentDoc): ManagedAppointment =>
  toManagedAppointment(doc, windowOf(deps, doc), deps.schedule.maxReschedules(doc.offeringType));

/** The link's appointment as a calendar file of the customer's own (publish), and its reference for the file's name. */
export async function calendarOfLink(deps: Pick<BookingDeps, 'models' | 'manageLink' | 'now'>, token: string): Promise<{ reference: string; ics: string }> {
  const doc = await appointmentOfLink(deps, token);
  return { reference: appointmentReference(String(doc._id)), ics: appointmentIcs(calendarEntry(toAppointmentFacts(doc)), 'publish') };
}

/**
 * Cancels through the link, until the offering's cut-off. Cancelling again answers the
 * cancelled appointment (a second click, a retry); so does losing a race to another cancel.
 * The link stays valid: the customer can still look at what they cancelled. A paid deposit
 * comes back in full before the cut-off; after it, until the start, the customer may still
 * cancel and the business keeps it (rather than a no-show with the time held).
 */
export async function cancelByCustomer(deps: BookingDeps, token: string, correlationId?: string): Promise<ManagedAppointment> {
  const current = await appointmentOfLink(deps, token);
  const window = windowOf(deps, current);
  if (window.closed === 'cancelled') return managedView(deps, current);
  const forfeiting = window.closed === 'cutoff' && current.payment?.state === 'paid';
  if (window.closed && !forfeiting) throw conflict(window.reason);
  const cancelled = (await cancelAppointment(deps, current, 'customer', correlationId, {}, forfeiting)) ?? (await appointmentOfLink(deps, token));
  if (cancelled.status !== 'cancelled') throw conflict(CHANGED_MEANWHILE);
  return managedView(deps, cancelled);
}

/** Why the link cannot move its appointment now (cut-off, cancelled, past, no moves left): the refusal, or null. */
function moveRefusal(deps: BookingDeps, current: AppointmentDoc) {
  // Its places are held only until its hold expires: it moves once paid (the payment stays with it then).
  if (unconfirmed(current.payment)) return conflict(DEPOSIT_MESSAGES.awaiting);
  const window = windowOf(deps, current);
  if (window.closed) return conflict(window.reason);
  const moveLimit = deps.schedule.maxReschedules(current.offeringType);
  if (reschedulesLeft(moveLimit, current.customerMoves ?? 0) === 0) return conflict(MANAGE_MESSAGES.movesUsed(moveLimit));
  return null;
}

/** The practitioner a move asks for: its own (`keep`), or anyone qualified (`any`: none named). */
const wantedFor = (current: AppointmentDoc, choice: PractitionerChoice) => (choice === 'keep' ? current.practitioner?.id : undefined);

const lengthOf = (doc: AppointmentDoc) => {
  const { start, end } = intervalOf(doc);
  return (end.getTime() - start.getTime()) / MINUTE_MS;
};

/**
 * The times the link's appointment can move to, as the slots of its offering answer them for
 * its length, with its own places counted as free: the same day plans `rescheduleByCustomer`
 * checks a move against, so what shows as available is what the move accepts (a move by half
 * an hour at capacity 1 included). Refused as a move would be when the link cannot move it.
 */
export async function slotsForMove(deps: BookingDeps, token: string, query: MoveSlotsQuery): Promise<SlotsResponse | SlotsRangeResponse> {
  const current = await appointmentOfLink(deps, token);
  const refusal = moveRefusal(deps, current);
  if (refusal) throw refusal;
  const offering = current.offeringType;
  const now = deps.now();
  const days = await readDays(deps.models, deps.schedule, offering, datesOf(query), now, new Set([appointmentHolder(current._id)]));
  const durationMinutes = lengthOf(current);
  return slotsAnswer(
    days.map((day) => planDay({ ...day, durationMinutes, now, resources: day.resourcesFor(current.treatments, wantedFor(current, query.practitioner)) })),
    offering,
    query.date !== undefined,
  );
}

/**
 * Moves the appointment to another slot of its offering, keeping its length: the new time is
 * checked like a booking against the day's slots. Capacity holds under any race because the
 * ledger takes the new blocks (checking room in those the old time does not cover: where the two
 * overlap the appointment keeps its own place, so a move by half an hour works at capacity 1)
 * before the appointment is written, and gives the old ones back after. The write is guarded by
 * the revision read; if anything changed the appointment meanwhile, the new places go back and
 * it keeps its time.
 * The customer's moves are limited per appointment (`maxReschedulesPerBooking`, mails and
 * calendar files go out with each): the count goes up in the same revision-guarded write as the
 * move, so of parallel moves that read the last one left only one is stored.
 */
export async function rescheduleByCustomer(
  deps: BookingDeps,
  token: string,
  to: z.output<typeof rescheduleRequestSchema>,
  correlationId?: string,
): Promise<ManagedAppointment> {
  const { models } = deps;
  const current = await appointmentOfLink(deps, token);
  const refusal = moveRefusal(deps, current);
  if (refusal) throw refusal;
  if (to.preferredDate === current.preferredDate && to.preferredTime === current.preferredTime) throw invalid(MANAGE_MESSAGES.sameTime);

  const offering = current.offeringType;
  const now = deps.now();
  const day = await readDay(models, deps.schedule, offering, to.preferredDate, now, new Set([appointmentHolder(current._id)]));
  await settleOverdue(models, offering, day);
  // A move keeps its practitioner unless the customer takes anyone: the times offered and checked are theirs.
  const resources = day.resourcesFor(current.treatments, wantedFor(current, to.practitioner));
  const check = checkSlot(planDay({ ...day, durationMinutes: lengthOf(current), now, resources }), to.preferredTime);
  // The booking policy's notice and horizon hold for a move too; its cap does not (a move adds nothing).
  const policy = deps.schedule.policy(offering);
  if (!check.ok) throw slotRefusal(check.reason, offering, policy);
  const { start, end, holdEnd } = check.slot;

  const assigned = check.slot.practitioner;
  const set = {
    preferredDate: to.preferredDate,
    preferredTime: to.preferredTime,
    startTime: start,
    endTime: end,
    blocks: ledgerBlocks(start, holdEnd),
    // What the new time was checked with: the practitioner it assigned and the rooms its items need now.
    ...(resources ? { resources: takenResources(assigned, resources).map((r) => r.key) } : {}),
    ...(assigned ? { practitioner: { id: staffIdOf(assigned.key), name: assigned.name } } : {}),
  };
  const moved = { ...current, ...set, revision: revisionOf(current) + 1, customerMoves: (current.customerMoves ?? 0) + 1 };
  const event = appointmentRescheduled(moved, current, 'customer', correlationId, deps.schedule);
  const changed = await withLedgerChange(
    deps,
    current,
    set.blocks,
    async () => {
      const result = await models.Appointment.updateOne(
        { ...atRevision(current), status: { $ne: 'cancelled' } },
        { $set: set, $inc: { revision: 1, customerMoves: 1 }, $push: { outbox: event } },
      );
      return result.matchedCount === 1 ? true : null;
    },
    set.resources,
  );
  if (!changed.ok && changed.reason === 'full') throw slotRefusal('full', offering, policy);
  if (!changed.ok || !changed.written) throw conflict(CHANGED_MEANWHILE);
  deps.relay.publishDocument(models.Appointment, current._id);
  await deps.waitlist.placesFreed(offering, current.preferredDate);
  return managedView(deps, moved);
}
