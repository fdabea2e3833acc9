// Deposit events as booking and payments publish them, for the deposit mail tests.
import { randomBytes } from 'node:crypto';
import type { EventData } from '@bb/contracts';

const MINUTE_MS = 60_000;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A booking waiting for its ₱1,500.00 deposit: a clinic facial three days after `now`, its
 * places held `holdMs` from `now` (15 minutes, booking's default).
 */
export function depositRequested(
  email: string,
  { now = new Date(), holdMs = 15 * MINUTE_MS, ...over }: Partial<EventData<'booking.deposit.requested'>> & { now?: Date; holdMs?: number } = {},
): EventData<'booking.deposit.requested'> {
  const start = new Date(Math.ceil((now.getTime() + 3 * 24 * 60 * MINUTE_MS) / (30 * MINUTE_MS)) * 30 * MINUTE_MS);
  return {
    appointmentId: hex(12),
    offeringType: 'clinic',
    amount: 150_000,
    currency: 'PHP',
    purpose: 'deposit',
    customerName: 'Ana Cruz',
    customerEmail: email,
    customerPhone: '0917 123 4567',
    description: 'Hydrating Facial on 2026-12-01 at 10:00',
    startTime: start.toISOString(),
    holdExpiresAt: new Date(now.getTime() + holdMs).toISOString(),
    ...over,
  };
}

/** What payments repeats of the request on each of its events. */
export const paymentFacts = (request: EventData<'booking.deposit.requested'>, paymentId = hex(12)) => ({
  paymentId,
  appointmentId: request.appointmentId,
  offeringType: request.offeringType,
  customerName: request.customerName,
  customerEmail: request.customerEmail,
  description: request.description,
});

/** Its deposit paid through PayMongo's checkout with GCash. */
export const paid = (request: EventData<'booking.deposit.requested'>, at = new Date()): EventData<'payments.payment.paid'> => ({
  ...paymentFacts(request),
  amount: request.amount,
  currency: 'PHP',
  method: 'paymongo',
  methodType: 'gcash',
  paidAt: at.toISOString(),
});

/** That payment refunded in full by booking's release. */
export const refunded = (payment: EventData<'payments.payment.paid'>, at = new Date()): EventData<'payments.payment.refunded'> => ({
  paymentId: payment.paymentId,
  appointmentId: payment.appointmentId,
  offeringType: payment.offeringType,
  customerName: payment.customerName,
  customerEmail: payment.customerEmail,
  description: payment.description,
  amount: payment.amount,
  currency: 'PHP',
  method: payment.method,
  reason: 'cancelled-by-customer',
  by: 'booking',
  refundedAt: at.toISOString(),
});
