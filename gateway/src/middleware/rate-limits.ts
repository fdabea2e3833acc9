import type { NextFunction, Request, Response } from 'express';
import { RateLimiter } from '../domain/rate-limiter';

const tooMany = (res: Response, retryAfter: number, message: string) => {
  res.setHeader('Retry-After', String(retryAfter));
  res.status(429).json({ message });
};

/**
 * Login: wrong passwords counted per client and username, so guessing one account is slowed
 * down without locking out the owner on another device or other staff.
 */
export function loginLimit(failuresPerMinute: number) {
  const limiter = new RateLimiter(failuresPerMinute, 60_000);
  return (req: Request, res: Response, next: NextFunction) => {
    const username = typeof req.body?.username === 'string' ? req.body.username.trim().toLowerCase() : '';
    const key = `${req.ip}|${username}`;
    const wait = limiter.retryAfterSeconds(key);
    if (wait > 0) return tooMany(res, wait, `Too many failed sign-in attempts. Try again in ${wait} seconds.`);
    res.on('finish', () => {
      if (res.statusCode === 401) limiter.hit(key);
    });
    next();
  };
}

/** Public writes (bookings, newsletter, chat) per client. */
export function publicPostLimit(perMinute: number) {
  const limiter = new RateLimiter(perMinute, 60_000);
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.ip ?? 'unknown';
    const wait = limiter.retryAfterSeconds(key);
    if (wait > 0) return tooMany(res, wait, `Too many requests. Please try again in ${wait} seconds.`);
    limiter.hit(key);
    next();
  };
}
