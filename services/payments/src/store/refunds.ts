import type { Types } from 'mongoose';
import { auditEventBy, type AuditBy, type Logger } from '@bb/service-kit';
import type { RefundReason } from '@bb/contracts';
import { PaymongoError, PaymongoUnreachable, type PaymongoClient } from '../clients/paymongo';
import { refundAction } from '../domain/payment-state';
import { paymentEvent } from '../events/payment-events';
import { refundedAmountOf, type PaymentDoc, type RefundFields } from '../models/payment';
import type { PaymentStore } from './payment-store';
import type { Applied, Change } from './transitions';

/** Who asked for a refund: booking's release, or staff through the console (audited). */
export type RefundCause = { by: 'booking'; reason: RefundReason } | { staff: AuditBy; note?: string };

/** How soon the reconcile pass looks at a refund PayMongo has not settled yet. */
export const REFUND_CHECK_MS = 15_000;

const subjectOf = (doc: PaymentDoc) => `payment ${String(doc._id)}`;

/**
 * Refunds: what is left of a paid (or kept) payment goes back in full. Paid through PayMongo,
 * it is `refunding` until PayMongo's refund succeeds; paid by transfer, it is `refund_due`
 * until staff say they sent it back.
 */
export class Refunds {
  constructor(
    private readonly payments: PaymentStore,
    private readonly paymongo: PaymongoClient,
    private readonly logger: Logger,
  ) {}

  /**
   * Starts the refund in one guarded write (the refund recorded, the audit entry of a staff
   * refund with it), then asks PayMongo for it. PayMongo not answering leaves it to the
   * reconcile pass, which finds a refund PayMongo made but never told us of before making one.
   */
  async start(filter: { _id: Types.ObjectId } | { appointmentId: string }, cause: RefundCause): Promise<Applied | null> {
    const result = await this.payments.apply(
      filter,
      (doc) => refundAction(doc.method),
      (doc) => this.refundChange(doc, cause),
    );
    return result?.applied ? { doc: await this.afterStart(result.doc), applied: true } : result;
  }

  /** The write that starts a refund of what is left: the refund recorded (and a staff refund's audit entry); null when nothing is left. */
  refundChange(doc: PaymentDoc, cause: RefundCause): Change | null {
    const now = this.payments.now();
    const left = doc.amount - refundedAmountOf(doc);
    if (left <= 0) return null;
    const viaPaymongo = doc.method === 'paymongo';
    const refund: RefundFields = {
      amount: left,
      reason: 'reason' in cause ? cause.reason : 'by-staff',
      by: 'by' in cause ? cause.by : (cause.staff.actor?.username ?? 'staff'),
      at: now,
      status: viaPaymongo ? 'pending' : 'due',
      paymongoRefundId: null,
    };
    const audit =
      'staff' in cause &&
      auditEventBy('payments', cause.staff, {
        action: 'payment-refunded',
        subject: subjectOf(doc),
        after: `${left} centavos${cause.note ? `: ${cause.note}` : ''}`.slice(0, 500),
      });
    return {
      push: { refunds: refund },
      events: audit ? [audit] : [],
      // The pass looks again if PayMongo does not say soon that the refund succeeded.
      ...(viaPaymongo && { set: { reconcileAt: new Date(now.getTime() + REFUND_CHECK_MS), reconcileEveryMs: REFUND_CHECK_MS } }),
    };
  }

  /** After a refund was started: a PayMongo one is asked for at once. */
  afterStart(doc: PaymentDoc): Promise<PaymentDoc> {
    return doc.status === 'refunding' ? this.request(doc) : Promise.resolve(doc);
  }

