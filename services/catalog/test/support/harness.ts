// A catalog on the test servers: its own database, bucket and exchange, so test files run in
// parallel without seeing each other.
import type { Connection } from 'mongoose';
import { ImageStore, type EventBus, type OutboxRelay } from '@bb/service-kit';
import { adminToken, api, dropBucket, partsOf, startHarness, storageEnv, testStorageOptions } from '@bb/service-kit/testing';
import { catalogEnvShape } from '../../src/config';
import { createModels, type CatalogModels } from '../../src/models';
import { wire } from '../../src/wire';

export interface Catalog {
  url: string;
  conn: Connection;
  models: CatalogModels;
  bus: EventBus;
  relay: OutboxRelay;
  images: ImageStore;
  exchange: string;
  /** Its database's URL, for a second replica on the same database. */
  mongoUrl: string;
  close: () => Promise<void>;
}

/** Starts a catalog as main.ts wires it; with `busUp: false` its broker connection is not opened until the test says so. */
export async function startCatalog(
  label: string,
  { busUp = true, readCacheMs = 1000, replicaOf }: { busUp?: boolean; readCacheMs?: number; replicaOf?: Catalog } = {},
): Promise<Catalog> {
  const storage = testStorageOptions(label);
  const harness = await startHarness('catalog', catalogEnvShape, wire, {
    label,
    connectBus: busUp,
    // A second replica of a catalog: its database and exchange.
    mongoUrl: replicaOf ? replicaOf.mongoUrl : undefined,
    env: {
      ...(replicaOf ? { BUS_EXCHANGE: replicaOf.exchange } : {}),
      ...storageEnv(storage),
      READ_CACHE_MS: String(readCacheMs),
    },
  });
  return {
    ...partsOf(harness),
    models: createModels(harness.ctx.conn),
    images: new ImageStore(storage),
    mongoUrl: harness.ctx.config.MONGO_URL,
    close: async () => {
      await harness.close();
      await dropBucket(storage);
    },
  };
}

export const token = adminToken();

/** JSON calls against one server (its URL, or where to read it once started), with the admin token unless `anonymous` is set. */
export function client(baseUrl: string | (() => string)) {
  const call = <T>(method: string, path: string, body?: unknown, opts: { anonymous?: boolean; headers?: Record<string, string> } = {}) =>
    api<T>(typeof baseUrl === 'string' ? baseUrl : baseUrl(), path, { method, body, token: opts.anonymous ? undefined : token, headers: opts.headers });
  return {
    get: <T>(path: string, opts?: { anonymous?: boolean; headers?: Record<string, string> }) => call<T>('GET', path, undefined, opts),
    post: <T>(path: string, body: unknown, opts?: { anonymous?: boolean }) => call<T>('POST', path, body, opts),
    put: <T>(path: string, body: unknown, opts?: { anonymous?: boolean }) => call<T>('PUT', path, body, opts),
    del: <T>(path: string, opts?: { anonymous?: boolean }) => call<T>('DELETE', path, undefined, opts),
  };
}

/** A catalog for the tests of one file (its own database and bucket, named by `label`), started before them and closed after, with a client of it. */
export function catalogForFile(label: string) {
  let catalog: Catalog;
  beforeAll(async () => {
    catalog = await startCatalog(label);
  });
  afterAll(() => catalog.close());
  return {
    api: client(() => catalog.url),
    get url() {
      return catalog.url;
    },
  };
}
