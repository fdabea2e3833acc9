import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

// The local PayMongo test double (scripts/servers/paymongo/), started by its launcher module on a
// data directory of its own: its answers keep the field names of PayMongo's documented examples
// (documented-examples.json), its deliveries are signed by the documented rule and retried, and it
// keeps its state across a restart. Needs no stack.
const root = path.resolve(__dirname, '..', '..');
const documented = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'servers', 'paymongo', 'documented-examples.json'), 'utf8'));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- PayMongo's bodies, read as the tests need

interface Double {
  env: { PAYMONGO_URL: string; PAYMONGO_SECRET_KEY: string; PAYMONGO_PUBLIC_KEY: string };
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The launcher module in a child Node (jest cannot import it): start, then `restart` and `stop` on its stdin. */
function startDouble(dataDir: string): Promise<Double> {
  const driver = `
    import readline from 'node:readline';
    import { stopAll, stopAllOnExit } from ${JSON.stringify(path.join(root, 'scripts', 'lib', 'processes.mjs'))};
    import { start } from ${JSON.stringify(path.join(root, 'scripts', 'servers', 'paymongo.mjs'))};
    stopAllOnExit();
    const dataDir = process.argv[1];
    const double = await start({ dataDir, logDir: dataDir, retryBaseMs: 50, refundDelayMs: 100 });
    process.stdout.write(JSON.stringify({ env: double.env }) + '\\n');
    const lines = readline.createInterface({ input: process.stdin });
    lines.on('line', async (line) => {
      if (line === 'restart') { await double.stop(); await double.start(); process.stdout.write('{"restarted":true}\\n'); }
      if (line === 'stop') { await stopAll(); process.exit(0); }
    });
    lines.on('close', async () => { await stopAll(); process.exit(0); });`;
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--input-type=module', '-e', driver, dataDir], { stdio: 'pipe' });
  const replies = readline.createInterface({ input: child.stdout });
  const waiting: ((line: Json) => void)[] = [];
  replies.on('line', (line) => {
    if (line.startsWith('{')) waiting.shift()?.(JSON.parse(line) as Json);
  });
  const next = () =>
    new Promise<Json>((resolve, reject) => {
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`the double's launcher exited (${code})`)));
    });
  return next().then((first) => ({
    env: first.env,
    restart: async () => {
      const done = next();
      child.stdin.write('restart\n');
      await done;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end('stop\n');
      }),
  }));
}

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Json;
}

/** A webhook receiver on loopback: records what it gets, answers `answers` in turn, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) as Json });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hooks`, received, answers, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function waitUntil<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The documented rule (developers.paymongo.com/docs/securing-webhook), written here from the docs, not from the double. */
function verifySignature(header: string | undefined, raw: string, secret: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!/^\d+$/.test(parts.t ?? '') || !parts.te) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest();
  const given = Buffer.from(parts.te, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) && parts.li === '';
}

const keysOf = (o: Json) => Object.keys(o).sort();

let dataDir: string;
let double: Double;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let webhook: Json;

async function call(method: string, pathname: string, attributes?: Json, options: { key?: string; headers?: Record<string, string> } = {}) {
  const key = options.key ?? double.env.PAYMONGO_SECRET_KEY;
  const res = await fetch(`${double.env.PAYMONGO_URL}${pathname}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, 'content-type': 'application/json', ...options.headers },
    body: attributes ? JSON.stringify({ data: { attributes } }) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function control(method: string, pathname: string, body?: Json) {
  const res = await fetch(`${double.env.PAYMONGO_URL}/__control${pathname}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const sessionAttributes = (extra: Json = {}) => ({
  line_items: [{ name: 'Hydrafacial deposit', amount: 50000, currency: 'PHP', quantity: 1 }],
  payment_method_types: ['gcash', 'paymaya', 'qrph', 'card'],
  success_url: 'https://clinic.example/pay/t?result=success',
  cancel_url: 'https://clinic.example/pay/t?result=cancelled',
  description: 'Deposit',
  reference_number: 'APPT-1',
  metadata: { appointmentId: 'a1' },
  ...extra,
});

const eventsFor = (type: string, resourceId: string) =>
  receiver.received.filter((r) => r.body.data.attributes.type === type && r.body.data.attributes.data.id === resourceId);
const firstEvent = (type: string, resourceId: string) => waitUntil(type, () => eventsFor(type, resourceId)[0]);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-paymongo-'));
  [double, receiver] = await Promise.all([startDouble(dataDir), startReceiver()]);
  const created = await call('POST', '/v1/webhooks', {
    url: receiver.url,
    events: ['checkout_session.payment.paid', 'payment.paid', 'payment.failed', 'payment.refunded', 'payment.refund.updated'],
  });
  expect(created.status).toBe(200);
  webhook = created.body.data;
});