  /**
   * Asks PayMongo for every refund recorded without PayMongo's id: first among the refunds
   * PayMongo already has for the payment (an answer lost to a crash), else a new one.
   */
  async request(doc: PaymentDoc): Promise<PaymentDoc> {
    const waiting = doc.refunds.filter((r) => r.status === 'pending' && !r.paymongoRefundId);
    const paymongoPaymentId = doc.paymongo.paymentId;
    if (waiting.length === 0 || !paymongoPaymentId) return doc;
    const paymentId = String(doc._id);
    try {
      const known = (await this.paymongo.retrievePayment(paymongoPaymentId)).attributes.refunds.filter(
        (r) => r.attributes.metadata?.paymentId === paymentId && !doc.refunds.some((ours) => ours.paymongoRefundId === r.id),
      );
      let current = doc;
      for (const refund of waiting) {
        // One key per refund record: asked again (a crash, a second replica), PayMongo answers the same refund.
        const key = `refund-${paymentId}-${doc.refunds.indexOf(refund)}`;
        const made = known.shift() ?? (await this.paymongo.createRefund({ amount: refund.amount, paymongoPaymentId, reason: refund.reason, paymentId }, key));
        current = (await this.recordRefundId(current, refund, made.id)) ?? current;
      }
      return current;
    } catch (err) {
      if (!(err instanceof PaymongoUnreachable || err instanceof PaymongoError)) throw err;
      // Left for the reconcile pass (reconcileAt is set): PayMongo may be back by then.
      this.logger.warn({ err: err.message, paymentId }, 'refund not requested from PayMongo yet');
      return doc;
    }
  }

  /** PayMongo's refund id onto our refund record, unless another replica put one there first. */
  private recordRefundId(doc: PaymentDoc, refund: RefundFields, paymongoRefundId: string) {
    const index = doc.refunds.indexOf(refund);
    return this.payments.models.Payment.findOneAndUpdate(
      { _id: doc._id, [`refunds.${index}.paymongoRefundId`]: null },
      { $set: { [`refunds.${index}.paymongoRefundId`]: paymongoRefundId, updatedAt: this.payments.now() } },
      { returnDocument: 'after' },
    ).lean<PaymentDoc>();
  }

  /**
   * Settles refunds PayMongo reports succeeded: when every refund of the payment has, it is
   * refunded and each refund announced (payments.payment.refunded).
   */
  async settle(doc: PaymentDoc, succeeded: ReadonlySet<string>): Promise<Applied | null> {
    return this.payments.apply({ _id: doc._id }, 'refund-completed', (current) => {
      const pending = current.refunds.filter((r) => r.status === 'pending');
      if (pending.length === 0 || !pending.every((r) => r.paymongoRefundId && succeeded.has(r.paymongoRefundId))) return null;
      const at = this.payments.now();
      const refunds = current.refunds.map((r) => (r.status === 'pending' ? { ...r, status: 'succeeded' as const } : r));
      return {
        set: { refunds },
        unset: { reconcileAt: 1, reconcileEveryMs: 1 },
        events: pending.map((r) => refundedEvent(current, r, at)),
      };
    });
  }

  /** Staff sent a transfer back by hand: refunded, announced and audited. */
  sent(id: Types.ObjectId, staff: AuditBy): Promise<Applied | null> {
    return this.payments.apply({ _id: id }, 'refund-completed', (current) => {
      const due = current.refunds.filter((r) => r.status === 'due');
      if (due.length === 0) return null;
      const at = this.payments.now();
      return {
        set: { refunds: current.refunds.map((r) => (r.status === 'due' ? { ...r, status: 'sent' as const } : r)) },
        events: [
          ...due.map((r) => refundedEvent(current, r, at, staff.correlationId)),
          auditEventBy('payments', staff, { action: 'payment-refund-sent', subject: subjectOf(current), after: `${refundedAmountOf(current)} centavos` }),
        ],
      };
    });
  }
}

const refundedEvent = (doc: PaymentDoc, refund: RefundFields, at: Date, correlationId?: string) =>
  paymentEvent(
    'payments.payment.refunded',
    doc,
    { amount: refund.amount, currency: 'PHP', method: doc.method ?? 'paymongo', reason: refund.reason, by: refund.by, refundedAt: at.toISOString() },
    correlationId,
  );
