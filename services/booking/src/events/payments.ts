import type { EventBus } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { confirmPaid, extendForReceipt, recordExpiry, recordRefund } from '../store/deposit-payments';

/** Booking's queues of what payments says about deposits, one per event. */
export const PAYMENT_QUEUES = {
  paid: 'booking.payment-paid',
  refunded: 'booking.payment-refunded',
  receipt: 'booking.receipt-submitted',
  expired: 'booking.payment-expired',
} as const;

/** Confirms paid appointments, holds places while a receipt is reviewed, records refunds and lapsed payments. */
export function consumePayments(bus: EventBus, deps: BookingDeps): void {
  bus.subscribe(PAYMENT_QUEUES.paid, ['payments.payment.paid'], (event) => confirmPaid(deps, event.data, event.correlationId));
  bus.subscribe(PAYMENT_QUEUES.refunded, ['payments.payment.refunded'], (event) => recordRefund(deps, event.data));
  bus.subscribe(PAYMENT_QUEUES.receipt, ['payments.receipt.submitted'], (event) => extendForReceipt(deps, event.data, event.correlationId));
  bus.subscribe(PAYMENT_QUEUES.expired, ['payments.payment.expired'], (event) => recordExpiry(deps, event.data));
}