afterAll(async () => {
  await double?.stop();
  await receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('refuses a request without the secret key, or with another key, in PayMongo’s error shape', async () => {
  const none = await fetch(`${double.env.PAYMONGO_URL}/v1/webhooks`);
  expect(none.status).toBe(401);
  expect(((await none.json()) as Json).errors[0]).toEqual({ code: expect.any(String), detail: expect.any(String) });
  for (const key of [double.env.PAYMONGO_PUBLIC_KEY, 'sk_test_notthekey']) {
    const { status, body } = await call('POST', '/v1/checkout_sessions', sessionAttributes(), { key });
    expect(status).toBe(401);
    expect(body.errors[0].code).toBe('api_key_invalid');
  }
  expect(double.env.PAYMONGO_SECRET_KEY).toMatch(/^sk_test_[A-Za-z0-9]{24}$/);
});

it('answers a checkout session with the fields of PayMongo’s documented example', async () => {
  const { status, body } = await call('POST', '/v1/checkout_sessions', sessionAttributes());
  expect(status).toBe(200);
  const session = body.data;
  const example = documented.checkout_session.example;
  expect(session.id).toMatch(/^cs_[A-Za-z0-9]{24}$/);
  expect(keysOf(session)).toEqual(keysOf(example));
  expect(keysOf(session.attributes)).toEqual([...keysOf(example.attributes), ...documented.checkout_session.also_documented.attributes].sort());
  expect(keysOf(session.attributes.payment_intent.attributes)).toEqual(keysOf(example.attributes.payment_intent.attributes));
  expect(keysOf(session.attributes.line_items[0])).toEqual(keysOf(example.attributes.line_items[0]));
  expect(session.attributes).toMatchObject({
    checkout_url: `${double.env.PAYMONGO_URL}/checkout/${session.id}`,
    status: 'active',
    payments: [],
    livemode: false,
    reference_number: 'APPT-1',
    metadata: { appointmentId: 'a1' },
    payment_intent: { type: 'payment_intent', attributes: { amount: 50000, currency: 'PHP', status: 'awaiting_payment_method' } },
  });
  expect(session.attributes.payment_intent.id).toMatch(/^pi_/);
  expect((await call('GET', `/v1/checkout_sessions/${session.id}`)).body).toEqual(body);
});

it('refuses amounts that are not whole centavos, another currency and a total under ₱20, in the documented error shape', async () => {
  const { status, body } = await call(
    'POST',
    '/v1/checkout_sessions',
    sessionAttributes({ line_items: [{ name: 'x', amount: 500.5, currency: 'USD', quantity: 1 }], metadata: { nested: { no: 1 } } }),
  );
  expect(status).toBe(400);
  expect(keysOf(body.errors[0])).toEqual(keysOf(documented.error.example.errors[0]));
  expect(body.errors.map((e: Json) => [e.code, e.source.pointer])).toEqual([
    ['parameter_data_type_invalid', 'attributes.line_items.0.amount'],
    ['parameter_invalid', 'attributes.line_items.0.currency'],
    ['parameter_data_type_invalid', 'attributes.metadata.nested'],
  ]);
  const small = await call('POST', '/v1/checkout_sessions', sessionAttributes({ line_items: [{ name: 'x', amount: 1999, currency: 'PHP', quantity: 1 }] }));
  expect(small.status).toBe(400);
  expect(small.body.errors[0].code).toBe('parameter_below_minimum');
  const notJson = await fetch(`${double.env.PAYMONGO_URL}/v1/checkout_sessions`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${double.env.PAYMONGO_SECRET_KEY}:`).toString('base64')}` },
    body: '{"data":',
  });
  expect(notJson.status).toBe(400);
});

