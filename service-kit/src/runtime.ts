import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { ZodRawShape, z } from 'zod';
import type { ServiceName } from '@bb/contracts';
import { RevocationList } from './auth/revocations';
import { EventBus } from './bus/event-bus';
import { baseEnvShape, busEnvShape, loadConfig, mongoEnvShape } from './config';
import { connectMongo, mongoIsUp, syncIndexes } from './db/mongo';
import { OutboxRelay } from './db/outbox';
import { closeServer, exitOnSignals, listen } from './lifecycle';
import { createLogger, type Logger } from './logger';
import { serveMetrics } from './metrics/metrics-server';

const kitShape = { ...baseEnvShape, ...mongoEnvShape, ...busEnvShape };
export type KitConfig = z.infer<z.ZodObject<typeof kitShape>>;

export interface ServiceContext<C> {
  config: C & KitConfig;
  logger: Logger;
  conn: Connection;
  bus: EventBus;
  /** Publishes outbox entries of the models it watches; kick() it after a write that added one. */
  relay: OutboxRelay;
  revocations: RevocationList;
  /** Database and broker reachable, every consumer consuming: pass it to the app's readiness check. */
  isReady: () => boolean;
}

export interface ServiceSetup {
  /** The service's express app, built by its app.ts (which tests build too). */
  app: Express;
  /** Work before serving (seeding, resync); runs after the database is connected. */
  beforeServe?: () => Promise<void>;
  onStop?: () => Promise<void>;
}

/**
 * Starts a service with everything it shares with the others: validated config, logger,
 * database, event bus, revocation list, outbox relay, http server, and graceful shutdown.
 */
export async function startService<S extends ZodRawShape>(
  name: ServiceName,
  envShape: S,
  setup: (ctx: ServiceContext<z.infer<z.ZodObject<S>>>) => Promise<ServiceSetup> | ServiceSetup,
): Promise<void> {
  const config = loadConfig({ ...kitShape, ...envShape }) as z.infer<z.ZodObject<S>> & KitConfig;
  const logger = createLogger(name, config.LOG_LEVEL);
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  try {
    await run(name, config, logger, setup);
  } catch (err) {
    // A process that cannot finish starting must not linger without a port: exit, and let the
    // supervisor (compose, the launchers) report or restart it.
    logger.fatal({ err }, `${name} could not start`);
    process.exit(1);
  }
}

async function run<S extends ZodRawShape>(
  name: ServiceName,
  config: z.infer<z.ZodObject<S>> & KitConfig,
  logger: Logger,
  setup: (ctx: ServiceContext<z.infer<z.ZodObject<S>>>) => Promise<ServiceSetup> | ServiceSetup,
): Promise<void> {

  const conn = await connectMongo(config.MONGO_URL, logger);
  const bus = new EventBus({ url: config.AMQP_URL, exchange: config.BUS_EXCHANGE, source: name, logger });
  const relay = new OutboxRelay({ bus, logger });
  const revocations = new RevocationList(conn, logger);
  const isReady = () => mongoIsUp(conn) && bus.isConsuming;
  const ctx: ServiceContext<z.infer<z.ZodObject<S>>> = { config, logger, conn, bus, relay, revocations, isReady };
  const spec = await setup(ctx);
  await revocations.start(bus, name);
  await syncIndexes(conn);
  await bus.start();
  relay.start();
  await spec.beforeServe?.();

  const server = await listen(spec.app, config.PORT, config.HOST);
  const metricsServer = await serveMetrics(config.METRICS_PORT, config.METRICS_HOST, logger);
  logger.info({ host: config.HOST, port: config.PORT, mode: config.APP_MODE }, `${name} listening`);

  exitOnSignals(logger, async () => {
    await closeServer(server);
    if (metricsServer) await closeServer(metricsServer);
    await relay.stop();
    await bus.close();
    await spec.onStop?.();
    revocations.stop();
    await conn.close();
  });
}
