// A chat service as main.ts wires it (its own wire()), on a database, exchange and queues of its
// own, plus a listener that records what it publishes and a local bot (an HTTP server) to deliver to.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connection } from 'mongoose';
import type { ChatMessage, Conversation, Envelope, WebhookConfig, WebhookDelivery } from '@bb/contracts';
import { EventBus, type OutboxRelay } from '@bb/service-kit';
import { adminToken, api, silentLogger, startHarness, testAmqpUrl, uniqueName } from '@bb/service-kit/testing';
import { chatEnvShape } from '../src/config';
import { createModels, type ChatModels } from '../src/models';
import { wire } from '../src/wire';

export interface ChatHarness {
  url: string;
  models: ChatModels;
  conn: Connection;
  relay: OutboxRelay;
  events: Envelope[];
  token: string;
  close: () => Promise<void>;
}

export interface HarnessOptions {
  retryDelaysMs?: number[];
  timeoutMs?: number;
  pollCacheTtlMs?: number;
  /** The outbox relay's periodic pass; each write hands its own events over at once regardless. */
  outboxSweepMs?: number;
}

export const SECRET_KEY = 'chat-test-key-for-sealing-webhook-secrets';

/** Starts chat as main.ts wires it, plus a listener on its exchange that keeps what it publishes. */
export async function startChat(
  label: string,
  { retryDelaysMs = [100, 100, 100, 100], timeoutMs = 2000, pollCacheTtlMs = 10_000, outboxSweepMs = 100 }: HarnessOptions = {},
): Promise<ChatHarness> {
  const chat = await startHarness('chat', chatEnvShape, wire, {
    label,
    env: {
      WEBHOOK_SECRET_KEY: SECRET_KEY,
      WEBHOOK_RETRY_DELAYS: retryDelaysMs.map((ms) => `${ms}ms`).join(','),
      WEBHOOK_TIMEOUT_MS: String(timeoutMs),
      POLL_CACHE_TTL_MS: String(pollCacheTtlMs),
      OUTBOX_SWEEP_INTERVAL_MS: String(outboxSweepMs),
    },
  });
  const logger = silentLogger();
  const events: Envelope[] = [];
  const listener = new EventBus({ url: testAmqpUrl(), exchange: chat.ctx.config.BUS_EXCHANGE, source: 'listener', logger });
  listener.subscribe(uniqueName(`${label}_listen`), ['chat.conversation.started', 'chat.message.created', 'audit.recorded'], async (e) => {
    events.push(e);
  });
  await listener.start();
  return {
    url: chat.url,
    models: createModels(chat.ctx.conn),
    conn: chat.ctx.conn,
    relay: chat.ctx.relay,
    events,
    token: adminToken(),
    close: async () => {
      await listener.close();
      await chat.close();
    },
  };
}

interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (an error's message on a 4xx); undefined for an empty or non-JSON body. */
  json: T & { message?: string };
}

/** A small client of the service under test; T is what the caller expects back. */
export function client(base: string) {
  const call = async <T>(method: string, path: string, body: unknown, { token, headers }: CallOptions = {}): Promise<Answer<T>> => {
    const answer = await api<Answer<T>['json']>(base, path, { method, body, token, headers });
    return { status: answer.status, headers: answer.headers, json: answer.body };
  };
  return {
    get: <T = { message: string }>(path: string, opts?: CallOptions) => call<T>('GET', path, undefined, opts),
    post: <T = { message: string }>(path: string, body: unknown, opts?: CallOptions) => call<T>('POST', path, body, opts),
  };
}

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the bot answers to its n-th request (1-based): a status, or 'hang' to never answer. */
export type BotBehaviour = (n: number) => number | 'hang' | { redirect: string };

/** The bot: records every request it gets and answers as told. */
export async function startBot(behaviour: BotBehaviour = () => 200) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = behaviour(received.length);
      if (answer === 'hang') return;
      if (typeof answer === 'object') {
        res.writeHead(302, { location: answer.redirect }).end();
        return;
      }
      res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A URL on which nothing listens: a port that was just free. */
export async function deadUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

/** Checks a delivery the way a bot would, by the Standard Webhooks rules, without our code. */
export function verifySignature(req: ReceivedRequest, whsec: string): boolean {
  const key = Buffer.from(whsec.replace(/^whsec_/, ''), 'base64');
  const signed = `${req.headers['webhook-id']}.${req.headers['webhook-timestamp']}.${req.body}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return String(req.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

/** A chat service (its database named by `label`) and the calls of the webhook tests. */
export async function setUpWebhookChat(label: string, options?: Parameters<typeof startChat>[1]) {
  const chat = await startChat(label, options);
  const api = client(chat.url);
  const token = chat.token;
  const configure = async (webhookUrl: string) => {
    const res = await api.post<WebhookConfig>('/api/webhook-config', { webhookUrl }, { token });
    expect(res.status).toBe(200);
    return res.json;
  };
  const conversation = async () => (await api.post<Conversation>('/api/conversations', { customerName: 'Ana Cruz', customerEmail: 'ana@example.com' })).json.id;
  const say = async (conversationId: string, content: string) =>
    (await api.post<ChatMessage>('/api/messages', { conversationId, senderType: 'customer', senderName: 'Ana Cruz', content })).json;
  const deliveries = async () => (await api.get<WebhookDelivery[]>('/api/webhook-deliveries', { token })).json;
  return { chat, api, token, configure, conversation, say, deliveries };
}
