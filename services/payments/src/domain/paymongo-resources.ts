import { z } from 'zod';
import { PAYMENT_METHOD_TYPES, type PaymentMethodType } from '@bb/contracts';

/**
 * The parts of PayMongo's resources (API reference: checkout-session-resource, payment-source,
 * refund-resource, and the event a webhook receives) that payments reads, in PayMongo's field
 * names. Everything else PayMongo sends is left alone, so a field it adds breaks nothing.
 */

const metadataSchema = z.record(z.string(), z.unknown()).nullish();

export const paymongoRefundSchema = z.object({
  id: z.string(),
  type: z.literal('refund'),
  attributes: z.object({
    amount: z.number().int(),
    payment_id: z.string(),
    status: z.string(),
    metadata: metadataSchema,
  }),
});
export type PaymongoRefund = z.infer<typeof paymongoRefundSchema>;

export const paymongoPaymentSchema = z.object({
  id: z.string(),
  type: z.literal('payment'),
  attributes: z.object({
    amount: z.number().int(),
    status: z.string(),
    source: z.object({ type: z.string() }).nullish(),
    payment_intent_id: z.string().nullish(),
    paid_at: z.number().nullish(),
    metadata: metadataSchema,
    refunds: z.array(paymongoRefundSchema).default([]),
    failed_message: z.string().nullish(),
  }),
});
export type PaymongoPayment = z.infer<typeof paymongoPaymentSchema>;

export const paymongoSessionSchema = z.object({
  id: z.string(),
  type: z.literal('checkout_session'),
  attributes: z.object({
    checkout_url: z.string(),
    status: z.string(),
    payments: z.array(paymongoPaymentSchema).default([]),
    payment_intent: z.object({ id: z.string() }).nullish(),
    metadata: metadataSchema,
  }),
});
export type PaymongoSession = z.infer<typeof paymongoSessionSchema>;

export const paymongoEventSchema = z.object({
  data: z.object({
    id: z.string().min(1).max(100),
    type: z.literal('event'),
    attributes: z.object({
      type: z.string(),
      livemode: z.boolean(),
      data: z.object({ id: z.string(), type: z.string(), attributes: z.record(z.string(), z.unknown()) }),
    }),
  }),
});

/** The events our webhook subscribes to. */
export const PAYMONGO_EVENTS = ['checkout_session.payment.paid', 'payment.paid', 'payment.failed', 'payment.refunded', 'payment.refund.updated'] as const;

/** What an event is about, by the ids payments may know a payment by. */
export interface EventReferences {
  eventId: string;
  type: string;
  /** Our payment's id, from the metadata we gave the checkout session (which PayMongo copies to its payments). */
  paymentId?: string;
  checkoutSessionId?: string;
  paymentIntentId?: string;
  paymongoPaymentId?: string;
  refundId?: string;
  /** A failed attempt: what to tell, and with what it was tried. */
  failure?: { paymongoPaymentId: string; message: string; methodType: PaymentMethodType | null };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined);
const ourPaymentId = (metadata: unknown): string | undefined => {
  const id = text((metadata as Record<string, unknown> | null | undefined)?.paymentId);
  return id && /^[0-9a-f]{24}$/.test(id) ? id : undefined;
};

/** The method type of a PayMongo payment (its source's type), when it is one we know. */
export const methodTypeOf = (payment: Pick<PaymongoPayment, 'attributes'>): PaymentMethodType | null => {
  const type = payment.attributes.source?.type;
  return PAYMENT_METHOD_TYPES.find((t) => t === type) ?? null;
};

/**
 * The ids an event carries, read from its resource: a checkout session (its own id, its payment
 * intent), a payment (its id and payment intent; a failed one's message), or a refund (its id and
 * payment). Null for an event that is none of these: nothing of ours.
 */
export function eventReferences(event: z.infer<typeof paymongoEventSchema>): EventReferences | null {
  const { id: eventId, attributes } = event.data;
  const resource = attributes.data;
  const a = resource.attributes;
  const base = { eventId, type: attributes.type, paymentId: ourPaymentId(a.metadata) };
  if (resource.type === 'checkout_session') {
    const intent = a.payment_intent as { id?: unknown } | null | undefined;
    return { ...base, checkoutSessionId: resource.id, paymentIntentId: text(intent?.id) };
  }
  if (resource.type === 'payment') {
    const refs = { ...base, paymongoPaymentId: resource.id, paymentIntentId: text(a.payment_intent_id) };
    if (attributes.type !== 'payment.failed') return refs;
    const payment = paymongoPaymentSchema.safeParse(resource);
    const message = typeof a.failed_message === 'string' && a.failed_message.length > 0 ? a.failed_message.slice(0, 500) : 'The payment failed.';
    return { ...refs, failure: { paymongoPaymentId: resource.id, message, methodType: payment.success ? methodTypeOf(payment.data) : null } };
  }
  if (resource.type === 'refund') return { ...base, refundId: resource.id, paymongoPaymentId: text(a.payment_id) };
  return null;
}

/** The payment that paid a session, if one did. */
export const paidPaymentOf = (session: PaymongoSession): PaymongoPayment | undefined => session.attributes.payments.find((p) => p.attributes.status === 'paid');
