import type { IncomingMessage, ServerResponse } from 'node:http';
import { RateLimiter } from '../domain/rate-limiter';
import { clientIp } from '../client-ip';

/** A refusal the dispatcher writes as JSON, or null to go on. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

const tooMany = (retryAfter: number, message: string): Refusal => ({ status: 429, message, headers: { 'Retry-After': String(retryAfter) } });

/**
 * Login: wrong passwords counted per client and username, so guessing one account is slowed
 * down without locking out the owner on another device or other staff.
 */
export function loginLimit(failuresPerMinute: number) {
  const limiter = new RateLimiter(failuresPerMinute, 60_000);
  return (req: IncomingMessage, res: ServerResponse, body: unknown): Refusal | null => {
    const username = typeof (body as { username?: unknown })?.username === 'string' ? (body as { username: string }).username.trim().toLowerCase() : '';
    const key = `${clientIp(req)}|${username}`;
    const wait = limiter.retryAfterSeconds(key);
    if (wait > 0) return tooMany(wait, `Too many failed sign-in attempts. Try again in ${wait} seconds.`);
    res.on('finish', () => {
      if (res.statusCode === 401) limiter.hit(key);
    });
    return null;
  };
}

/** Public writes (bookings, newsletter, chat) per client. */
export function publicPostLimit(perMinute: number) {
  const limiter = new RateLimiter(perMinute, 60_000);
  return (req: IncomingMessage): Refusal | null => {
    const key = clientIp(req);
    const wait = limiter.retryAfterSeconds(key);
    if (wait > 0) return tooMany(wait, `Too many requests. Please try again in ${wait} seconds.`);
    limiter.hit(key);
    return null;
  };
}
