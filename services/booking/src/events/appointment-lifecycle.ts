import type { AppointmentStatus, EventData } from '@bb/contracts';
import { outboxEvent, type OutboxEntry } from '@bb/service-kit';
import { toAppointmentFacts as facts, type AppointmentDoc } from '../models/appointment';

// What booking says about an appointment's life: each event is stored with the write it
// announces (the outbox) and carries the appointment as that write leaves it, so a consumer
// (mail, calendar, reminders, subscriber capture) never asks booking.

type By = EventData<'booking.appointment.cancelled'>['by'];

/** Booking's copy of its practitioners (`ScheduleCopy`), as far as the events need it: where each one's staff alerts go. */
export interface PractitionerAddresses {
  practitioner(id: string): { email: string | null } | null;
}

/**
 * The practitioner's alert address as the copy has it at the time of the event, so
 * notifications alerts them too without asking booking; nothing without a practitioner or an
 * address.
 */
function alertOf(doc: Pick<AppointmentDoc, 'practitioner'>, staff: PractitionerAddresses): { practitionerAlertEmail?: string } {
  const email = doc.practitioner && staff.practitioner(doc.practitioner.id)?.email;
  return email ? { practitionerAlertEmail: email } : {};
}

/** Booked. No manage token: a consumer that needs the link derives it from the id (manageLinkToken). */
export const appointmentCreated = (doc: AppointmentDoc, correlationId: string | undefined, staff: PractitionerAddresses): OutboxEntry =>
  outboxEvent('booking', 'booking.appointment.created', { ...facts(doc), ...alertOf(doc, staff), createdAt: doc.createdAt.toISOString() }, correlationId);

/** Moved to another time; `before` is the appointment as it was. */
export function appointmentRescheduled(
  doc: AppointmentDoc,
  before: AppointmentDoc,
  by: By,
  correlationId: string | undefined,
  staff: PractitionerAddresses,
): OutboxEntry {
  const data = {
    ...facts(doc),
    ...alertOf(doc, staff),
    previousDate: before.preferredDate,
    previousTime: before.preferredTime,
    previousStartTime: before.startTime?.toISOString() ?? null,
    by,
  };
  return outboxEvent('booking', 'booking.appointment.rescheduled', data, correlationId);
}

/** Will not take place: cancelled, or deleted by staff (then the customer is not told). */
export const appointmentCancelled = (
  doc: AppointmentDoc,
  by: By,
  notifyCustomer: boolean,
  correlationId: string | undefined,
  staff: PractitionerAddresses,
): OutboxEntry => outboxEvent('booking', 'booking.appointment.cancelled', { ...facts(doc), ...alertOf(doc, staff), by, notifyCustomer }, correlationId);

/** Staff set another status than cancelled: done, or pending again. */
export const appointmentStatusChanged = (
  doc: AppointmentDoc,
  previousStatus: AppointmentStatus,
  correlationId: string | undefined,
  staff: PractitionerAddresses,
): OutboxEntry => outboxEvent('booking', 'booking.appointment.status-changed', { ...facts(doc), ...alertOf(doc, staff), previousStatus }, correlationId);
