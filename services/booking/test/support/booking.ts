import type { Connection } from 'mongoose';
import type { ApiError, EventData } from '@bb/contracts';
import { EventBus, OutboxRelay, RevocationList, connectMongo } from '@bb/service-kit';
import { adminToken, serve, silentLogger, testAmqpUrl, testMongoUrl, TEST_JWT_SECRET, uniqueName } from '@bb/service-kit/testing';
import { buildApp } from '../../src/app';
import { applyBookableChange } from '../../src/events/bookables';
import { createModels, type BookingModels } from '../../src/models';

export interface BookingUnderTest {
  url: string;
  conn: Connection;
  models: BookingModels;
  bus: EventBus;
  relay: OutboxRelay;
  exchange: string;
  close: () => Promise<void>;
}

/**
 * The booking app on a database of its own, with a bus and outbox relay on an exchange of
 * its own. The bus is started unless told not to (to book while the broker is unreachable).
 */
export async function startBooking(label: string, options: { now?: () => Date; startBus?: boolean; mongoUrl?: string } = {}): Promise<BookingUnderTest> {
  const logger = silentLogger();
  const conn = await connectMongo(options.mongoUrl ?? testMongoUrl(label), logger);
  const models = createModels(conn);
  await Promise.all(Object.values(models).map((m) => m.createIndexes()));
  const exchange = uniqueName(`${label}_ex`);
  const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'booking', logger });
  const relay = new OutboxRelay({ bus, logger, intervalMs: 200 });
  relay.watch(models.Appointment);
  if (options.startBus !== false) await bus.start();
  relay.start();
  const revocations = new RevocationList(conn, logger);
  const app = buildApp({ logger, models, relay, jwtSecret: TEST_JWT_SECRET, isRevoked: (jti) => revocations.isRevoked(jti), isReady: () => true, now: options.now });
  const server = await serve(app);
  return {
    url: server.url,
    conn,
    models,
    bus,
    relay,
    exchange,
    close: async () => {
      await server.close();
      await relay.stop();
      await bus.close();
      if (!options.mongoUrl) await conn.dropDatabase();
      await conn.close();
    },
  };
}

export const ADMIN = adminToken();

/** One HTTP call; T is what a success answers, and an error answers ApiError. */
export async function call<T = ApiError>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T & Partial<ApiError> }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T & Partial<ApiError> };
}
export const asAdmin = { authorization: `Bearer ${ADMIN}` };

export const addBookable = (models: BookingModels, change: Partial<EventData<'catalog.bookable.changed'>> & { id: string }) =>
  applyBookableChange(models.Bookable, { kind: 'treatment', name: change.id, defaultDuration: 60, offeringType: 'clinic', deleted: false, version: 1, ...change });

export const bookingRequest = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Reyes',
  gender: 'female',
  age: 34,
  email: 'ana@example.com',
  contact: '0917 000 0000',
  preferredDate: '2030-01-07',
  preferredTime: '09:00',
  treatments: ['facial'],
  notes: 'First visit',
  offeringType: 'clinic',
  ...over,
});

/** Mondays from 2030 on: far enough ahead that every slot is in the future. */
export function monday(weeksAfterFirst: number): string {
  const first = Date.UTC(2030, 0, 7);
  return new Date(first + weeksAfterFirst * 7 * 86400000).toISOString().slice(0, 10);
}