it('answers unknown ids, prototype names, malformed paths and oversized bodies with a 4xx, never a 500', async () => {
  for (const pathname of ['/v1/checkout_sessions/__proto__', '/v1/payments/constructor', '/v1/refunds/toString', '/v1/webhooks/%E0%A4%A', '/v1/nothing']) {
    const { status, body } = await call('GET', pathname);
    expect([status, body.errors[0].code]).toEqual([404, expect.any(String)]);
  }
  expect((await call('POST', '/v1/refunds', { amount: 100, payment_id: '__proto__', reason: 'others' })).status).toBe(404);
  expect((await control('POST', '/checkout_sessions/__proto__/outcome', { outcome: 'paid' })).status).toBe(404);
  expect((await fetch(`${double.env.PAYMONGO_URL}/checkout/__proto__`)).status).toBe(404);
  const big = await fetch(`${double.env.PAYMONGO_URL}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${double.env.PAYMONGO_SECRET_KEY}:`).toString('base64')}` },
    body: JSON.stringify({ data: { attributes: { url: `https://example.com/${'x'.repeat(300 * 1024)}`, events: ['payment.paid'] } } }),
  });
  expect(big.status).toBe(413);
  const nested = await call('POST', '/v1/webhooks', { url: 'https://example.com/nested', events: [[['payment.paid']]] });
  expect(nested.body.errors[0].code).toBe('parameter_data_type_invalid');
});

it('gives a retried create with the same Idempotency-Key the first answer, and refuses the key with other parameters', async () => {
  const headers = { 'idempotency-key': crypto.randomUUID() };
  const first = await call('POST', '/v1/checkout_sessions', sessionAttributes(), { headers });
  const again = await call('POST', '/v1/checkout_sessions', sessionAttributes(), { headers });
  expect(again.body.data.id).toBe(first.body.data.id);
  const other = await call('POST', '/v1/checkout_sessions', sessionAttributes({ reference_number: 'APPT-2' }), { headers });
  expect(other.status).toBe(400);
});

it('sends checkout_session.payment.paid and payment.paid, signed by the documented rule, when the visitor pays', async () => {
  const session = (await call('POST', '/v1/checkout_sessions', sessionAttributes())).body.data;
  const paid = await control('POST', `/checkout_sessions/${session.id}/outcome`, { outcome: 'paid', method: 'gcash' });
  expect(paid.status).toBe(200);
  const paymentId = paid.body.payment.id;
  const sessionEvent = await firstEvent('checkout_session.payment.paid', session.id);
  const paymentEvent = await firstEvent('payment.paid', paymentId);
  for (const delivery of [sessionEvent, paymentEvent]) {
    expect(verifySignature(delivery.headers['paymongo-signature'] as string, delivery.raw, webhook.attributes.secret_key)).toBe(true);
    expect(verifySignature(delivery.headers['paymongo-signature'] as string, `${delivery.raw} `, webhook.attributes.secret_key)).toBe(false);
    expect(keysOf(delivery.body)).toEqual(keysOf(documented.event.example));
    expect(keysOf(delivery.body.data.attributes)).toEqual(keysOf(documented.event.example.data.attributes));
    expect(delivery.body.data.id).toMatch(/^evt_/);
  }
  const payment = paymentEvent.body.data.attributes.data;
  expect(keysOf(payment.attributes)).toEqual(keysOf(documented.payment.example.attributes));
  expect(payment.attributes).toMatchObject({
    amount: 50000,
    currency: 'PHP',
    status: 'paid',
    source: { type: 'gcash' },
    payment_intent_id: session.attributes.payment_intent.id,
  });
  expect(payment.attributes.fee + payment.attributes.net_amount).toBe(50000);
  const sessionData = sessionEvent.body.data.attributes.data.attributes;
  expect(sessionData.payments.map((p: Json) => p.id)).toEqual([paymentId]);
  expect(sessionData.payment_intent.attributes.status).toBe('succeeded');
  expect((await call('GET', `/v1/payments/${paymentId}`)).body.data.attributes.status).toBe('paid');
  const again = await control('POST', `/checkout_sessions/${session.id}/outcome`, { outcome: 'paid', method: 'gcash' });
  expect(again.status).toBe(409);
});

