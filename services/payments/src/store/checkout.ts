import { createHash, randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@bb/contracts';
import { conflict, unavailable, type Logger } from '@bb/service-kit';
import { PaymongoError, PaymongoUnreachable, type PaymongoClient } from '../clients/paymongo';
import { checkoutSessionAttributes } from '../domain/checkout';
import { unpayableReason } from '../domain/payment-state';
import { paidPaymentOf } from '../domain/paymongo-resources';
import type { PaymentDoc } from '../models/payment';
import type { PaymentSettingsStore } from './payment-settings';
import type { PaymentStore } from './payment-store';
import { CHECKOUT_CHECK_MS, type Reconciler } from './reconcile';

/** How long a replica may take to make a checkout session before another may try. */
const CLAIM_MS = 30_000;
const WAIT_STEP_MS = 200;
const MAX_STEPS = (CLAIM_MS + 5_000) / WAIT_STEP_MS;

export interface CheckoutSettings {
  publicUrl: string;
}

/**
 * PayMongo's hosted checkout for a payment: one session at a time, never two that could both be
 * paid. Making one is claimed first in the payment's document (a guarded write with a deadline);
 * whoever holds the claim makes the session and stores it with the claim's id and the payment
 * still awaiting, and everyone else waits for it and answers the same page. A session made by a
 * claim that was lost meanwhile is expired at once; a new one is made only once PayMongo says
 * the current one has expired.
 */
export class Checkout {
  constructor(
    private readonly payments: PaymentStore,
    private readonly paymongo: PaymongoClient,
    private readonly settings: PaymentSettingsStore,
    private readonly reconciler: Reconciler,
    private readonly options: CheckoutSettings,
    private readonly logger: Logger,
  ) {}

  /** The checkout page for the visitor of `token`; throws 409 when it cannot be paid online, 503 when PayMongo cannot be reached. */
  async start(first: PaymentDoc, token: string): Promise<string> {
    try {
      return await this.startOrWait(first, token);
    } catch (err) {
      if (err instanceof PaymongoUnreachable || err instanceof PaymongoError) {
        this.logger.warn({ err: err.message, paymentId: String(first._id) }, 'checkout not made');
        throw unavailable(PAYMENT_MESSAGES.providerDown);
      }
      throw err;
    }
  }

  private async startOrWait(first: PaymentDoc, token: string): Promise<string> {
    let doc = first;
    for (let step = 0; step < MAX_STEPS; step++) {
      const now = this.payments.now();
      const refused = unpayableReason(doc.status, doc.holdExpiresAt, now);
      if (refused) throw conflict(refused);
      const url = doc.paymongo.checkoutUrl;
      if (url) {
        const still = await this.stillOpen(doc);
        if (still) return still;
      } else if (!doc.paymongo.claim || doc.paymongo.claim.until.getTime() <= now.getTime()) {
        const made = await this.claimAndMake(doc, token);
        if (made) return made;
      } else {
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      }
      doc = (await this.payments.byId(String(doc._id))) ?? doc;
    }
    throw unavailable(PAYMENT_MESSAGES.checkoutBusy);
  }

  /** The current session's page while PayMongo has it open; null (and forgotten) once it is paid or expired. */
  private async stillOpen(doc: PaymentDoc): Promise<string | null> {
    const sessionId = doc.paymongo.sessionIds[doc.paymongo.sessionIds.length - 1];
    const session = await this.paymongo.retrieveCheckoutSession(sessionId);
    if (session.attributes.status === 'active' && !paidPaymentOf(session)) return doc.paymongo.checkoutUrl;
    await this.reconciler.reconcile(doc);
    return null;
  }

  /** Claims the making of a session; the winner makes and stores it. Null: claimed by another, or stored too late. */
  private async claimAndMake(doc: PaymentDoc, token: string): Promise<string | null> {
    const { Payment } = this.payments.models;
    const now = this.payments.now();
    const claim = { id: randomUUID(), until: new Date(now.getTime() + CLAIM_MS) };
    const claimed = await Payment.updateOne(
      { _id: doc._id, status: 'awaiting', 'paymongo.checkoutUrl': null, 'paymongo.claim.until': doc.paymongo.claim?.until ?? null },
      { $set: { 'paymongo.claim': claim } },
    );
    if (claimed.modifiedCount !== 1) return null;
    const release = () => Payment.updateOne({ _id: doc._id, 'paymongo.claim.id': claim.id }, { $set: { 'paymongo.claim': null } });
    const { paymongoMethods } = await this.settings.read();
    if (paymongoMethods.length === 0) {
      await release();
      throw conflict(PAYMENT_MESSAGES.paymongoOff);
    }
    const attributes = checkoutSessionAttributes({ ...doc, id: String(doc._id) }, paymongoMethods, this.options.publicUrl, token);
    // The same key for the same payment, session count and attributes: a replica that takes over a
    // claim whose holder stopped after PayMongo made the session gets that session, not a second.
    const key = `checkout-${String(doc._id)}-${doc.paymongo.sessionIds.length}-${createHash('sha256').update(JSON.stringify(attributes)).digest('hex').slice(0, 16)}`;
    const session = await this.paymongo.createCheckoutSession(attributes, key).catch(async (err: unknown) => {
      await release();
      throw err;
    });
    const stored = await Payment.updateOne(
      { _id: doc._id, status: 'awaiting', 'paymongo.claim.id': claim.id },
      {
        $set: {
          'paymongo.checkoutUrl': session.attributes.checkout_url,
          'paymongo.claim': null,
          reconcileAt: new Date(now.getTime() + CHECKOUT_CHECK_MS),
          reconcileEveryMs: CHECKOUT_CHECK_MS,
          updatedAt: this.payments.now(),
        },
        $push: {
          'paymongo.sessionIds': session.id,
          ...(session.attributes.payment_intent && { 'paymongo.paymentIntentIds': session.attributes.payment_intent.id }),
        },
      },
    );
    if (stored.modifiedCount === 1) return session.attributes.checkout_url;
    // Another replica that took the claim over stored this very session (same key): it is the one.
    const current = await this.payments.byId(String(doc._id));
    if (current?.status === 'awaiting' && current.paymongo.sessionIds.includes(session.id)) return current.paymongo.checkoutUrl;
    // Released or claimed anew meanwhile: this session must never be paid.
    await this.paymongo
      .expireCheckoutSession(session.id)
      .catch((err: unknown) => this.logger.warn({ err: (err as Error).message, sessionId: session.id }, 'could not expire an orphan checkout session'));
    return null;
  }
}
