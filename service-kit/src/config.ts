import { z, type ZodRawShape } from 'zod';
import { productionSecretProblems, secret, secretUrl } from './production-secrets';

/** The HTTP server's limits on slow clients, in every process (service-kit/src/lifecycle.ts). */
export const httpEnvShape = {
  /**
   * How long a client may take to send a whole request, headers and body; past it the answer
   * is 408 and the connection is closed, so slow senders cannot hold connections open. An
   * image upload (at most 5 MB) needs about 1.4 Mbit/s within the default.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30000),
  /** How long a client may take to send a request's headers (408 past it); at most HTTP_REQUEST_TIMEOUT_MS. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20000),
  /** An idle keep-alive connection is closed after this: longer than the 60 s of common load balancers, so they close first. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(65000),
};

/** Variables every service reads. */
export const baseEnvShape = {
  /** HTTP port of the process. */
  PORT: z.coerce.number().int().min(0).max(65535),
  /** Address to listen on: loopback unless told otherwise (0.0.0.0 inside a container network). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Port of the separate /metrics listener; none means no metrics listener. Never publish it. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address of the /metrics listener. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** demo: seeded content (the public holidays of this year and the next closed), demo admin, login hint. production: none of these. */
  APP_MODE: z.enum(['demo', 'production']).default('production'),
  /** pino level; debug adds one line per request. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HS256 key of staff tokens, shared by every process; at least 32 random characters in production. */
  JWT_SECRET: secret(z.string().min(16, { error: 'JWT_SECRET must be at least 16 characters' })),
  /**
   * Test runs only (scripts/test-at-times.mjs): seconds the process's rules read the time ahead
   * of its wall clock, for a process that must keep the real clock because servers that cannot
   * be shifted check its signatures (payments signs object-storage requests). Leave at 0.
   */
  CLOCK_OFFSET_SECONDS: z.coerce.number().int().default(0),
  ...httpEnvShape,
};

export const mongoEnvShape = {
  /** Includes the service's own database: mongodb://host:27017/bb_catalog */
  MONGO_URL: secretUrl(z.string().regex(/^mongodb(\+srv)?:\/\/[^/]+\/[^/?]+/, { error: 'MONGO_URL must be mongodb://host:port/<database>' })),
};

export const busEnvShape = {
  /** RabbitMQ: amqp://user:password@host:5672, or a cluster's nodes separated by commas (tried in turn when one is away). */
  AMQP_URL: secretUrl(
    z
      .string()
      .regex(/^amqps?:\/\/[^,]+(,amqps?:\/\/[^,]+)*$/, { error: 'AMQP_URL must be amqp://user:pass@host:port, or several of them separated by commas' }),
  ),
  /** The durable topic exchange every event goes through. */
  BUS_EXCHANGE: z.string().min(1).default('bb.events'),
  /** Put before the name of every queue the process declares; leave empty except to share one broker between separate deployments (or test files). */
  BUS_QUEUE_PREFIX: z.string().default(''),
  /**
   * Type of the durable queues (each consumer's, its retry and dead-letter queues): classic
   * on one broker, quorum on a RabbitMQ cluster (replicated, survives a node). A queue keeps
   * the type it was declared with: switching needs its queues drained and deleted first.
   */
  BUS_QUEUE_TYPE: z.enum(['classic', 'quorum']).default('classic'),
  /**
   * How often the outbox relay looks through the process's collections for events no write
   * handed it (a crash between write and publish, the admin tool's writes) and retries a failed
   * publish. Every write hands over its own at once; the pass is one indexed read of the pending
   * documents per collection (outboxPending), so its cost does not grow with what is stored.
   */
  OUTBOX_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
};

export class ConfigError extends Error {}

/**
 * Parses the environment against a schema; a missing or bad variable is named in the error,
 * so the process can stop with a message an operator can act on.
 */
export function parseConfig<S extends ZodRawShape>(shape: S, env: NodeJS.ProcessEnv = process.env): z.infer<z.ZodObject<S>> {
  const result = z.object(shape).safeParse(env);
  if (result.success) {
    if ((result.data as { APP_MODE?: string }).APP_MODE === 'production') {
      const weak = productionSecretProblems(shape, result.data);
      if (weak.length > 0) throw new ConfigError(`Production mode refuses weak secrets: ${weak.join('; ')}`);
    }
    return result.data;
  }
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const missing = env[name] === undefined || env[name] === '';
    return missing ? `${name} is required` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(`Configuration error: ${problems.join('; ')}`);
}

/** For main.ts: parse or print the reason and exit. */
export function loadConfig<S extends ZodRawShape>(shape: S): z.infer<z.ZodObject<S>> {
  try {
    return parseConfig(shape);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}
