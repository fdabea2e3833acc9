import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * PayMongo's webhook signature, as "Securing a webhook" documents it
 * (https://developers.paymongo.com/docs/securing-webhook): the `Paymongo-Signature` header is
 * `t=<unix seconds>,te=<test mode signature>,li=<live mode signature>`, each signature the hex
 * HMAC-SHA256 of `<t>.<raw body>` keyed by the webhook's secret. An event in live mode is
 * checked against `li`, one in test mode against `te`.
 */

export interface SignatureParts {
  timestamp: number;
  te: string;
  li: string;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** The header's parts; null when it is not `t=…,te=…,li=…` (either signature may be empty). */
export function parseSignatureHeader(header: string): SignatureParts | null {
  const parts = new Map<string, string>();
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=');
    if (at < 1) return null;
    const key = piece.slice(0, at).trim();
    if (parts.has(key)) return null;
    parts.set(key, piece.slice(at + 1).trim());
  }
  const t = parts.get('t');
  if (!t || !/^\d{1,12}$/.test(t) || !parts.has('te') || !parts.has('li')) return null;
  return { timestamp: Number(t), te: parts.get('te')!, li: parts.get('li')! };
}

/** The signature PayMongo makes for a body sent at `timestamp` (hex). */
export const paymongoSignature = (secret: string, timestamp: number, rawBody: Buffer | string): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

export interface VerifyInput {
  header: string | undefined;
  rawBody: Buffer;
  secret: string;
  /** The event's own `livemode`: which of the two signatures counts. */
  livemode: boolean;
  /** Unix seconds now. */
  now: number;
  /** How far `t` may be from now, either way, before the delivery counts as a replay. */
  toleranceSeconds: number;
}

/**
 * Whether a delivery is PayMongo's: the signature of its mode matches (compared in constant
 * time) and was made within the tolerance of now, so a recorded delivery cannot be replayed later.
 */
export function verifyPaymongoSignature({ header, rawBody, secret, livemode, now, toleranceSeconds }: VerifyInput): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = parseSignatureHeader(header);
  if (!parts) return { ok: false, reason: 'malformed' };
  const given = livemode ? parts.li : parts.te;
  if (!HEX_SHA256.test(given)) return { ok: false, reason: 'malformed' };
  if (Math.abs(now - parts.timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(paymongoSignature(secret, parts.timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? { ok: true } : { ok: false, reason: 'mismatch' };
}
