// A service as its main.ts builds it (the same wire()), on test servers: a database, an exchange
// and queue names of its own, so test files run in parallel without seeing each other.
import type { AddressInfo } from 'node:net';
import type { ZodRawShape, z } from 'zod';
import { parseConfig } from '../src/config';
import { closeServer, httpTimeoutsOf, listen } from '../src/lifecycle';
import type { Logger } from '../src/logger';
import {
  kitEnvShape,
  openContext,
  startParts,
  stopParts,
  type KitConfig,
  type ProcessName,
  type ServiceContext,
  type ServiceSetup,
  type Wire,
} from '../src/runtime';
import { silentLogger, TEST_JWT_SECRET, TEST_MANAGE_LINK_SECRET, TEST_TOTP_ENCRYPTION_KEY, testAmqpUrl, testMongoUrl, uniqueName } from './helpers';

export interface Harness<C> {
  url: string;
  ctx: ServiceContext<C>;
  setup: ServiceSetup;
  /** Stops the service; its database is dropped unless it was given (mongoUrl) or kept. */
  close: () => Promise<void>;
}

export interface HarnessOptions {
  /** Names the database, exchange and queues (a unique suffix is added). */
  label?: string;
  /** Variables besides the kit's test defaults (the service's own required ones, overrides). */
  env?: Record<string, string>;
  /** false: the broker connection is not opened until the test starts ctx.bus. */
  connectBus?: boolean;
  now?: () => Date;
  /** A database shared with other processes (not dropped at close). */
  mongoUrl?: string;
  /** The process's logger: silent unless a test reads the lines (createLogger with a destination). */
  logger?: Logger;
}

export async function startHarness<S extends ZodRawShape>(
  name: ProcessName,
  envShape: S,
  wire: Wire<z.infer<z.ZodObject<S>>>,
  options: HarnessOptions = {},
): Promise<Harness<z.infer<z.ZodObject<S>>>> {
  const label = options.label ?? name;
  const env = {
    PORT: '0',
    APP_MODE: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    MANAGE_LINK_SECRET: TEST_MANAGE_LINK_SECRET,
    TOTP_ENCRYPTION_KEY: TEST_TOTP_ENCRYPTION_KEY,
    MONGO_URL: options.mongoUrl ?? testMongoUrl(label),
    AMQP_URL: testAmqpUrl(),
    BUS_EXCHANGE: uniqueName(`${label}_ex`),
    BUS_QUEUE_PREFIX: `${uniqueName(label)}.`,
    OUTBOX_SWEEP_INTERVAL_MS: '100',
    ...options.env,
  };
  const config = parseConfig({ ...kitEnvShape, ...envShape }, env) as z.infer<z.ZodObject<S>> & KitConfig;
  const ctx = await openContext(name, config, options.logger ?? silentLogger(), options.now);
  const setup = await wire(ctx);
  await startParts(ctx, setup, { connectBus: options.connectBus ?? true });
  // The server main.ts would start, timeouts included (HTTP_*_TIMEOUT_MS in env to try them).
  const server = await listen(setup.app, 0, '127.0.0.1', httpTimeoutsOf(config));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    setup,
    close: async () => {
      server.closeAllConnections();
      await closeServer(server);
      if (!options.mongoUrl) await ctx.conn.dropDatabase().catch(() => undefined);
      await stopParts(ctx, setup);
    },
  };
}

/** What tests mostly hold of a started service: its address, connection, bus, outbox relay and exchange, and how to close it. */
export function partsOf<C>({ url, ctx, close }: Harness<C>) {
  return { url, conn: ctx.conn, bus: ctx.bus, relay: ctx.relay, exchange: ctx.config.BUS_EXCHANGE, close };
}
