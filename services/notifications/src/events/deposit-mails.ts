import type { EventBus } from '@bb/service-kit';
import type { DepositMailer } from '../store/deposit-mailer';

/** One durable queue per event type, as for the appointment mails. */
export const DEPOSIT_MAIL_QUEUES = {
  requested: 'notifications.deposit-requested',
  holdExtended: 'notifications.deposit-hold-extended',
  released: 'notifications.deposit-released',
  paid: 'notifications.payment-paid',
  refunded: 'notifications.payment-refunded',
  receiptSubmitted: 'notifications.receipt-submitted',
  expired: 'notifications.payment-expired',
} as const;

/**
 * What notifications hears of deposits: booking's requests, extensions and releases, and
 * payments' outcomes. As with the appointment mails, a handler only queues (or drops) mail
 * records; a receipt or notice whose request has not been handled yet fails and is delivered again.
 */
export function consumeDepositEvents(bus: EventBus, mailer: DepositMailer): void {
  bus.subscribe(DEPOSIT_MAIL_QUEUES.requested, ['booking.deposit.requested'], (event) => mailer.requested(event.data));
  bus.subscribe(DEPOSIT_MAIL_QUEUES.holdExtended, ['booking.deposit.hold-extended'], (event) => mailer.holdExtended(event.data));
  bus.subscribe(DEPOSIT_MAIL_QUEUES.released, ['booking.deposit.released'], (event) => mailer.released(event.data));
  bus.subscribe(DEPOSIT_MAIL_QUEUES.paid, ['payments.payment.paid'], (event) => mailer.paid(event.data));
  bus.subscribe(DEPOSIT_MAIL_QUEUES.refunded, ['payments.payment.refunded'], (event) => mailer.refunded(event.data));
  bus.subscribe(DEPOSIT_MAIL_QUEUES.receiptSubmitted, ['payments.receipt.submitted'], (event) => mailer.receiptSubmitted(event.data));
  bus.subscribe(DEPOSIT_MAIL_QUEUES.expired, ['payments.payment.expired'], (event) => mailer.expired(event.data));
}