it('sends an event a third time to a receiver that answered 500 twice', async () => {
  const flaky = await startReceiver();
  flaky.answers.push(500, 500);
  const hook = (await call('POST', '/v1/webhooks', { url: flaky.url, events: ['payment.paid'] })).body.data;
  try {
    const session = (await call('POST', '/v1/checkout_sessions', sessionAttributes({ payment_method_types: ['qrph'] }))).body.data;
    const payment = (await control('POST', `/checkout_sessions/${session.id}/outcome`, { outcome: 'paid' })).body.payment;
    expect(payment.attributes.source.type).toBe('qrph');
    await waitUntil('a third delivery', () => flaky.received.length >= 3 || undefined);
    expect(flaky.received.map((r) => r.body.data.id)).toEqual(Array(3).fill(flaky.received[0].body.data.id));
    expect(flaky.received[0].body.data.attributes.data.id).toBe(payment.id);
    const { body } = await control('GET', `/deliveries?webhook=${hook.id}`);
    expect(body.data.map((a: Json) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  } finally {
    await call('POST', `/v1/webhooks/${hook.id}/disable`);
    await flaky.close();
  }
});

it('redelivers the same event id with a fresh valid signature', async () => {
  const session = (await call('POST', '/v1/checkout_sessions', sessionAttributes())).body.data;
  const payment = (await control('POST', `/checkout_sessions/${session.id}/outcome`, { outcome: 'paid', method: 'card' })).body.payment;
  const first = await firstEvent('payment.paid', payment.id);
  expect((await control('POST', `/events/${first.body.data.id}/redeliver`)).status).toBe(200);
  const both = await waitUntil('the redelivery', () =>
    eventsFor('payment.paid', payment.id).length === 2 ? eventsFor('payment.paid', payment.id) : undefined,
  );
  expect(both[1].body.data.id).toBe(first.body.data.id);
  expect(both[1].raw).toBe(first.raw);
  expect(verifySignature(both[1].headers['paymongo-signature'] as string, both[1].raw, webhook.attributes.secret_key)).toBe(true);
  const raw = await control('POST', `/events/${first.body.data.id}/deliver-raw`, { signature: 't=1,te=00,li=' });
  expect(raw.body.data[0]).toMatchObject({ webhook_id: webhook.id, kind: 'raw' });
  const bad = eventsFor('payment.paid', payment.id)[2];
  expect(verifySignature(bad.headers['paymongo-signature'] as string, bad.raw, webhook.attributes.secret_key)).toBe(false);
});

it('takes a refund pending to succeeded with its events, and refuses one above what is left', async () => {
  const session = (await call('POST', '/v1/checkout_sessions', sessionAttributes())).body.data;
  const payment = (await control('POST', `/checkout_sessions/${session.id}/outcome`, { outcome: 'paid', method: 'paymaya' })).body.payment;
  const refund = await call('POST', '/v1/refunds', { amount: 30000, payment_id: payment.id, reason: 'requested_by_customer', notes: 'cancelled' });
  expect(refund.status).toBe(200);
  expect(refund.body.data.id).toMatch(/^ref_/);
  expect(refund.body.data.attributes.status).toBe('pending');
  expect(keysOf(refund.body.data.attributes)).toEqual(
    [...keysOf(documented.refund.example.attributes), ...documented.refund.also_documented.attributes].sort(),
  );
  const updated = await firstEvent('payment.refund.updated', refund.body.data.id);
  expect(updated.body.data.attributes.data.attributes.status).toBe('succeeded');
  const refunded = await firstEvent('payment.refunded', payment.id);
  expect(refunded.body.data.attributes.data.attributes.refunds.map((r: Json) => [r.id, r.attributes.status])).toEqual([[refund.body.data.id, 'succeeded']]);
  expect((await call('GET', `/v1/refunds/${refund.body.data.id}`)).body.data.attributes.status).toBe('succeeded');

  const tooMuch = await call('POST', '/v1/refunds', { amount: 20001, payment_id: payment.id, reason: 'others' });
  expect(tooMuch.status).toBe(400);
  expect(tooMuch.body.errors[0]).toMatchObject({ code: 'parameter_above_maximum', source: { pointer: 'attributes.amount' } });
  expect((await call('GET', `/v1/payments/${payment.id}`)).body.data.attributes.refunds).toHaveLength(1);
  expect((await call('POST', '/v1/refunds', { amount: 20000, payment_id: payment.id, reason: 'bored' })).status).toBe(400);
});

it('keeps its sessions and the deliveries it owes across a restart', async () => {
  expect((await control('POST', '/webhooks/pause')).body.paused).toBe(true);
  const session = (await call('POST', '/v1/checkout_sessions', sessionAttributes())).body.data;
  const payment = (await control('POST', `/checkout_sessions/${session.id}/outcome`, { outcome: 'paid', method: 'gcash' })).body.payment;
  expect((await control('GET', '/deliveries')).body.pending).toBe(2);
  await double.restart();
  const kept = await call('GET', `/v1/checkout_sessions/${session.id}`);
  expect(kept.body.data.attributes.payments.map((p: Json) => p.id)).toEqual([payment.id]);
  expect(eventsFor('payment.paid', payment.id)).toEqual([]);
  await control('POST', '/webhooks/resume');
  const delivered = await firstEvent('payment.paid', payment.id);
  expect(verifySignature(delivered.headers['paymongo-signature'] as string, delivered.raw, webhook.attributes.secret_key)).toBe(true);
  await waitUntil('nothing owed', async () => (await control('GET', '/deliveries')).body.pending === 0 || undefined);
});

it('lets a visitor fail, retry, pay once and leave through the checkout page’s forms', async () => {
  const base = double.env.PAYMONGO_URL;
  const session = (await call('POST', '/v1/checkout_sessions', sessionAttributes())).body.data;
  const pageUrl = session.attributes.checkout_url;
  const html = await (await fetch(pageUrl)).text();
  expect(html).toContain('name="viewport"');
  for (const label of ['Pay with GCash', 'Pay with Maya', 'Pay with QR Ph', 'Pay with card', 'Fail the payment', 'Cancel', '₱500.00'])
    expect(html).toContain(label);
  const post = (action: string, form: Record<string, string> = {}) =>
    fetch(`${base}/checkout/${session.id}/${action}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

  const failed = await post('fail', { method: 'gcash' });
  expect(failed.status).toBe(303);
  expect(failed.headers.get('location')).toBe(`/checkout/${session.id}?result=failed`);
  expect(await (await fetch(`${base}${failed.headers.get('location')}`)).text()).toContain('role="alert"');
  const failure = await waitUntil('payment.failed', () =>
    receiver.received.find(
      (r) =>
        r.body.data.attributes.type === 'payment.failed' && r.body.data.attributes.data.attributes.payment_intent_id === session.attributes.payment_intent.id,
    ),
  );
  expect(failure.body.data.attributes.data.attributes.status).toBe('failed');

  const paid = await post('pay', { method: 'paymaya' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(session.attributes.success_url);
  const twice = await post('pay', { method: 'gcash' });
  expect(twice.headers.get('location')).toBe(`/checkout/${session.id}`);
  expect(await (await fetch(pageUrl)).text()).toContain('already been paid');
  const after = (await call('GET', `/v1/checkout_sessions/${session.id}`)).body.data.attributes;
  expect(after.payments.map((p: Json) => p.attributes.source.type)).toEqual(['paymaya']);

  const other = (await call('POST', '/v1/checkout_sessions', sessionAttributes({ payment_method_types: ['gcash'] }))).body.data;
  const offered = await fetch(`${base}/checkout/${other.id}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'card' }), redirect: 'manual' });
  expect(offered.status).toBe(400);
  const left = await fetch(`${base}/checkout/${other.id}/cancel`, { method: 'POST', redirect: 'manual' });
  expect(left.headers.get('location')).toBe(other.attributes.cancel_url);
  expect((await control('POST', `/checkout_sessions/${other.id}/outcome`, { outcome: 'abandoned' })).status).toBe(200);
  expect((await control('GET', `/checkout_sessions/${other.id}`)).body.outcomes.map((o: Json) => o.outcome)).toEqual(['abandoned']);
  expect((await call('POST', `/v1/checkout_sessions/${other.id}/expire`)).body.data.attributes.status).toBe('expired');
  const late = await fetch(`${base}/checkout/${other.id}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'gcash' }), redirect: 'manual' });
  expect(late.headers.get('location')).toBe(`/checkout/${other.id}`);
  expect(await (await fetch(other.attributes.checkout_url)).text()).toContain('expired');
  expect((await call('GET', `/v1/checkout_sessions/${other.id}`)).body.data.attributes.payments).toEqual([]);
  expect((await fetch(pageUrl, { method: 'DELETE' })).status).toBe(405);
});

it('registers a webhook once per URL through registerWebhook, whatever the number of calls', () => {
  const script = `
    const { registerWebhook } = await import(${JSON.stringify(path.join(root, 'scripts', 'servers', 'paymongo.mjs'))});
    const env = JSON.parse(process.argv[1]);
    const url = 'http://127.0.0.1:9/api/payments/webhooks/paymongo';
    const first = await registerWebhook(env, url, ['payment.paid']);
    const second = await registerWebhook(env, url, ['payment.paid', 'checkout_session.payment.paid']);
    process.stdout.write(JSON.stringify({ first, second }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(double.env)], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  const { first, second } = JSON.parse(run.stdout) as Json;
  expect(first.id).toMatch(/^hook_/);
  expect(first.secretKey).toMatch(/^whsk_/);
  expect(second).toEqual(first);
});
