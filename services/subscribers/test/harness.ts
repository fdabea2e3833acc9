// The subscribers service as main.ts wires it, on a database, exchange and queues of its own.
// stop() and start() end and begin its process (same database and queues), as a restart would.
import type { Connection } from 'mongoose';
import type { Subscriber } from '@bb/contracts';
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
  /** One more process on the same database and queues, ended by close(). */
  addReplica: () => Promise<Harness<SubscribersConfig>>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
}

/** `extraEnv` adds to or overrides the test defaults (a budget test turns the relay's periodic pass off, say). */
export async function startSubscribers(label: string, extraEnv: Record<string, string> = {}): Promise<SubscribersHarness> {
  const mongoUrl = testMongoUrl(label);
  const env = { UNSUBSCRIBE_SECRET, PUBLIC_URL, BUS_EXCHANGE: uniqueName(`${label}_ex`), BUS_QUEUE_PREFIX: `${uniqueName(label)}.`, ...extraEnv };
  let running: Harness<SubscribersConfig> | undefined = await startHarness('subscribers', subscribersEnvShape, wire, { label, mongoUrl, env });
  const conn = await connectMongo(mongoUrl, silentLogger());
  const current = () => {
    if (!running) throw new Error('the subscribers process is stopped');
    return running;
  };
  const replicas: Harness<SubscribersConfig>[] = [];
  return {
    get url() {
      return current().url;
    },
    conn,
    models: createModels(conn),
    exchange: env.BUS_EXCHANGE,
    token: adminToken(),
    current,
    addReplica: async () => {
      const replica = await startHarness('subscribers', subscribersEnvShape, wire, { label, mongoUrl, env });
      replicas.push(replica);
      return replica;
    },
    stop: async () => {
      await running?.close();
      running = undefined;
    },
    start: async () => {
      running = await startHarness('subscribers', subscribersEnvShape, wire, { label, mongoUrl, env });
    },
    close: async () => {
      await running?.close();
      for (const replica of replicas.splice(0)) await replica.close();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}

export interface RequestOptions {
  /** Sent as JSON, unless `form` is given. */
  body?: unknown;
  /** A form-encoded body, sent as it is (a browser's form, a mail client's one-click unsubscribe). */
  form?: string;
  token?: string;
  accept?: string;
}

/** One call of the service, with the raw answer too: a link from an e-mail answers a browser with an HTML page. */
export async function requestService<T = { message: string }>(base: string, method: string, path: string, { body, form, token, accept }: RequestOptions = {}) {
  const type = form !== undefined ? 'application/x-www-form-urlencoded' : body !== undefined ? 'application/json' : undefined;
  const res = await fetch(base + path, {
    method,
    headers: { ...(type ? { 'content-type': type } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(accept ? { accept } : {}) },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  // A HEAD answer has the headers of the GET and no body.
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text,
    json: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as T,
  };
}

/** The calls the tests make; `svc` is read at each call, as harnesses start in beforeAll. */
export function clientOf(svc: () => SubscribersHarness) {
  const request = <T = { message: string }>(method: string, path: string, options?: RequestOptions) => requestService<T>(svc().url, method, path, options);
  const list = async () => (await request<Subscriber[]>('GET', '/api/email-subscribers', { token: svc().token })).json;
  return {
    request,
    subscribe: (body: unknown) => request('POST', '/api/email-subscribers', { body }),
    list,
    byEmail: async (email: string) => (await list()).filter((s) => s.email.toLowerCase() === email.toLowerCase()),
  };
}
