// The double's records and the PayMongo resources made from them. A record holds each fact
// once (a session lists its payments' ids, a payment its refunds' ids); the resource a client
// reads is rendered from the records at that moment, in the field names of PayMongo's API
// reference (documented-examples.json lists them, tests/ops/paymongo-double.test.ts compares).
import { nowSeconds } from './http.mjs';
import { randomId } from './state.mjs';

/** PayMongo's ids: a prefix and 24 letters and digits (cs_, pay_, pi_, ref_, evt_, hook_). */
export const newId = (prefix) => `${prefix}_${randomId(24)}`;

/**
 * Illustrative fees in centavos, by method (a share plus a fixed part): the double only needs
 * fee + net_amount = amount, not PayMongo's price list.
 */
const FEES = { card: [0.035, 1500], gcash: [0.025, 0], paymaya: [0.02, 0], qrph: [0.015, 0] };
export function feeOf(method, amount) {
  const [share, fixed] = FEES[method] ?? [0.025, 0];
  return Math.min(amount, Math.round(amount * share) + fixed);
}

export const totalOf = (lineItems) => lineItems.reduce((sum, item) => sum + item.amount * item.quantity, 0);

/** A new checkout session record from validated attributes. */
export function newSessionRecord(input, { baseUrl, merchant }) {
  const id = newId('cs');
  const piId = newId('pi');
  const now = nowSeconds();
  return {
    id,
    ...input,
    checkout_url: `${baseUrl}/checkout/${id}`,
    client_key: `${id}_client_${randomId(24)}`,
    merchant,
    status: 'active',
    payment_ids: [],
    payment_intent: {
      id: piId,
      client_key: `${piId}_client_${randomId(24)}`,
      status: 'awaiting_payment_method',
      last_payment_error: null,
      created_at: now,
      updated_at: now,
    },
    created_at: now,
    updated_at: now,
  };
}

export function sessionResource(state, record) {
  const payments = record.payment_ids.map((id) => paymentResource(state, state.payments[id]));
  const pi = record.payment_intent;
  const amount = totalOf(record.line_items);
  return {
    id: record.id,
    type: 'checkout_session',
    attributes: {
      billing: record.billing,
      cancel_url: record.cancel_url,
      checkout_url: record.checkout_url,
      client_key: record.client_key,
      description: record.description,
      line_items: record.line_items.map((item) => ({ ...item, description: item.description ?? null, images: item.images ?? [] })),
      livemode: false,
      merchant: record.merchant,
      payments,
      payment_intent: {
        id: pi.id,
        type: 'payment_intent',
        attributes: {
          amount,
          capture_type: 'automatic',
          client_key: pi.client_key,
          currency: 'PHP',
          description: record.description,
          livemode: false,
          statement_descriptor: record.merchant,
          status: pi.status,
          last_payment_error: pi.last_payment_error,
          payment_method_allowed: record.payment_method_types,
          payments,
          next_action: null,
          payment_method_options: null,
          metadata: record.metadata,
          setup_future_usage: null,
          created_at: pi.created_at,
          updated_at: pi.updated_at,
        },
      },
      payment_method_types: record.payment_method_types,
      reference_number: record.reference_number,
      send_email_receipt: record.send_email_receipt,
      show_description: record.show_description,
      show_line_items: record.show_line_items,
      status: record.status,
      success_url: record.success_url,
      created_at: record.created_at,
      updated_at: record.updated_at,
      metadata: record.metadata,
    },
  };
}

/** A payment of a session, paid or failed with `method`. */
export function newPaymentRecord(session, method, status) {
  const now = nowSeconds();
  const amount = totalOf(session.line_items);
  const paid = status === 'paid';
  const fee = paid ? feeOf(method, amount) : 0;
  const source = method === 'card' ? { id: newId('card'), type: 'card', brand: 'visa', country: 'PH', last4: '4242' } : { id: newId('src'), type: method };
  return {
    id: newId('pay'),
    attributes: {
      access_url: null,
      amount,
      balance_transaction_id: paid ? newId('bal_txn') : null,
      billing: session.billing,
      currency: 'PHP',
      description: session.description,
      disputed: false,
      external_reference_number: session.reference_number,
      fee,
      foreign_fee: 0,
      livemode: false,
      net_amount: amount - fee,
      origin: 'api',
      payment_intent_id: session.payment_intent.id,
      payout: null,
      source,
      statement_descriptor: session.merchant,
      status,
      tax_amount: null,
      metadata: session.metadata,
      taxes: [],
      ...(paid ? {} : { failed_code: 'generic_decline', failed_message: 'The payment failed: the test double was told so.' }),
      available_at: paid ? now + 2 * 86400 : null,
      created_at: now,
      credited_at: paid ? now + 3 * 86400 : null,
      paid_at: paid ? now : null,
      updated_at: now,
    },
    refund_ids: [],
  };
}

export function paymentResource(state, record) {
  return {
    id: record.id,
    type: 'payment',
    attributes: { ...record.attributes, refunds: record.refund_ids.map((id) => refundResource(state.refunds[id])) },
  };
}

/** What is left to refund of a payment: its amount less every refund not failed. */
export function refundable(state, payment) {
  const refunded = payment.refund_ids.map((id) => state.refunds[id]).filter((r) => r.attributes.status !== 'failed');
  return payment.attributes.amount - refunded.reduce((sum, r) => sum + r.attributes.amount, 0);
}

export function newRefundRecord(input, settleAt) {
  const now = nowSeconds();
  return {
    id: newId('ref'),
    attributes: {
      amount: input.amount,
      balance_transaction_id: newId('bal_txn'),
      currency: 'PHP',
      livemode: false,
      metadata: input.metadata,
      notes: input.notes,
      payment_id: input.payment_id,
      payout_id: null,
      reason: input.reason,
      status: 'pending',
      available_at: null,
      created_at: now,
      refunded_at: null,
      updated_at: now,
    },
    settle_at: settleAt,
  };
}

export const refundResource = (record) => ({ id: record.id, type: 'refund', attributes: { ...record.attributes } });

export function newWebhookRecord(input) {
  const now = nowSeconds();
  return {
    id: newId('hook'),
    attributes: {
      events: input.events,
      livemode: false,
      secret_key: `whsk_${randomId(24)}`,
      status: 'enabled',
      url: input.url,
      created_at: now,
      updated_at: now,
    },
  };
}

export const webhookResource = (record) => ({ id: record.id, type: 'webhook', attributes: { ...record.attributes } });

/** An event as PayMongo posts it to a webhook: `{ data: { id, type: 'event', attributes } }`. */
export function newEvent(type, resource, pendingWebhooks) {
  const now = nowSeconds();
  return {
    data: {
      id: newId('evt'),
      type: 'event',
      attributes: { type, livemode: false, data: resource, previous_data: {}, pending_webhooks: pendingWebhooks, created_at: now, updated_at: now },
    },
  };
}
