import type http from 'node:http';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { ZodRawShape, z } from 'zod';
import type { ServiceName } from '@bb/contracts';
import { RevocationList } from './auth/revocations';
import { useRevocations } from './http/route-gate';
import { EventBus } from './bus/event-bus';
import { baseEnvShape, busEnvShape, loadConfig, mongoEnvShape } from './config';
import { connectMongo, mongoIsUp, syncIndexes } from './db/mongo';
import { OutboxRelay } from './db/outbox-relay';
import { closeServer, exitOnSignals, httpTimeoutsOf, listen } from './lifecycle';
import { createLogger, type Logger } from './logger';
import { serveMetrics } from './metrics/metrics-server';

export const kitEnvShape = { ...baseEnvShape, ...mongoEnvShape, ...busEnvShape };
export type KitConfig = z.infer<z.ZodObject<typeof kitEnvShape>>;

/** The kinds of process: the services and the gateway. */
export type ProcessName = ServiceName | 'gateway';

/** What every process is given: its config and the shared parts, connected to its own database. */
export interface ServiceContext<C = unknown> {
  name: ProcessName;
  config: C & KitConfig;
  logger: Logger;
  conn: Connection;
  bus: EventBus;
  /** Publishes the outbox entries of the models it watches: hand it each document written (publishDocument). */
  relay: OutboxRelay;
  revocations: RevocationList;
  /** Database and broker reachable, every consumer consuming: pass it to the app's readiness check. */
  isReady: () => boolean;
  /** The clock; tests set it. */
  now: () => Date;
}

/** What a service's wire() builds from the context: its app, and what runs around serving. */
export interface ServiceSetup {
  app: Express | http.RequestListener;
  /** Work before serving (seeding, resync, background jobs); runs once everything is connected. */
  beforeServe?: () => Promise<void>;
  onStop?: () => Promise<void>;
}

/** A service's wiring: main.ts and its tests both build the service with it. */
export type Wire<C> = (ctx: ServiceContext<C>) => Promise<ServiceSetup> | ServiceSetup;

/** Connects the shared parts of a process: database, bus, outbox relay, revocation list. */
export async function openContext<C>(name: ProcessName, config: C & KitConfig, logger: Logger, now: () => Date = () => new Date()): Promise<ServiceContext<C>> {
  const conn = await connectMongo(config.MONGO_URL, logger);
  const bus = new EventBus({
    url: config.AMQP_URL,
    exchange: config.BUS_EXCHANGE,
    source: name,
    logger,
    queuePrefix: config.BUS_QUEUE_PREFIX,
    queueType: config.BUS_QUEUE_TYPE,
  });
  const relay = new OutboxRelay({ bus, logger, intervalMs: config.OUTBOX_SWEEP_INTERVAL_MS });
  const revocations = new RevocationList(conn, logger);
  const isReady = () => mongoIsUp(conn) && bus.isConsuming;
  return { name, config, logger, conn, bus, relay, revocations, isReady, now };
}

/** An express app, as every service's is (the gateway's is a plain request listener). */
const isExpressApp = (app: ServiceSetup['app']): app is Express => typeof (app as Partial<Express>).set === 'function';

/**
 * Starts what wire() set up, in order: revocations (handed to a service's app for its route
 * gate), indexes, broker, relay, the service's own start.
 */
export async function startParts(ctx: ServiceContext, setup: ServiceSetup, { connectBus = true } = {}): Promise<void> {
  if (isExpressApp(setup.app)) useRevocations(setup.app, ctx.revocations);
  await ctx.revocations.start(ctx.bus, ctx.name);
  await syncIndexes(ctx.conn);
  if (connectBus) await ctx.bus.start();
  ctx.relay.start();
  await setup.beforeServe?.();
}

/** Stops in reverse: a relay pass cut short leaves its events in the outbox for next time. */
export async function stopParts(ctx: ServiceContext, setup: ServiceSetup): Promise<void> {
  await ctx.relay.stop();
  await ctx.bus.close();
  await setup.onStop?.();
  ctx.revocations.stop();
  await ctx.conn.close();
}

/**
 * Starts a process with everything it shares with the others: validated config, logger,
 * database, event bus, revocation list, outbox relay, http and metrics listeners, and
 * graceful shutdown. The process's own parts come from its wire().
 */
export async function startService<S extends ZodRawShape>(name: ProcessName, envShape: S, wire: Wire<z.infer<z.ZodObject<S>>>): Promise<void> {
  const config = loadConfig({ ...kitEnvShape, ...envShape }) as z.infer<z.ZodObject<S>> & KitConfig;
  const logger = createLogger(name, config.LOG_LEVEL);
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  try {
    const offsetMs = config.CLOCK_OFFSET_SECONDS * 1000;
    const ctx = await openContext(name, config, logger, offsetMs === 0 ? undefined : () => new Date(Date.now() + offsetMs));
    const setup = await wire(ctx);
    await startParts(ctx, setup);
    const server = await listen(setup.app, config.PORT, config.HOST, httpTimeoutsOf(config));
    const metricsServer = await serveMetrics(config.METRICS_PORT, config.METRICS_HOST, logger);
    logger.info({ host: config.HOST, port: config.PORT, mode: config.APP_MODE }, `${name} listening`);
    exitOnSignals(logger, async () => {
      await closeServer(server);
      if (metricsServer) await closeServer(metricsServer);
      await stopParts(ctx, setup);
    });
  } catch (err) {
    // A process that cannot finish starting must not linger without a port: exit, and let the
    // supervisor (compose, the launchers) report or restart it.
    logger.fatal({ err }, `${name} could not start`);
    process.exit(1);
  }
}
