import type { Logger } from '@bb/service-kit';
import { PaymongoError, type PaymongoClient } from '../clients/paymongo';
import { awaitsPaymongo, nextReconcileWait } from '../domain/payment-state';
import { methodTypeOf, paidPaymentOf, type PaymongoPayment } from '../domain/paymongo-resources';
import { paymentEvent } from '../events/payment-events';
import type { PaymentDoc } from '../models/payment';
import type { PaymentStore } from './payment-store';
import type { Refunds } from './refunds';

/** The first wait of the reconcile pass after a checkout page is made, and the longest between two looks. */
export const CHECKOUT_CHECK_MS = 60_000;
const MAX_WAIT_MS = 30 * 60_000;
const PASS_BATCH = 20;

/**
 * Keeps payments in step with PayMongo. A webhook event is only a cue: what happened is read
 * again from PayMongo (the checkout session with its payments, the refunds) and the payment is
 * moved forward from there, so events replayed, reordered or lost change nothing the next read
 * does not. The periodic pass does the same for payments PayMongo still owes an answer on.
 */
export class Reconciler {
  constructor(
    private readonly payments: PaymentStore,
    private readonly refunds: Refunds,
    private readonly paymongo: PaymongoClient,
    private readonly logger: Logger,
  ) {}

  /** Reads what PayMongo knows of the payment and applies it; throws PaymongoUnreachable when PayMongo cannot be asked. */
  async reconcile(doc: PaymentDoc): Promise<PaymentDoc> {
    let current = doc;
    if (['awaiting', 'in_review', 'expired'].includes(current.status)) current = await this.checkSessions(current);
    if (current.status === 'refunding') current = await this.checkRefunds(current);
    return current;
  }

  /**
   * Every checkout session of the payment, newest first: one that was paid makes it paid (also
   * after its release: booking then confirms or releases with `slot-lost`); the current one seen
   * expired is forgotten; one still open on a released payment is expired at PayMongo.
   */
  private async checkSessions(doc: PaymentDoc): Promise<PaymentDoc> {
    let current = doc;
    for (const sessionId of [...doc.paymongo.sessionIds].reverse()) {
      const session = await this.paymongo.retrieveCheckoutSession(sessionId);
      const paid = paidPaymentOf(session);
      if (paid) return this.markPaid(current, paid);
      const isCurrent = current.paymongo.checkoutUrl === session.attributes.checkout_url;
      if (!isCurrent) continue;
      if (session.attributes.status === 'active' && current.status === 'expired') {
        const refused = await this.paymongo.expireCheckoutSession(sessionId).then(
          () => null,
          (err: unknown) => {
            if (err instanceof PaymongoError) return err;
            throw err;
          },
        );
        if (refused) {
          // PayMongo refuses to expire a paid session: paid between our read and the expiry.
          const paidMeanwhile = paidPaymentOf(await this.paymongo.retrieveCheckoutSession(sessionId));
          if (paidMeanwhile) return this.markPaid(current, paidMeanwhile);
          throw refused;
        }
      } else if (session.attributes.status === 'active') continue;
      current = (await this.forgetCheckout(current)) ?? current;
    }
    return current;
  }

  private async checkRefunds(doc: PaymentDoc): Promise<PaymentDoc> {
    const requested = await this.refunds.request(doc);
    const succeeded = new Set<string>();
    for (const refund of requested.refunds) {
      if (refund.status !== 'pending' || !refund.paymongoRefundId) continue;
      if ((await this.paymongo.retrieveRefund(refund.paymongoRefundId)).attributes.status === 'succeeded') succeeded.add(refund.paymongoRefundId);
    }
    return succeeded.size > 0 ? ((await this.refunds.settle(requested, succeeded))?.doc ?? requested) : requested;
  }

  /** PayMongo says it was paid: paid, announced once (the status guard keeps a second event out). */
  private async markPaid(doc: PaymentDoc, payment: PaymongoPayment): Promise<PaymentDoc> {
    const paidAt = payment.attributes.paid_at ? new Date(payment.attributes.paid_at * 1000) : this.payments.now();
    const methodType = methodTypeOf(payment) ?? 'card';
    const result = await this.payments.apply({ _id: doc._id }, 'paid', (current) => ({
      set: { method: 'paymongo', methodType, 'paymongo.paymentId': payment.id, 'paymongo.checkoutUrl': null, paidAt },
      events: [
        paymentEvent('payments.payment.paid', current, {
          amount: current.amount,
          currency: 'PHP',
          method: 'paymongo',
          methodType,
          paidAt: paidAt.toISOString(),
        }),
      ],
    }));
    if (result?.applied) this.logger.info({ paymentId: String(doc._id), paymongoPaymentId: payment.id }, 'paid through PayMongo');
    return result?.doc ?? doc;
  }

  /** The current checkout page is over (expired or paid): forgotten, unless another was made meanwhile. */
  private forgetCheckout(doc: PaymentDoc) {
    return this.payments.models.Payment.findOneAndUpdate(
      { _id: doc._id, 'paymongo.checkoutUrl': doc.paymongo.checkoutUrl },
      { $set: { 'paymongo.checkoutUrl': null, updatedAt: this.payments.now() } },
      { returnDocument: 'after' },
    ).lean<PaymentDoc>();
  }

  /**
   * The payments whose time to look has come, each taken by moving its time on first (so a
   * pass on another replica leaves it alone) and looked at; one PayMongo no longer owes
   * anything on leaves the pass.
   */
  async pass(): Promise<void> {
    const { Payment } = this.payments.models;
    const now = this.payments.now();
    const due = await Payment.find({ reconcileAt: { $lte: now } }, { reconcileAt: 1, reconcileEveryMs: 1 })
      .sort({ reconcileAt: 1 })
      .limit(PASS_BATCH)
      .lean<Pick<PaymentDoc, '_id' | 'reconcileAt' | 'reconcileEveryMs'>[]>();
    for (const { _id, reconcileAt, reconcileEveryMs } of due) {
      const wait = nextReconcileWait(reconcileEveryMs, CHECKOUT_CHECK_MS, MAX_WAIT_MS);
      const taken = await Payment.updateOne({ _id, reconcileAt }, { $set: { reconcileAt: new Date(now.getTime() + wait), reconcileEveryMs: wait } });
      if (taken.modifiedCount !== 1) continue;
      const doc = await this.payments.byId(String(_id));
      if (!doc) continue;
      try {
        const after = await this.reconcile(doc);
        if (!awaitsPaymongo(after)) {
          await Payment.updateOne(
            { _id, status: after.status, 'paymongo.checkoutUrl': after.paymongo.checkoutUrl },
            { $unset: { reconcileAt: 1, reconcileEveryMs: 1 } },
          );
        }
      } catch (err) {
        this.logger.warn({ err: (err as Error).message, paymentId: String(_id) }, 'could not reconcile a payment with PayMongo; trying again later');
      }
    }
  }
}
