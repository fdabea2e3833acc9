// The payment provider of the local stack: a PayMongo-compatible test double of our own
// (scripts/servers/paymongo/server.mjs, no dependencies), because PayMongo cannot be reached
// from these machines. It speaks the documented subset the payments service uses and serves the
// hosted checkout page at ${PAYMONGO_URL}/checkout/<id>, where a visitor (or a test, through its
// /__control API) pays, fails or leaves. Production talks to the real PayMongo.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onFakeClock } from '../lib/fake-clock.mjs';
import { freePort, httpStatus, waitFor } from '../lib/net.mjs';
import { startProcess, stopProcess } from '../lib/processes.mjs';
import { log } from './system.mjs';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'paymongo', 'server.mjs');

/**
 * The double on loopback, its state in <dataDir>/paymongo. Beside stop() it has start(), which
 * starts it again on the same port with its state kept (sessions, webhooks, deliveries owed).
 * Deliveries are retried after 1 s, 2 s, 4 s… (retryBaseMs, or PAYMONGO_DOUBLE_RETRY_BASE_MS)
 * and a refund succeeds refundDelayMs after it is made (or PAYMONGO_DOUBLE_REFUND_DELAY_MS).
 * @param {import('./server').StartOptions & { retryBaseMs?: number, refundDelayMs?: number }} options
 * @returns {Promise<import('./server').RunningServer & { start(): Promise<void> }>}
 */
export async function start({ dataDir, logDir, retryBaseMs, refundDelayMs }) {
  const dir = path.join(dataDir, 'paymongo');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    SERVER,
    '--port',
    String(port),
    '--data-dir',
    dir,
    '--retry-base-ms',
    String(retryBaseMs ?? process.env.PAYMONGO_DOUBLE_RETRY_BASE_MS ?? 1000),
    '--refund-delay-ms',
    String(refundDelayMs ?? process.env.PAYMONGO_DOUBLE_REFUND_DELAY_MS ?? 200),
  ];
  let proc = null;
  const startAgain = async () => {
    // Its clock is the services' (a shifted one in scripts/test-at-times.mjs): payments refuses
    // a signature whose timestamp is far from its own time.
    proc = startProcess('paymongo', process.execPath, args, { env: onFakeClock(process.env, 'paymongo'), logFile: path.join(logDir, 'paymongo.log') });
    const started = proc;
    await waitFor('the PayMongo test double', async () => (await httpStatus(`${url}/__control/health`)) === 200, { isDead: () => started.exitCode !== null });
  };
  await startAgain();
  const keys = JSON.parse(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8'));
  log(`PayMongo test double: API at ${url}/v1, checkout pages at ${url}/checkout/<id>`);
  return {
    env: { PAYMONGO_URL: url, PAYMONGO_SECRET_KEY: keys.secretKey, PAYMONGO_PUBLIC_KEY: keys.publicKey },
    pids: { paymongo: proc.pid },
    start: startAgain,
    stop: () => stopProcess(proc),
  };
}

/**
 * Subscribes `url` to `events` through the API (POST /v1/webhooks), or, when a webhook for that
 * URL exists already (PayMongo keeps one per URL; `npm start` keeps its state between runs),
 * sets its events and enables it. Answers its id and the secret its deliveries are signed with.
 * @param {Record<string, string>} env PAYMONGO_URL and PAYMONGO_SECRET_KEY
 * @param {string} url
 * @param {string[]} events
 * @returns {Promise<{ id: string, secretKey: string }>}
 */
export async function registerWebhook(env, url, events) {
  const call = async (method, pathname, attributes) => {
    const res = await fetch(`${env.PAYMONGO_URL}${pathname}`, {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${env.PAYMONGO_SECRET_KEY}:`).toString('base64')}`, 'content-type': 'application/json' },
      body: attributes ? JSON.stringify({ data: { attributes } }) : undefined,
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`PayMongo ${method} ${pathname} answered ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
    return body.data;
  };
  const existing = (await call('GET', '/v1/webhooks')).find((w) => w.attributes.url === url);
  let webhook = existing ? await call('PUT', `/v1/webhooks/${existing.id}`, { events }) : await call('POST', '/v1/webhooks', { url, events });
  if (webhook.attributes.status !== 'enabled') webhook = await call('POST', `/v1/webhooks/${webhook.id}/enable`);
  return { id: webhook.id, secretKey: webhook.attributes.secret_key };
}
