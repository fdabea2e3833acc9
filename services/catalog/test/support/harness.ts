// A catalog on the test servers: its own database, bucket and exchange, so test files run in
// parallel without seeing each other.
import http from 'node:http';
import { Client } from 'minio';
import type { Connection } from 'mongoose';
import { EventBus, OutboxRelay, RevocationList, connectMongo, syncIndexes } from '@bb/service-kit';
import { TEST_JWT_SECRET, adminToken, requireEnv, serve, silentLogger, testAmqpUrl, testMongoUrl, uniqueName } from '@bb/service-kit/testing';
import { buildApp } from '../../src/app';
import { createModels, type CatalogModels } from '../../src/models';
import { ImageStore, type ImageStoreOptions } from '../../src/storage/image-store';

export interface Catalog {
  url: string;
  conn: Connection;
  models: CatalogModels;
  bus: EventBus;
  relay: OutboxRelay;
  images: ImageStore;
  exchange: string;
  close: () => Promise<void>;
}

export const storageOptions = (label: string): ImageStoreOptions => ({
  endpoint: requireEnv('S3_ENDPOINT'),
  accessKey: requireEnv('S3_ACCESS_KEY'),
  secretKey: requireEnv('S3_SECRET_KEY'),
  bucket: uniqueName(label).toLowerCase().replace(/_/g, '-'),
  region: 'us-east-1',
});

/** Empties and removes a test bucket. */
export async function dropBucket(options: ImageStoreOptions): Promise<void> {
  const url = new URL(options.endpoint);
  const agent = new http.Agent({ keepAlive: true });
  const client = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: options.accessKey, secretKey: options.secretKey, pathStyle: true, transportAgent: agent });
  try {
    if (!(await client.bucketExists(options.bucket))) return;
    const names: string[] = [];
    for await (const item of client.listObjectsV2(options.bucket, '', true)) if (item.name) names.push(item.name);
    if (names.length) await client.removeObjects(options.bucket, names);
    await client.removeBucket(options.bucket);
  } finally {
    agent.destroy();
  }
}

/** Starts a catalog; with `busUp: false` its broker connection is not opened until the test says so. */
export async function startCatalog(label: string, { busUp = true, readCacheMs = 1000 } = {}): Promise<Catalog> {
  const logger = silentLogger();
  const conn = await connectMongo(testMongoUrl(label), logger);
  const models = createModels(conn);
  await syncIndexes(conn);
  const exchange = uniqueName(`${label}_ex`);
  const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'catalog', logger });
  const relay = new OutboxRelay({ bus, logger, intervalMs: 100 });
  relay.watch(models.Treatment);
  relay.watch(models.Package);
  const storage = storageOptions(label);
  const images = new ImageStore(storage);
  await images.ensureBucket(logger);
  if (busUp) await bus.start();
  relay.start();
  const app = buildApp({ logger, models, relay, images, revocations: new RevocationList(conn, logger), jwtSecret: TEST_JWT_SECRET, readCacheMs, isReady: () => true });
  const server = await serve(app);
  return {
    url: server.url,
    conn,
    models,
    bus,
    relay,
    images,
    exchange,
    close: async () => {
      await server.close();
      await relay.stop();
      await bus.close();
      await conn.dropDatabase();
      await conn.close();
      images.close();
      await dropBucket(storage);
    },
  };
}

export const token = adminToken();

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** JSON calls against one server, with the admin token unless `anonymous` is set. */
export function client(baseUrl: string) {
  const call = async <T>(method: string, path: string, body?: unknown, opts: { anonymous?: boolean; headers?: Record<string, string> } = {}): Promise<Answer<T>> => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.anonymous ? {} : { authorization: `Bearer ${token}` }),
        ...opts.headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
  };
  return {
    get: <T>(path: string, opts?: { anonymous?: boolean; headers?: Record<string, string> }) => call<T>('GET', path, undefined, opts),
    post: <T>(path: string, body: unknown, opts?: { anonymous?: boolean }) => call<T>('POST', path, body, opts),
    put: <T>(path: string, body: unknown, opts?: { anonymous?: boolean }) => call<T>('PUT', path, body, opts),
    del: <T>(path: string, opts?: { anonymous?: boolean }) => call<T>('DELETE', path, undefined, opts),
  };
}
