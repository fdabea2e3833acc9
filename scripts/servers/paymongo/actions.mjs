// What changes the double's state, whoever asks: the API, the visitor's buttons on the checkout
// page and the control API call the same functions. Each change is made in memory at once (one
// process, so no two requests interleave inside it) and then committed before anyone is answered.
import { HttpError, apiError, notFound, nowSeconds } from './http.mjs';
import { lookup } from './state.mjs';
import { newPaymentRecord, newRefundRecord, paymentResource, refundResource, refundable, sessionResource } from './resources.mjs';

/**
 * @param {{ state: ReturnType<typeof import('./state.mjs').openState>, deliveries: ReturnType<typeof import('./deliveries.mjs').createDeliveries>, refundDelayMs: number, log: (line: string) => void }} options
 */
export function createActions({ state, deliveries, refundDelayMs, log }) {
  const data = state.data;
  const refundTimers = new Map();

  function sessionOf(id) {
    const session = lookup(data.sessions, id);
    if (!session) throw notFound(`Checkout session ${id}`);
    return session;
  }

  /** Why a visitor may not pay this session now, or null. */
  function refusal(session, method) {
    if (session.status === 'expired') return 'expired';
    if (session.payment_ids.length > 0) return 'already_paid';
    if (!session.payment_method_types.includes(method)) return 'method_not_allowed';
    return null;
  }

  async function commitAndKick() {
    await state.commit();
    deliveries.kick();
  }

  /** Settles a refund when its delay is over: succeeded, then its two events. */
  function scheduleRefund(refund) {
    const timer = setTimeout(
      () => {
        refundTimers.delete(refund.id);
        if (refund.attributes.status !== 'pending') return;
        const now = nowSeconds();
        Object.assign(refund.attributes, { status: 'succeeded', refunded_at: now, available_at: now, updated_at: now });
        const payment = data.payments[refund.attributes.payment_id];
        deliveries.emit('payment.refunded', paymentResource(data, payment));
        deliveries.emit('payment.refund.updated', refundResource(refund));
        commitAndKick().catch((err) => log(`could not save the refund ${refund.id}: ${err.message}`));
      },
      Math.max(0, refund.settle_at - Date.now()),
    );
    timer.unref();
    refundTimers.set(refund.id, timer);
  }

  return {
    sessionOf,
    refusal,

    /** The visitor pays with `method`: a paid payment on the session, and its two events. */
    async pay(sessionId, method) {
      const session = sessionOf(sessionId);
      const refused = refusal(session, method);
      if (refused) return { refused };
      const payment = newPaymentRecord(session, method, 'paid');
      data.payments[payment.id] = payment;
      const now = nowSeconds();
      session.payment_ids.push(payment.id);
      Object.assign(session.payment_intent, { status: 'succeeded', last_payment_error: null, updated_at: now });
      session.updated_at = now;
      deliveries.emit('checkout_session.payment.paid', sessionResource(data, session));
      deliveries.emit('payment.paid', paymentResource(data, payment));
      await commitAndKick();
      return { session, payment };
    },

    /** The visitor's payment fails: a failed payment (not the session's), its event; they may try again. */
    async fail(sessionId, method) {
      const session = sessionOf(sessionId);
      const refused = refusal(session, method);
      if (refused) return { refused };
      const payment = newPaymentRecord(session, method, 'failed');
      data.payments[payment.id] = payment;
      const now = nowSeconds();
      Object.assign(session.payment_intent, {
        last_payment_error: { payment_id: payment.id, failed_code: payment.attributes.failed_code, failed_message: payment.attributes.failed_message },
        updated_at: now,
      });
      session.updated_at = now;
      deliveries.emit('payment.failed', paymentResource(data, payment));
      await commitAndKick();
      return { session, payment };
    },

    /** Something the control API was told a visitor did, kept beside the session (not in its resource). */
    async note(sessionId, outcome, method) {
      sessionOf(sessionId);
      (data.outcomes[sessionId] ??= []).push({ outcome, method: method ?? null, at: new Date().toISOString() });
      await state.commit();
    },

    async expire(sessionId) {
      const session = sessionOf(sessionId);
      if (session.payment_ids.length > 0)
        throw new HttpError(400, [apiError('parameter_invalid', 'A checkout session that has been paid cannot be expired.', 'id')]);
      if (session.status !== 'expired') {
        session.status = 'expired';
        session.updated_at = nowSeconds();
        await state.commit();
      }
      return session;
    },

    /** A refund of a paid payment, pending until refundDelayMs has passed. */
    async refund(input) {
      const payment = lookup(data.payments, input.payment_id);
      if (!payment) throw new HttpError(404, [apiError('resource_not_found', `Payment ${input.payment_id} was not found.`, 'attributes.payment_id')]);
      if (payment.attributes.status !== 'paid')
        throw new HttpError(400, [apiError('parameter_invalid', `Payment ${payment.id} is not paid.`, 'attributes.payment_id')]);
      const left = refundable(data, payment);
      if (input.amount > left) {
        throw new HttpError(400, [
          apiError('parameter_above_maximum', `The amount cannot be greater than what is left to refund of the payment (${left}).`, 'attributes.amount'),
        ]);
      }
      const refund = newRefundRecord(input, Date.now() + refundDelayMs);
      data.refunds[refund.id] = refund;
      payment.refund_ids.push(refund.id);
      await state.commit();
      scheduleRefund(refund);
      return refund;
    },

    /** After a restart: refunds still pending settle when their time comes (or at once). */
    resumeRefunds() {
      for (const refund of Object.values(data.refunds)) if (refund.attributes.status === 'pending') scheduleRefund(refund);
    },

    stop() {
      for (const timer of refundTimers.values()) clearTimeout(timer);
    },
  };
}
