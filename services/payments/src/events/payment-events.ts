import type { EventData, EventType } from '@bb/contracts';
import { outboxEvent, type OutboxEntry } from '@bb/service-kit';
import type { PaymentDoc } from '../models/payment';

type PaymentEvent = Extract<EventType, `payments.${string}`>;
/** The facts every payments.* event carries, from the document. */
type Facts = 'paymentId' | 'appointmentId' | 'offeringType' | 'customerName' | 'customerEmail' | 'description';

const factsOf = (doc: PaymentDoc) => ({
  paymentId: String(doc._id),
  appointmentId: doc.appointmentId,
  offeringType: doc.offeringType,
  customerName: doc.customerName,
  customerEmail: doc.customerEmail,
  description: doc.description,
});

/**
 * A payments.* event about a payment, for the outbox of the very write that causes it (the
 * relay publishes it): the payment's facts, and the event's own fields.
 */
export const paymentEvent = <T extends PaymentEvent>(type: T, doc: PaymentDoc, data: Omit<EventData<T>, Facts>, correlationId?: string): OutboxEntry =>
  outboxEvent('payments', type, { ...factsOf(doc), ...data } as EventData<T>, correlationId);
