import type { QueryFilter } from 'mongoose';
import { isDuplicateKey, unavailable, type Logger } from '@bb/service-kit';
import { PaymongoError, PaymongoUnreachable } from '../clients/paymongo';
import type { EventReferences } from '../domain/paymongo-resources';
import { paymentEvent } from '../events/payment-events';
import type { PaymentDoc } from '../models/payment';
import { paymentObjectId, type PaymentStore } from './payment-store';
import type { Reconciler } from './reconcile';

/**
 * PayMongo's webhook events, once verified: each handled at most once (its id kept in
 * webhook_events, written after it was handled, so a crash in between only handles it again,
 * which changes nothing), and each only a cue to read the payment's state again from PayMongo.
 */
export class PaymongoWebhooks {
  constructor(
    private readonly payments: PaymentStore,
    private readonly reconciler: Reconciler,
    private readonly logger: Logger,
  ) {}

  /**
   * Handles an event. PayMongo that cannot be asked refuses the delivery (503), which PayMongo
   * sends again later; PayMongo refusing to tell (a session it does not know) leaves the event handled.
   */
  async handle(refs: EventReferences): Promise<void> {
    const { WebhookEvent } = this.payments.models;
    if (await WebhookEvent.exists({ _id: refs.eventId })) return;
    const doc = await this.paymentOf(refs);
    if (!doc) this.logger.info({ eventId: refs.eventId, type: refs.type }, 'PayMongo event about no payment of ours');
    else if (refs.failure) await this.recordFailure(doc, refs.failure);
    else {
      await this.reconciler.reconcile(doc).catch((err: unknown) => {
        if (err instanceof PaymongoUnreachable) throw unavailable('PayMongo could not be asked about this event; please send it again');
        if (!(err instanceof PaymongoError)) throw err;
        this.logger.warn({ err: err.message, eventId: refs.eventId }, 'PayMongo would not tell about the payment of an event');
      });
    }
    await WebhookEvent.create({ _id: refs.eventId, type: refs.type, receivedAt: this.payments.now() }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }

  /** The payment an event is about, by the first of its ids we know it by. */
  private async paymentOf(refs: EventReferences): Promise<PaymentDoc | null> {
    const ours = refs.paymentId ? paymentObjectId(refs.paymentId) : null;
    const ways: QueryFilter<PaymentDoc>[] = [
      ...(ours ? [{ _id: ours }] : []),
      ...(refs.checkoutSessionId ? [{ 'paymongo.sessionIds': refs.checkoutSessionId }] : []),
      ...(refs.paymentIntentId ? [{ 'paymongo.paymentIntentIds': refs.paymentIntentId }] : []),
      ...(refs.paymongoPaymentId ? [{ 'paymongo.paymentId': refs.paymongoPaymentId }] : []),
    ];
    for (const filter of ways) {
      const doc = await this.payments.models.Payment.findOne(filter).lean<PaymentDoc>();
      if (doc) return doc;
    }
    return null;
  }

  /** A failed attempt, announced once per PayMongo payment while the payment can still be paid; nothing else changes. */
  private async recordFailure(doc: PaymentDoc, failure: NonNullable<EventReferences['failure']>): Promise<void> {
    const { Payment } = this.payments.models;
    const written = await Payment.updateOne(
      { _id: doc._id, status: { $in: ['awaiting', 'in_review'] }, 'paymongo.failedPaymentIds': { $ne: failure.paymongoPaymentId } },
      {
        $set: { updatedAt: this.payments.now() },
        $push: {
          'paymongo.failedPaymentIds': failure.paymongoPaymentId,
          outbox: paymentEvent('payments.payment.failed', doc, {
            methodType: failure.methodType,
            message: failure.message,
            failedAt: this.payments.now().toISOString(),
          }),
        },
      },
    );
    if (written.modifiedCount === 1) this.payments.publish(doc._id);
  }
}
