// The repository's PayMongo test double (scripts/servers/paymongo/server.mjs) for one test file:
// a process of its own on a data directory of its own, so pausing its deliveries or counting its
// events never meets another file's. Deliveries are retried after 50 ms, refunds settle in 100 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '@bb/service-kit/testing';

const SERVER = path.resolve(__dirname, '..', '..', '..', '..', 'scripts', 'servers', 'paymongo', 'server.mjs');

// PayMongo's bodies, read as the tests need them.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Delivery {
  event_id: string;
  event_type: string;
  kind: string;
  attempt: number;
  status_code: number | null;
}

export interface PaymongoDouble {
  env: { PAYMONGO_URL: string; PAYMONGO_SECRET_KEY: string };
  /** Subscribes `url` to every event payments listens to; answers the webhook's id and secret. */
  registerWebhook(url: string): Promise<{ id: string; secretKey: string }>;
  /** Points the webhook somewhere else (the service's address, once it listens). */
  moveWebhook(id: string, url: string): Promise<void>;
  /** What the visitor does on the checkout page of `checkoutUrl`. */
  outcome(checkoutUrl: string, outcome: 'paid' | 'failed' | 'abandoned', method?: string): Promise<Json>;
  session(checkoutUrl: string): Promise<Json>;
  deliveries(eventType?: string): Promise<Delivery[]>;
  events(type?: string): Promise<{ id: string; type: string; resource_id: string }[]>;
  redeliver(eventId: string): Promise<void>;
  /** Sends an event once with this Paymongo-Signature header (null: none), answering the receiver's status. */
  deliverRaw(eventId: string, signature: string | null): Promise<number>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export const PAYMONGO_EVENTS = ['checkout_session.payment.paid', 'payment.paid', 'payment.failed', 'payment.refunded', 'payment.refund.updated'];

const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

export async function startPaymongoDouble(): Promise<PaymongoDouble> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paymongo-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [SERVER, '--port', String(port), '--data-dir', dataDir, '--retry-base-ms', '50', '--refund-delay-ms', '100', '--delivery-timeout-ms', '3000'],
    { stdio: 'ignore' },
  );
  await waitFor('the PayMongo double', async () => (await fetch(`${url}/__control/health`)).ok, 15_000, 100);
  const { secretKey } = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as { secretKey: string };
  const auth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  const call = async (method: string, pathname: string, body?: unknown, api = true): Promise<Json> => {
    const res = await fetch(url + pathname, {
      method,
      headers: { ...(api ? { authorization: auth } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as Json;
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  return {
    env: { PAYMONGO_URL: url, PAYMONGO_SECRET_KEY: secretKey },
    registerWebhook: async (to) => {
      const { data } = await call('POST', '/v1/webhooks', { data: { attributes: { url: to, events: PAYMONGO_EVENTS } } });
      return { id: data.id, secretKey: data.attributes.secret_key };
    },
    moveWebhook: async (id, to) => {
      await call('PUT', `/v1/webhooks/${id}`, { data: { attributes: { url: to } } });
    },
    outcome: (checkoutUrl, outcome, method = 'gcash') =>
      call('POST', `/__control/checkout_sessions/${sessionIdOf(checkoutUrl)}/outcome`, { outcome, method }, false),
    session: async (checkoutUrl) => (await call('GET', `/v1/checkout_sessions/${sessionIdOf(checkoutUrl)}`)).data,
    deliveries: async (eventType) => (await call('GET', `/__control/deliveries${eventType ? `?event_type=${eventType}` : ''}`, undefined, false)).data,
    events: async (type) => (await call('GET', `/__control/events${type ? `?type=${type}` : ''}`, undefined, false)).data,
    redeliver: async (eventId) => {
      await call('POST', `/__control/events/${eventId}/redeliver`, {}, false);
    },
    deliverRaw: async (eventId, signature) => {
      const { data } = await call('POST', `/__control/events/${eventId}/deliver-raw`, { signature }, false);
      return data[0].status_code;
    },
    pause: async () => {
      await call('POST', '/__control/webhooks/pause', {}, false);
    },
    resume: async () => {
      await call('POST', '/__control/webhooks/resume', {}, false);
    },
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
