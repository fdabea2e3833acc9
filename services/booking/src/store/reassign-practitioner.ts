import { DEPOSIT_MESSAGES, REASSIGN_MESSAGES, type Appointment } from '@bb/contracts';
import { BLOCK_MS, conflict, invalid, notFound } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { unconfirmed } from '../domain/deposit';
import { appointmentHolder, blockStart, practitionerKey, type LedgerBlock } from '../domain/ledger';
import { assignSlot } from '../domain/resources';
import { appointmentRescheduled } from '../events/appointment-lifecycle';
import { atRevision, intervalOf, revisionOf, toAppointment, type AppointmentDoc } from '../models/appointment';
import { CHANGED_MEANWHILE, withLedgerChange } from './appointment-changes';
import { readDay } from './day-plan';

/** Where an appointment's held blocks end (its buffer included): its last block's end. */
const holdEndOf = (blocks: readonly LedgerBlock[], end: Date) =>
  blocks.length === 0 ? end : new Date(Math.max(...blocks.map((block) => blockStart(block).getTime())) + BLOCK_MS);

/**
 * Staff give an appointment to another practitioner at the same time. What the slots would say
 * is checked first for a clear answer (qualified, working, free); the ledger then decides: one
 * change takes the new practitioner's counters in every block and gives the old one's back, in
 * the same guarded write as a booking's claim, so two reassignments (or a booking) racing onto one
 * person never both get them. The customer hears of it as a move to the same time.
 */
export async function reassignPractitioner(deps: BookingDeps, id: string, practitionerId: string, correlationId?: string): Promise<Appointment> {
  const { models } = deps;
  const current = await models.Appointment.findOne({ _id: id, deletedAt: null }).lean<AppointmentDoc>();
  if (!current) throw notFound('Appointment not found');
  if (!current.practitioner) throw invalid(REASSIGN_MESSAGES.noPractitioner);
  const { start, end } = intervalOf(current);
  if (current.status !== 'pending' || end.getTime() <= deps.now().getTime()) throw conflict(REASSIGN_MESSAGES.closed);
  if (unconfirmed(current.payment)) throw conflict(DEPOSIT_MESSAGES.awaiting);
  if (current.practitioner.id === practitionerId) return toAppointment(current, deps.now());

  const offering = current.offeringType;
  const chosen = deps.schedule.practitioners(offering).find((p) => p._id === practitionerId);
  if (!chosen) throw invalid(REASSIGN_MESSAGES.unknown);
  const day = await readDay(models, deps.schedule, offering, current.preferredDate, deps.now(), new Set([appointmentHolder(current._id)]));
  const resources = day.resourcesFor(current.treatments, practitionerId);
  const wanted = practitionerKey(practitionerId);
  if (!resources?.needs.practitioners?.some((p) => p.key === wanted)) throw invalid(REASSIGN_MESSAGES.unqualified(chosen.name));
  const blocks = current.blocks ?? [];
  const assignment = assignSlot({ ...resources.needs, rooms: [] }, resources.taken, current.preferredDate, start, end, holdEndOf(blocks, end), wanted);
  if (!assignment.ok)
    throw assignment.reason === 'nobody-works' ? invalid(REASSIGN_MESSAGES.notWorking(chosen.name)) : conflict(REASSIGN_MESSAGES.busy(chosen.name));

  const oldKey = practitionerKey(current.practitioner.id);
  const toResources = [...(current.resources ?? []).filter((key) => key !== oldKey), wanted].sort();
  const set = { practitioner: { id: practitionerId, name: chosen.name }, resources: toResources };
  const moved = { ...current, ...set, revision: revisionOf(current) + 1 };
  const event = appointmentRescheduled(moved, current, 'staff', correlationId, deps.schedule);
  const changed = await withLedgerChange(
    deps,
    current,
    blocks,
    async () =>
      (await models.Appointment.updateOne({ ...atRevision(current), status: 'pending' }, { $set: set, $inc: { revision: 1 }, $push: { outbox: event } }))
        .matchedCount === 1
        ? true
        : null,
    toResources,
  );
  if (!changed.ok && changed.reason === 'full') throw conflict(REASSIGN_MESSAGES.busy(chosen.name));
  if (!changed.ok || !changed.written) throw conflict(CHANGED_MEANWHILE);
  deps.relay.publishDocument(models.Appointment, current._id);
  // The practitioner given up may be the one a waiting visitor needs.
  await deps.waitlist.placesFreed(offering, current.preferredDate);
  return toAppointment(moved, deps.now());
}
