import { createHmac, timingSafeEqual } from 'node:crypto';

const sign = (subscriberId: string, secret: string) => createHmac('sha256', secret).update(`unsubscribe:${subscriberId}`).digest();

/**
 * The token of an unsubscribe link: the subscriber's id and an HMAC of it, so a link works
 * without signing in and nobody can make one for another person's id.
 */
export function unsubscribeToken(subscriberId: string, secret: string): string {
  return `${subscriberId}.${sign(subscriberId, secret).toString('base64url')}`;
}

/** The subscriber id a token was made for, or null when it is not one of ours. */
export function subscriberIdFromToken(token: string, secret: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const presented = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = sign(id, secret);
  // Digest lengths are fixed and public, so checking them first leaks nothing.
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? id : null;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/email-subscribers/unsubscribe?token=${encodeURIComponent(token)}`;
}
