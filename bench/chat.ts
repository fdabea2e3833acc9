import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { connectMongo, createLogger, sendCacheableJson } from '@bb/service-kit';
import { seedConversations } from '../services/chat/testing';
import { countingCommands } from './lib/db-commands';
import { percentiles } from './lib/load';
import { stackDatabase } from './lib/stack-databases';
import type { BenchContext, BenchResult, BenchRow } from './lib/types';

const VISITORS = 1000;
/** The widget's active polling interval (public spec, section 9). */
const POLL_INTERVAL_MS = 1500;
/** The chat service's database in the stack that scripts/bench.mjs starts (scripts/lib/session.mjs: dbPrefix 'stack'). */
const CHAT_DATABASE = stackDatabase('chat');

interface Visitor {
  /** The poll the widget makes once it holds the latest message: ?after=<its id>. */
  path: string;
  etag: string | null;
}

/**
 * 1,000 open chat widgets polling their conversation every 1.5 s (about 667 req/s) with
 * ?after= and If-None-Match, as the widget does: through the gateway, to the chat service
 * directly, and to a bare express handler that answers the same empty list with the same
 * ETag logic and no database. Each run lasts 3 × the bench's seconds (60 s by default).
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const seconds = 3 * ctx.seconds;
  const chatUrl = ctx.env.CHAT_URL;
  if (!chatUrl) throw new Error('CHAT_URL is not set: the chat service is not part of the stack');

  ctx.log(`seeding ${VISITORS} conversations…`);
  const visitors = await seedVisitors(ctx);
  await warmUp(ctx.gatewayUrl, visitors);

  const scenario = `${VISITORS} widgets polling every ${POLL_INTERVAL_MS / 1000} s`;
  const { row: viaGateway } = await countingCommands(ctx, 'chat', async () => ({
    row: await poll(ctx, scenario, 'through the gateway', ctx.gatewayUrl, visitors, seconds),
  }));
  ctx.log(`gateway: ${viaGateway.requestsPerSec} req/s, p50 ${viaGateway.p50Ms} ms, p99 ${viaGateway.p99Ms} ms, errors ${viaGateway.errors}`);
  const { row: direct } = await countingCommands(ctx, 'chat', async () => ({
    row: await poll(ctx, scenario, 'chat service directly', chatUrl, visitors, seconds),
  }));
  ctx.log(`chat directly: ${direct.requestsPerSec} req/s, p50 ${direct.p50Ms} ms, p99 ${direct.p99Ms} ms`);

  /** The same load on a bare handler, closed once measured. */
  const onBare = async (target: string, server: Promise<{ url: string; close: () => Promise<void> }>) => {
    const bare = await server;
    try {
      const row = await poll(ctx, scenario, target, bare.url, visitors, seconds);
      ctx.log(`${target}: p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`);
      return row;
    } finally {
      await bare.close();
    }
  };
  const baseline = await onBare('bare express handler, in the load generator', serveBareHandler());
  const ownProcess = await onBare('bare express handler, in a process of its own', forkBareHandler());
  const ratio = (a: number, b: number) => Math.round((a / Math.max(b, 0.1)) * 10) / 10;
  return {
    name: 'chat',
    description:
      `${VISITORS} simulated chat widgets, each polling its own conversation (seeded with one message) every ${POLL_INTERVAL_MS} ms for ${seconds} s with ?after= and If-None-Match (a 304 counts as success); ` +
      'the same load on the chat service directly and on a bare express handler (same ETag code, no database, no proxy), once inside the load generator and once in a process of its own, ' +
      'which pays the same hop to another process on this 2-CPU machine as the services do.',
    rows: [viaGateway, direct, baseline, ownProcess],
    summary: {
      targetRequestsPerSec: Math.round((VISITORS * 1000) / POLL_INTERVAL_MS),
      gatewayP50Ms: viaGateway.p50Ms,
      gatewayP99Ms: viaGateway.p99Ms,
      directP99Ms: direct.p99Ms,
      bareP50Ms: baseline.p50Ms,
      bareP99Ms: baseline.p99Ms,
      bareOwnProcessP99Ms: ownProcess.p99Ms,
      p50RatioGatewayToBare: ratio(viaGateway.p50Ms, baseline.p50Ms),
      p99RatioGatewayToBare: ratio(viaGateway.p99Ms, baseline.p99Ms),
      p99RatioGatewayToBareOwnProcess: ratio(viaGateway.p99Ms, ownProcess.p99Ms),
      p99RatioDirectToBareOwnProcess: ratio(direct.p99Ms, ownProcess.p99Ms),
      targetP99RatioMetOwnProcess: viaGateway.p99Ms <= 3 * ownProcess.p99Ms,
      throughputRatioGatewayToBare: Math.round((viaGateway.requestsPerSec / Math.max(baseline.requestsPerSec, 1)) * 100) / 100,
      gatewayErrors: viaGateway.errors + viaGateway.non2xx,
    },
  };
}

