import type { z } from 'zod';
import type { RefundReason } from '@bb/contracts';
import {
  paymongoPaymentSchema,
  paymongoRefundSchema,
  paymongoSessionSchema,
  type PaymongoPayment,
  type PaymongoRefund,
  type PaymongoSession,
} from '../domain/paymongo-resources';

export interface PaymongoOptions {
  /** The API base, without /v1. */
  url: string;
  secretKey: string;
  timeoutMs: number;
}

/**
 * PayMongo answered, but not with what was asked: `status` and its first error's code and
 * detail (PayMongo's `{ errors: [{ code, detail }] }`), or what could not be read.
 */
export class PaymongoError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymongoError';
  }
}

/** PayMongo could not be reached in time: nothing is known of what it did. */
export class PaymongoUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymongoUnreachable';
  }
}

/** PayMongo's refund reasons, from ours. */
const refundReasonFor = (reason: RefundReason) => (reason === 'duplicate' ? 'duplicate' : reason === 'by-staff' ? 'others' : 'requested_by_customer');

/**
 * The port to PayMongo's API (v1): checkout sessions, payments and refunds, as its API reference
 * documents them. HTTP Basic with the secret key (and no password), JSON:API bodies
 * (`{ data: { attributes } }`), amounts in centavos. Every call has a deadline; an answer that
 * is not the resource asked for is a PaymongoError with PayMongo's own words.
 */
export class PaymongoClient {
  private readonly authorization: string;

  constructor(private readonly options: PaymongoOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  }

  /**
   * `idempotencyKey` (PayMongo's Idempotency-Key, reference/idempotent-requests): a retry with
   * the same key and attributes within 24 hours answers the session the first request made.
   */
  createCheckoutSession(attributes: Record<string, unknown>, idempotencyKey: string): Promise<PaymongoSession> {
    return this.call('POST', '/v1/checkout_sessions', paymongoSessionSchema, attributes, idempotencyKey);
  }

  retrieveCheckoutSession(id: string): Promise<PaymongoSession> {
    return this.call('GET', `/v1/checkout_sessions/${encodeURIComponent(id)}`, paymongoSessionSchema);
  }

  expireCheckoutSession(id: string): Promise<PaymongoSession> {
    return this.call('POST', `/v1/checkout_sessions/${encodeURIComponent(id)}/expire`, paymongoSessionSchema);
  }

  retrievePayment(id: string): Promise<PaymongoPayment> {
    return this.call('GET', `/v1/payments/${encodeURIComponent(id)}`, paymongoPaymentSchema);
  }

  /**
   * A refund of `amount` centavos of a payment, made once per `idempotencyKey`; its
   * `metadata.paymentId` names ours, so a refund whose answer was lost is found on the payment.
   */
  createRefund(input: { amount: number; paymongoPaymentId: string; reason: RefundReason; paymentId: string }, idempotencyKey: string): Promise<PaymongoRefund> {
    return this.call(
      'POST',
      '/v1/refunds',
      paymongoRefundSchema,
      {
        amount: input.amount,
        payment_id: input.paymongoPaymentId,
        reason: refundReasonFor(input.reason),
        notes: `Refund of booking payment ${input.paymentId} (${input.reason})`,
        metadata: { paymentId: input.paymentId, reason: input.reason },
      },
      idempotencyKey,
    );
  }

  retrieveRefund(id: string): Promise<PaymongoRefund> {
    return this.call('GET', `/v1/refunds/${encodeURIComponent(id)}`, paymongoRefundSchema);
  }

  private async call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    resource: T,
    attributes?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<z.infer<T>> {
    let res: Response;
    try {
      res = await fetch(`${this.options.url.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(attributes ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: attributes ? JSON.stringify({ data: { attributes } }) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new PaymongoUnreachable(`PayMongo ${method} ${path}: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const first = (body as { errors?: { code?: unknown; detail?: unknown }[] } | undefined)?.errors?.[0];
      const code = typeof first?.code === 'string' ? first.code : 'http_error';
      const detail = typeof first?.detail === 'string' ? first.detail : text.slice(0, 200);
      // PayMongo's own trouble is as good as unreachable: try again later.
      if (res.status >= 500) throw new PaymongoUnreachable(`PayMongo ${method} ${path} answered ${res.status}: ${detail}`);
      throw new PaymongoError(res.status, code, `PayMongo ${method} ${path} answered ${res.status} (${code}): ${detail}`);
    }
    // Every answer on one resource is `{ data: <resource> }`.
    const parsed = resource.safeParse((body as { data?: unknown } | undefined)?.data);
    if (!parsed.success)
      throw new PaymongoError(
        res.status,
        'unreadable',
        `PayMongo ${method} ${path} answered what is not a ${path.split('/')[2]}: ${parsed.error.message.slice(0, 200)}`,
      );
    return parsed.data;
  }
}
