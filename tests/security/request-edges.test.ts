import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { headLength, mongoDatabaseUrl, requireEnv, sendRaw, sendSlowly, waitFor } from '@bb/service-kit/testing';
import { raw, urls, type RawAnswer } from './support';

// Issue 24's attack run, replayed against the running stack: through the gateway and directly
// on a service's port (reachable on the network, so it must refuse alone what the gateway
// refuses). Deep JSON, bodies on reads, oversized bodies, slow senders, and a password set
// again with the admin command ending that user's sessions everywhere.
jest.setTimeout(3 * 60 * 1000);

const gateways = urls('GATEWAY_REPLICA_URLS');
const booking = urls('BOOKING_REPLICA_URLS');
const catalog = urls('CATALOG_REPLICA_URLS');
const auth = urls('AUTH_REPLICA_URLS');
const gateway = requireEnv('GATEWAY_URL');
/** Our own client address, so nothing here counts against another file's limits. */
const from = '127.0.0.24';
const json = { 'content-type': 'application/json' };
const message = (answer: RawAnswer) => (JSON.parse(answer.text) as { message: string }).message;
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Where a public write and a public read are answered: the gateway, and the owning service's port. */
const targets = [
  { name: 'gateway', post: gateway, get: gateway },
  { name: 'service port', post: booking[0], get: catalog[0] },
];

describe.each(targets)('deep JSON at the $name', ({ post, get }) => {
  it('is answered 400 naming the limit on a public POST, never 500', async () => {
    for (const body of [nestedArrays(20_000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), `{"firstName":${nestedArrays(40)}}`]) {
      const answer = await raw(post, { method: 'POST', path: '/api/appointments', headers: json, body, from });
      expect(answer.status).toBe(400);
      expect(message(answer)).toBe('Request body is nested too deeply (more than 32 levels)');
    }
  });

  it('is answered 400 on a public GET that carries it, before anything reads it', async () => {
    const answer = await raw(get, { method: 'GET', path: '/api/treatments', headers: json, body: nestedArrays(20_000), from });
    expect(answer.status).toBe(400);
    expect(message(answer)).toBe('A GET request may not carry a body');
    expect(answer.headers.connection).toBe('close');
  });
});

