#!/usr/bin/env node
// A local PayMongo-compatible server: a declared test double of the documented subset the
// payments service uses (checkout sessions and their hosted page, payments, refunds, webhooks
// with signed, retried deliveries), plus a control API for tests. PayMongo cannot be reached
// from the development machines; production talks to the real one. No dependencies.
//
//   node scripts/servers/paymongo/server.mjs --port 4010 --data-dir .data/paymongo
//     [--host 127.0.0.1] [--public-url URL] [--retry-base-ms 1000] [--max-attempts 8]
//     [--delivery-timeout-ms 5000] [--refund-delay-ms 200] [--merchant NAME]
import http from 'node:http';
import { parseArgs } from 'node:util';
import { createActions } from './actions.mjs';
import { createApi } from './api.mjs';
import { createCheckoutPage } from './checkout-page.mjs';
import { createControl } from './control.mjs';
import { createDeliveries } from './deliveries.mjs';
import { sendJson } from './http.mjs';
import { loadKeys, openState } from './state.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string' },
    'public-url': { type: 'string' },
    'retry-base-ms': { type: 'string', default: '1000' },
    'max-attempts': { type: 'string', default: '8' },
    'delivery-timeout-ms': { type: 'string', default: '5000' },
    'refund-delay-ms': { type: 'string', default: '200' },
    merchant: { type: 'string', default: 'Lumière Clinic & Studio' },
  },
});

const number = (name) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not ${args[name]}`);
  return value;
};

if (!args['data-dir']) throw new Error('--data-dir is required: the double keeps its state there');
const dir = args['data-dir'];
const log = (line) => console.log(`[paymongo] ${new Date().toISOString()} ${line}`);

const state = openState(dir);
const keys = loadKeys(dir);
const deliveries = createDeliveries({
  state,
  dir,
  retryBaseMs: number('retry-base-ms'),
  maxAttempts: Math.max(1, number('max-attempts')),
  timeoutMs: number('delivery-timeout-ms'),
  log,
});
const actions = createActions({ state, deliveries, refundDelayMs: number('refund-delay-ms'), log });

const server = http.createServer();
server.listen(number('port'), args.host, () => {
  const { port } = server.address();
  const baseUrl = args['public-url'] ?? `http://${args.host.includes(':') ? `[${args.host}]` : args.host}:${port}`;
  const api = createApi({ state, actions, keys, baseUrl, merchant: args.merchant });
  const page = createCheckoutPage({ state, actions });
  const control = createControl({ state, actions, deliveries });
  server.on('request', async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://double.invalid');
      if (url.pathname.startsWith('/v1/')) await api(req, res, url.pathname);
      else if (url.pathname.startsWith('/checkout/')) await page(req, res, url.pathname, url.searchParams);
      else if (url.pathname.startsWith('/__control/')) await control(req, res, url.pathname, url.searchParams);
      else sendJson(res, 404, { errors: [{ code: 'route_not_found', detail: `No route ${url.pathname}.` }] });
    } catch (err) {
      log(`${req.method} ${req.url}: ${err.stack ?? err.message}`);
      if (!res.headersSent) sendJson(res, 500, { errors: [{ code: 'internal_error', detail: 'The test double failed; see its log.' }] });
      else res.destroy();
    }
  });
  actions.resumeRefunds();
  deliveries.kick();
  log(`listening on ${baseUrl} (data in ${dir}; ${state.data.pending.length} deliveries owed)`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  deliveries.stop();
  actions.stop();
  server.close();
  server.closeAllConnections();
  await state.commit();
  process.exit(0);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
