import type { EventData } from '@bb/contracts';
import { outboxEvent, type OutboxEntry } from '@bb/service-kit';
import { depositDescription } from '../domain/deposit';
import { intervalOf, type AppointmentDoc, type PaymentPart } from '../models/appointment';

// What booking tells payments about an appointment's deposit, each stored with the appointment
// write it follows from (the outbox).

/** Booked waiting for its deposit: payments makes the payment the pay page collects. */
export const depositRequested = (doc: AppointmentDoc, payment: PaymentPart, correlationId: string | undefined): OutboxEntry =>
  outboxEvent(
    'booking',
    'booking.deposit.requested',
    {
      appointmentId: String(doc._id),
      offeringType: doc.offeringType,
      amount: payment.amount,
      currency: 'PHP',
      purpose: payment.purpose,
      customerName: `${doc.firstName} ${doc.lastName}`,
      customerEmail: doc.email,
      customerPhone: doc.contact,
      description: depositDescription(doc.items, doc.preferredDate, doc.preferredTime),
      startTime: intervalOf(doc).start.toISOString(),
      holdExpiresAt: payment.holdExpiresAt.toISOString(),
    },
    correlationId,
  );

/** The deposit is given up: refunded whole, or kept. */
export const depositReleased = (
  appointmentId: unknown,
  release: Pick<EventData<'booking.deposit.released'>, 'refund' | 'reason'>,
  correlationId?: string,
): OutboxEntry => outboxEvent('booking', 'booking.deposit.released', { appointmentId: String(appointmentId), ...release }, correlationId);

/** The appointment's places are held until `until` now (a transfer receipt waits for review). */
export const holdExtended = (appointmentId: unknown, until: Date, correlationId?: string): OutboxEntry =>
  outboxEvent('booking', 'booking.deposit.hold-extended', { appointmentId: String(appointmentId), holdExpiresAt: until.toISOString() }, correlationId);
