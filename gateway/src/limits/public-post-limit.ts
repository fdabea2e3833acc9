import type { Connection } from 'mongoose';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '@bb/service-kit';
import { retryAfterSeconds } from './backoff';
import { mongoLimiter } from './mongo-limiter';
import { tooMany, type Refusal } from './refusal';

/** Public writes (bookings, sign-ups, chat) per client address per minute, across every gateway replica. */
export function publicPostLimit(conn: Connection, perMinute: number, logger: Logger) {
  const { limiter, stop } = mongoLimiter(conn, { collection: 'limit_public_posts', points: perMinute, durationSeconds: 60 }, logger);
  async function admit(address: string): Promise<Refusal | null> {
    try {
      await limiter.consume(address);
      return null;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = retryAfterSeconds(err.msBeforeNext);
      return tooMany(seconds, `Too many requests. Please try again in ${seconds} seconds.`);
    }
  }
  return { admit, stop };
}