describe.each(targets)('reads with a body at the $name', ({ get }) => {
  it.each([
    ['GET', 'Content-Length: 2'],
    ['HEAD', 'Content-Length: 2'],
    ['GET', 'Transfer-Encoding: chunked'],
    ['HEAD', 'Transfer-Encoding: chunked'],
  ])('%s with %s is refused with 400', async (method, framing) => {
    const body = framing.startsWith('Transfer') ? '2\r\n{}\r\n0\r\n\r\n' : '{}';
    const answer = await sendRaw(get, `${method} /api/treatments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n\r\n${body}`);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('still answers the same read without a body', async () => {
    expect((await raw(get, { method: 'GET', path: '/api/treatments', from })).status).toBe(200);
    expect((await sendRaw(get, 'GET /api/treatments HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});

describe.each(targets)('oversized bodies at the $name', ({ post }) => {
  it('are answered 413, and the process answers the next request', async () => {
    for (const bytes of [150 * 1024, 2 * 1024 * 1024]) {
      const answer = await raw(post, { method: 'POST', path: '/api/appointments', headers: json, body: JSON.stringify({ notes: 'x'.repeat(bytes) }), from });
      expect(answer.status).toBe(413);
      expect(message(answer)).toMatch(/too large/);
    }
    expect((await raw(post, { method: 'POST', path: '/api/appointments', headers: json, body: '{}', from })).status).toBe(400);
  });
});

it('refuses an oversized sign-in at the gateway before the auth service sees it', async () => {
  const answer = await raw(gateway, {
    method: 'POST',
    path: '/api/auth/login',
    headers: json,
    body: JSON.stringify({ username: 'admin', password: 'x'.repeat(20 * 1024) }),
    from,
  });
  expect(answer.status).toBe(413);
});

describe('slow senders', () => {
  // The stack's processes run with the defaults unless the environment of the run sets them.
  const headersMs = Number(process.env.HTTP_HEADERS_TIMEOUT_MS ?? 20000);
  const requestMs = Number(process.env.HTTP_REQUEST_TIMEOUT_MS ?? 30000);
  const oneByteEvery = 500;

  it('are cut off at the gateway and at a service port, with 408 or a closed connection, while others are served', async () => {
    const headers = `GET /api/treatments HTTP/1.1\r\nHost: x\r\nX-Padding: ${'p'.repeat(200)}\r\n\r\n`;
    const body = JSON.stringify({ firstName: 'x'.repeat(400) });
    const write = `POST /api/appointments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const slowHeaders = [gateway, catalog[0]].map((base) => sendSlowly(base, headers, { delayMs: oneByteEvery, giveUpMs: headersMs + 20000 }));
    // The head at once, then the body a byte at a time: only the request timeout cuts it.
    const slowBodies = [gateway, booking[0]].map((base) =>
      sendSlowly(base, write, { delayMs: oneByteEvery, startWith: headLength(write), giveUpMs: requestMs + 20000 }),
    );
    const served: number[] = [];
    const started = Date.now();
    while (Date.now() - started < headersMs / 2) {
      served.push(
        (await raw(gateway, { method: 'GET', path: '/api/treatments', from })).status,
        (await raw(catalog[0], { method: 'GET', path: '/api/treatments', from })).status,
      );
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(served.every((s) => s === 200)).toBe(true);
    // Cut near the limit (Node checks the timeouts once a second here), long before the whole request was sent.
    for (const outcome of await Promise.all(slowHeaders)) {
      expect([408, null]).toContain(outcome.status);
      expect(outcome.elapsedMs).toBeLessThan(headersMs + 5000);
      expect(outcome.bytesSent).toBeLessThan(headLength(headers));
    }
    for (const outcome of await Promise.all(slowBodies)) {
      expect([408, null]).toContain(outcome.status);
      expect(outcome.elapsedMs).toBeGreaterThanOrEqual(requestMs - 1000);
      expect(outcome.elapsedMs).toBeLessThan(requestMs + 5000);
      expect(outcome.bytesSent).toBeLessThan(write.length);
    }
  });
});

describe('a password set again with the admin command', () => {
  const cli = path.resolve(__dirname, '..', '..', 'services', 'auth', 'dist', 'admin-cli.js');
  const username = `edge-${randomUUID().slice(0, 8)}`;
  const setPassword = (password: string) => {
    const result = spawnSync(process.execPath, [cli, 'set-password', username], {
      input: `${password}\n`,
      env: { ...process.env, MONGO_URL: mongoDatabaseUrl('stack_auth'), LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`set-password answered ${result.status}: ${result.stderr}`);
    return result.stdout;
  };
  const signIn = async (password: string) => {
    const answer = await raw(gateway, { method: 'POST', path: '/api/auth/login', headers: json, body: JSON.stringify({ username, password }), from });
    return { status: answer.status, token: answer.status === 200 ? (JSON.parse(answer.text) as { token: string }).token : '' };
  };
  /** A staff read on both gateways, on each booking process and on auth directly. */
  const probes = (token: string) => {
    const authorization = { authorization: `Bearer ${token}` };
    return Promise.all([
      ...[...gateways, ...booking].map((base) => raw(base, { method: 'GET', path: '/api/appointments', headers: authorization, from }).then((a) => a.status)),
      ...auth.map((base) => raw(base, { method: 'GET', path: '/api/auth/me', headers: authorization, from }).then((a) => a.status)),
    ]);
  };

  it('refuses the tokens of that user issued before it, at both gateways and directly at the services; a new sign-in works', async () => {
    const first = `first-${randomUUID()}`;
    const second = `second-${randomUUID()}`;
    expect(setPassword(first)).toMatch(/created/);
    const before = await signIn(first);
    expect(before.status).toBe(200);
    const everyone = (await probes(before.token)).length;
    expect(await probes(before.token)).toEqual(Array(everyone).fill(200));

    expect(setPassword(second)).toMatch(/changed/);
    // Nobody logged that token out: every process refuses it from its user and issue time.
    await waitFor('every process refusing the old token', async () => (await probes(before.token)).every((s) => s === 401), 15000, 200);
    expect((await signIn(first)).status).toBe(401);
    const after = await signIn(second);
    expect(after.status).toBe(200);
    expect(await probes(after.token)).toEqual(Array(everyone).fill(200));
  });
});
