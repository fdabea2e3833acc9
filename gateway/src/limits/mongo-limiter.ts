import type { Connection } from 'mongoose';
import { RateLimiterMemory, RateLimiterMongo } from 'rate-limiter-flexible';
import type { Logger } from '@bb/service-kit';

/** A TTL index when the database has them (MongoDB); otherwise expired counters are swept. */
const SWEEP_INTERVAL_MS = 60_000;
const NOT_IMPLEMENTED = 238;

export interface LimiterSpec {
  /** Collection of the counters, in the gateway's own database. */
  collection: string;
  points: number;
  durationSeconds: number;
}

/**
 * A rate limiter whose counters live in MongoDB, so every gateway replica counts against the
 * same figure (each consume is one atomic findAndModify), and the gateway's memory does not
 * grow with the number of keys. While the database is away, an in-memory limiter of the same
 * shape stands in (rate-limiter-flexible's insurance limiter).
 */
export function mongoLimiter(conn: Connection, spec: LimiterSpec, logger: Logger): { limiter: RateLimiterMongo; stop: () => void } {
  const limiter = new RateLimiterMongo({
    storeClient: conn.getClient(),
    dbName: conn.name,
    tableName: spec.collection,
    keyPrefix: '',
    points: spec.points,
    duration: spec.durationSeconds,
    disableIndexesCreation: true,
    insuranceLimiter: new RateLimiterMemory({ points: spec.points, duration: spec.durationSeconds }),
  });
  let timer: NodeJS.Timeout | null = null;
  void prepareCollection(conn, spec.collection, logger).then((needsSweeping) => {
    if (!needsSweeping) return;
    timer = setInterval(() => {
      conn
        .collection(spec.collection)
        .deleteMany({ expire: { $lt: new Date() } })
        .catch((err: unknown) => logger.warn({ err, collection: spec.collection }, 'could not sweep expired rate-limit counters'));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  return { limiter, stop: () => timer && clearInterval(timer) };
}

/** Unique key (one counter per key, even when two replicas create it at once) and expiry; true when expiry needs a sweeper. */
async function prepareCollection(conn: Connection, name: string, logger: Logger): Promise<boolean> {
  const collection = conn.collection(name);
  try {
    await collection.createIndex({ key: 1 }, { unique: true });
  } catch (err) {
    logger.error({ err, collection: name }, 'could not create the rate-limit key index');
  }
  try {
    await collection.createIndex({ expire: 1 }, { expireAfterSeconds: 0 });
    return false;
  } catch (err) {
    if ((err as { code?: number }).code !== NOT_IMPLEMENTED) logger.warn({ err, collection: name }, 'no TTL index for rate-limit counters; sweeping instead');
    return true;
  }
}
