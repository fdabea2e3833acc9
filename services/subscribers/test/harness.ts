// A subscribers service as main.ts wires it, on a database, exchange and queues of its own.
import type { Connection } from 'mongoose';
import { EventBus, RevocationList, connectMongo, syncIndexes } from '@bb/service-kit';
import { adminToken, serve, silentLogger, testAmqpUrl, testMongoUrl, TEST_JWT_SECRET, uniqueName } from '@bb/service-kit/testing';
import { buildApp } from '../src/app';
import { consumeContactEvents, type CaptureQueues } from '../src/events/contact-capture';
import { createModels, type SubscriberModels } from '../src/models';
import { SubscriberStore } from '../src/store/subscriber-store';

export const UNSUBSCRIBE_SECRET = 'unsubscribe-secret-for-tests';
export const PUBLIC_URL = 'https://booking.example.com';

export interface SubscribersHarness {
  url: string;
  conn: Connection;
  models: SubscriberModels;
  exchange: string;
  queues: CaptureQueues;
  token: string;
  /** Starts consuming (again): a new bus on the same queues, like a restarted process. */
  startConsumers: () => Promise<EventBus>;
  close: () => Promise<void>;
}

export async function startSubscribers(label: string): Promise<SubscribersHarness> {
  const logger = silentLogger();
  const conn = await connectMongo(testMongoUrl(label), logger);
  const models = createModels(conn);
  await syncIndexes(conn);
  const store = new SubscriberStore(models);
  const exchange = uniqueName(`${label}_ex`);
  const queues = { booking: uniqueName(`${label}_booking`), chat: uniqueName(`${label}_chat`) };
  const buses: EventBus[] = [];
  const startConsumers = async () => {
    const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'subscribers', logger });
    consumeContactEvents(bus, store, logger, queues);
    buses.push(bus);
    await bus.start();
    return bus;
  };
  const revocations = new RevocationList(conn, logger);
  const server = await serve(
    buildApp({
      logger,
      subscribers: store,
      unsubscribeSecret: UNSUBSCRIBE_SECRET,
      publicUrl: PUBLIC_URL,
      jwtSecret: TEST_JWT_SECRET,
      isRevoked: (jti) => revocations.isRevoked(jti),
      isReady: () => true,
    }),
  );
  return {
    url: server.url,
    conn,
    models,
    exchange,
    queues,
    token: adminToken(),
    startConsumers,
    close: async () => {
      await server.close();
      for (const bus of buses) await bus.close();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}
