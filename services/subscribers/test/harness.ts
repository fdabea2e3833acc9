// The subscribers service as main.ts wires it, on a database, exchange and queues of its own.
// stop() and start() end and begin its process (same database and queues), as a restart would.
import type { Connection } from 'mongoose';
import { connectMongo } from '@bb/service-kit';
import { adminToken, silentLogger, startHarness, testMongoUrl, uniqueName, type Harness } from '@bb/service-kit/testing';
import { subscribersEnvShape, type SubscribersConfig } from '../src/config';
import { createModels, type SubscriberModels } from '../src/models';
import { wire } from '../src/wire';

export const UNSUBSCRIBE_SECRET = 'unsubscribe-secret-for-the-subscriber-tests';
export const PUBLIC_URL = 'https://booking.example.com';

export interface SubscribersHarness {
  readonly url: string;
  /** The test's own connection to the service's database: it stays open across restarts. */
  conn: Connection;
  models: SubscriberModels;
  exchange: string;
  token: string;
  /** The running process (undefined between stop() and start()). */
  current: () => Harness<SubscribersConfig>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startSubscribers(label: string): Promise<SubscribersHarness> {
  const mongoUrl = testMongoUrl(label);
  const env = { UNSUBSCRIBE_SECRET, PUBLIC_URL, BUS_EXCHANGE: uniqueName(`${label}_ex`), BUS_QUEUE_PREFIX: `${uniqueName(label)}.` };
  let running: Harness<SubscribersConfig> | undefined = await startHarness('subscribers', subscribersEnvShape, wire, { label, mongoUrl, env });
  const conn = await connectMongo(mongoUrl, silentLogger());
  const current = () => {
    if (!running) throw new Error('the subscribers process is stopped');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    conn,
    models: createModels(conn),
    exchange: env.BUS_EXCHANGE,
    token: adminToken(),
    current,
    stop: async () => {
      await running?.close();
      running = undefined;
    },
    start: async () => {
      running = await startHarness('subscribers', subscribersEnvShape, wire, { label, mongoUrl, env });
    },
    close: async () => {
      await running?.close();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}