/** One conversation with one customer message per visitor, from chat's bulk fixtures. */
async function seedVisitors(ctx: BenchContext): Promise<Visitor[]> {
  const mongoUrl = ctx.env.MONGO_URL;
  if (!mongoUrl) throw new Error('MONGO_URL is not set');
  const conn = await connectMongo(`${mongoUrl.replace(/\/+$/, '')}/${CHAT_DATABASE}`, createLogger('bench', 'silent'));
  try {
    const seeded = await seedConversations(conn, VISITORS);
    return seeded.map((d) => ({ path: `/api/conversations/${d.id}/messages?after=${d.lastMessageId}`, etag: null }));
  } finally {
    await conn.close();
  }
}

/**
 * One unmeasured poll per visitor. Conversations started through the API are in the chat
 * service's memory from the start; seeded ones are not until first read, and 1,000 first reads
 * in the same 1.5 s would measure the seeding, not the polling.
 */
async function warmUp(baseUrl: string, visitors: Visitor[]): Promise<void> {
  for (let next = 0; next < visitors.length; next += 50) {
    await Promise.all(visitors.slice(next, next + 50).map(async (v) => (await fetch(baseUrl + v.path)).arrayBuffer()));
  }
}

/**
 * Every visitor polls on its own keep-alive connection (as 1,000 browsers would), starting at
 * a random point of the first interval, then on a fixed 1.5 s schedule: a slow answer delays
 * that visitor's next poll instead of piling polls up, as a widget waiting for its answer does.
 */
async function poll(ctx: BenchContext, scenario: string, target: string, baseUrl: string, visitors: Visitor[], seconds: number): Promise<BenchRow> {
  const agents = visitors.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const errorKinds = new Map<string, number>();
  const started = Date.now();
  const endAt = started + seconds * 1000;
  const state = visitors.map((v) => ({ ...v }));

  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const visitor = state[i];
      const t0 = process.hrtime.bigint();
      const req = http.get(
        `${baseUrl}${visitor.path}`,
        { agent: agents[i], headers: visitor.etag ? { 'if-none-match': visitor.etag } : {}, timeout: 10_000 },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
            if (res.statusCode === 200) visitor.etag = (res.headers.etag as string | undefined) ?? null;
            else if (res.statusCode !== 304) non2xx += 1;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err: NodeJS.ErrnoException) => {
        errors += 1;
        const kind = err.code ?? err.message;
        errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        resolve();
      });
    });

  await Promise.all(
    state.map(async (_, i) => {
      let due = started + Math.random() * POLL_INTERVAL_MS;
      for (;;) {
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (Date.now() >= endAt) return;
        await one(i);
        due += POLL_INTERVAL_MS;
        // Behind schedule: poll again now, once, rather than firing every missed tick.
        if (due < Date.now()) due = Date.now();
      }
    }),
  );
  for (const a of agents) a.destroy();
  if (errorKinds.size) ctx.log(`${target}: errors ${JSON.stringify(Object.fromEntries(errorKinds))}`);
  const { p50, p99 } = percentiles(latencies);
  const requests = latencies.length + errors;
  return { scenario, target, requestsPerSec: Math.round(requests / seconds), p50Ms: p50, p99Ms: p99, errors, non2xx, requests };
}

/** The floor: express answering the widget's poll with the same ETag/304 code, no database, no proxy. */
async function serveBareHandler(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.set('etag', false);
  app.get('/api/conversations/:id/messages', (req, res) => {
    sendCacheableJson(req, res, [], 'private, no-cache');
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const BARE_CHILD = 'BENCH_CHAT_BARE_CHILD';

/** The same bare handler in a child process: this module, run with BENCH_CHAT_BARE_CHILD set (below). */
async function forkBareHandler(): Promise<{ url: string; close: () => Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), { env: { ...process.env, [BARE_CHILD]: '1' }, stdio: 'inherit' });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve(String(m)));
    child.once('exit', (code) => reject(new Error(`the bare handler process exited with ${code}`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

if (process.env[BARE_CHILD] === '1') {
  void serveBareHandler().then(({ url }) => process.send?.(url));
}
