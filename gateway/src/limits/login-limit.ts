import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '@bb/service-kit';
import { retryAfterSeconds, usernameBackoffSeconds } from './backoff';
import { mongoLimiter } from './mongo-limiter';
import { tooMany, type Refusal } from './refusal';

export interface LoginLimitOptions {
  /** Wrong passwords per client address per minute. */
  failuresPerMinute: number;
  /** Attempts per username (from any address) per hour before the back-off starts. */
  freePerUsername: number;
  /** The longest back-off between two attempts on one username. */
  backoffCapSeconds: number;
}

/** What a sign-in attempt gets: refused now, or admitted and settled once its answer is known. */
export type LoginAdmission = { refusal: Refusal } | { refusal?: undefined; settle: (status: number) => void };

const USERNAME_WINDOW_SECONDS = 60 * 60;

/** Usernames can be long and anything: their counters are keyed by a fixed-size digest. */
const usernameKey = (username: string) => createHash('sha256').update(username.trim().toLowerCase()).digest('base64url');

/**
 * Sign-in limits, counted when an attempt is admitted (so attempts in flight count) and given
 * back when the answer turns out not to be a wrong password:
 * - per client address: `failuresPerMinute` wrong passwords a minute;
 * - per username, across addresses: `freePerUsername` attempts an hour, then each further
 *   attempt waits a doubling back-off (1 s, 2 s, 4 s … up to the cap) after the one before.
 * A successful sign-in clears the username's count.
 */
export function loginLimit(conn: Connection, options: LoginLimitOptions, logger: Logger) {
  const byAddress = mongoLimiter(conn, { collection: 'limit_login_address', points: options.failuresPerMinute, durationSeconds: 60 }, logger);
  const byUsername = mongoLimiter(
    conn,
    { collection: 'limit_login_username', points: options.freePerUsername, durationSeconds: USERNAME_WINDOW_SECONDS },
    logger,
  );
  // One admitted attempt per back-off period; each period's length is set when it starts.
  const backoff = mongoLimiter(conn, { collection: 'limit_login_backoff', points: 1, durationSeconds: 1 }, logger);

  async function admit(address: string, username: string | null): Promise<LoginAdmission> {
    const addressTry = await consume(byAddress.limiter, address);
    if (addressTry.refused) {
      return {
        refusal: tooMany(
          retryAfterSeconds(addressTry.res.msBeforeNext),
          `Too many failed sign-in attempts. Try again in ${retryAfterSeconds(addressTry.res.msBeforeNext)} seconds.`,
        ),
      };
    }
    const userKey = username ? usernameKey(username) : null;
    if (userKey) {
      const userTry = await consume(byUsername.limiter, userKey);
      const wait = usernameBackoffSeconds(userTry.res.consumedPoints, options.freePerUsername, options.backoffCapSeconds);
      if (wait > 0) {
        const slot = await consume(backoff.limiter, userKey, wait);
        if (slot.refused) {
          await Promise.all([byAddress.limiter.reward(address), byUsername.limiter.reward(userKey)]);
          const seconds = retryAfterSeconds(slot.res.msBeforeNext);
          return { refusal: tooMany(seconds, `Too many sign-in attempts for this account. Try again in ${seconds} seconds.`) };
        }
      }
    }
    return {
      settle: (status: number) => {
        if (status === 401) return;
        const giveBack: Promise<unknown>[] = [byAddress.limiter.reward(address)];
        if (userKey) giveBack.push(status === 200 ? byUsername.limiter.delete(userKey) : byUsername.limiter.reward(userKey));
        Promise.all(giveBack).catch((err: unknown) => logger.warn({ err }, 'could not settle a sign-in attempt'));
      },
    };
  }

  return { admit, stop: () => [byAddress, byUsername, backoff].forEach((l) => l.stop()) };
}

/** A consume that reports a refusal instead of throwing it (other errors still throw). */
async function consume(limiter: RateLimiterAbstract, key: string, customDuration?: number): Promise<{ refused: boolean; res: RateLimiterRes }> {
  try {
    return { refused: false, res: await limiter.consume(key, 1, customDuration === undefined ? undefined : { customDuration }) };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { refused: true, res: err };
    throw err;
  }
}
