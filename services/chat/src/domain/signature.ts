import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const WHSEC_PREFIX = 'whsec_';

/** Standard Webhooks secret format: whsec_ followed by the base64 of the HMAC key. */
export const generateWebhookSecret = (): string => `${WHSEC_PREFIX}${randomBytes(32).toString('base64')}`;

/** What the bot sends back; only ever compared, never used as a key. */
export const generateReplySecret = (): string => `rsec_${randomBytes(32).toString('base64url')}`;

/** The HMAC key: the decoded part of a whsec_ secret, or the secret's bytes for any other form. */
export function signingKey(secret: string): Buffer {
  return secret.startsWith(WHSEC_PREFIX) ? Buffer.from(secret.slice(WHSEC_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
}

/**
 * The webhook-signature header of Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of
 * "<webhook-id>.<webhook-timestamp>.<body>". The timestamp is signed so a captured request
 * cannot be replayed later; the id so a receiver can drop a retry it already handled.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * Whether a presented secret equals the expected one, in time that does not depend on where
 * they differ. Both sides are hashed first: timingSafeEqual needs equal lengths, and comparing
 * lengths directly would tell an attacker how long the secret is.
 */
export function secretMatches(presented: string | undefined, expected: string): boolean {
  if (!presented || !expected) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
