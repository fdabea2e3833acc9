import { Writable } from 'node:stream';
import express from 'express';
import { createLogger } from '@bb/service-kit';
import { adminToken, expectSlowSendersCutOff, sendRaw, serve, testMongoUrl, waitFor } from '@bb/service-kit/testing';
import { REPLAYABLE_BODY_BYTES } from '../src/proxy';
import { fakeService, startedInFile } from './support';

// The gateway at the edges issue 24's attack run found: bodies on reads, the retry copy of
// bodies, slow senders, link tokens in its logs, and sessions ended by a password set again.

const { start, upstream, closeAfterAll } = startedInFile();

/** A service that counts every request as it arrives, before reading its body (so a body too large to parse is still seen). */
async function countingService(status = 201) {
  const arrived: { method: string; url: string; bytes: number }[] = [];
  const app = express();
  app.use((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      arrived.push({ method: req.method, url: req.url, bytes });
      res.status(status).json({ bytes });
    });
  });
  const server = await serve(app);
  return { ...server, arrived };
}

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('a read with a body', () => {
  it.each([
    ['GET', '/api/treatments', 'content-length: 40000'],
    ['HEAD', '/api/treatments', 'content-length: 40000'],
    ['GET', '/api/treatments', 'transfer-encoding: chunked'],
    ['GET', '/api/available-slots?offeringType=clinic', 'content-length: 40000'],
    ['GET', '/', 'content-length: 40000'],
  ])('%s %s with %s is refused with 400 before anything is forwarded or buffered', async (method, path, framing) => {
    const catalog = await countingService(200);
    closeAfterAll(catalog.close);
    const gw = await start({ CATALOG_URL: catalog.url, BOOKING_URL: catalog.url });
    const body = nestedArrays(20_000);
    const payload = framing.startsWith('transfer') ? `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body;
    const outcome = await sendRaw(gw.url, `${method} ${path} HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n${framing}\r\n\r\n${payload}`);
    expect(outcome.status).toBe(400);
    expect(outcome.text).toMatch(/connection: close/i);
    if (method === 'GET') expect(outcome.text).toContain('{"message":"A GET request may not carry a body"}');
    expect(catalog.arrived).toEqual([]);
    // Without a body, or with an empty one, the same read goes through.
    expect((await sendRaw(gw.url, `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`)).status).not.toBe(400);
  });
});

describe('the copy of a body kept to send it again', () => {
  /** A JSON body of exactly `bytes` bytes. */
  const post = (base: string, bytes: number) => {
    const frame = JSON.stringify({ email: 'a@example.com', note: '' });
    return fetch(`${base}/api/email-subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: frame.replace('""}', `"${'x'.repeat(bytes - frame.length)}"}`),
    });
  };
  /** A gateway in front of two subscribers replicas, the first of them stopped. */
  const withStoppedReplica = async () => {
    const stopped = await countingService();
    const live = await countingService();
    closeAfterAll(live.close);
    const gw = await start({ SUBSCRIBERS_URL: [stopped.url, live.url] });
    await stopped.close();
    return { gw, live };
  };

  it(`is kept up to ${REPLAYABLE_BODY_BYTES / 1024} KiB: such a write a stopped replica refused reaches the live one`, async () => {
    const { gw, live } = await withStoppedReplica();
    const res = await post(gw.url, 90 * 1024);
    expect(res.status).toBe(201);
    expect(live.arrived).toHaveLength(1);
  });

  it('is not kept past it: a larger write streams on, and is answered 502 when its replica refused it (it was sent again with up to 256 KiB kept)', async () => {
    const { gw, live } = await withStoppedReplica();
    const res = await post(gw.url, 150 * 1024);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toMatch(/subscribers service is unavailable/);
    expect(live.arrived).toEqual([]);
    // The replica that refused is left out for a while: the next large write goes to the live one whole.
    const next = await post(gw.url, 150 * 1024);
    expect(next.status).toBe(201);
    expect(live.arrived.map((a) => a.bytes)).toEqual([150 * 1024]);
  });
});

describe('slow senders', () => {
  it('are cut off with 408 (or a closed connection) past the header and request timeouts, while others are served', async () => {
    const subscribers = await countingService();
    closeAfterAll(subscribers.close);
    const catalog = await upstream((_req, res) => void res.json([]));
    const gw = await start({ SUBSCRIBERS_URL: subscribers.url, CATALOG_URL: catalog.url }, { HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_HEADERS_TIMEOUT_MS: '800' });
    await expectSlowSendersCutOff(gw.url, {
      readPath: '/api/treatments',
      write: { path: '/api/email-subscribers', body: { email: 'slow@example.com', note: 'x'.repeat(400) } },
      other: async () => expect((await fetch(`${gw.url}/api/treatments`)).status).toBe(200),
      forMs: 1200,
    });
    // The cut-off write never completed at the service.
    expect(subscribers.arrived.filter((a) => a.method === 'POST')).toEqual([]);
    expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  });
});

describe('link tokens', () => {
  it('never appear in a gateway log line: access lines, the web app, proxy errors', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const booking = await upstream((_req, res) => void res.json({}));
    const down = await fakeService((_req, res) => void res.json({}));
    await down.close();
    const gw = await start({ BOOKING_URL: booking.url, SUBSCRIBERS_URL: down.url }, {}, undefined, createLogger('gateway', 'debug', stream));
    const manage = 'bWFuYWdlLWxpbmstdG9rZW4tMTIzNDU2';
    const feed = 'ZmVlZC10b2tlbi0xMjM0NTY3ODkwMTIz';
    const unsubscribe = 'dW5zdWJzY3JpYmUtdG9rZW4tMTIzNDU2';
    expect((await fetch(`${gw.url}/api/manage/${manage}`)).status).toBe(200);
    expect((await fetch(`${gw.url}/api/manage/${manage}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(
      200,
    );
    expect((await fetch(`${gw.url}/api/calendar/${feed}.ics`)).status).toBe(200);
    await fetch(`${gw.url}/manage/${manage}`);
    expect((await fetch(`${gw.url}/api/email-subscribers/unsubscribe?token=${unsubscribe}`)).status).toBe(502);
    await new Promise((r) => setTimeout(r, 50));
    const text = lines.join('\n');
    for (const token of [manage, feed, unsubscribe]) expect(text).not.toContain(token);
    const parsed = lines.map((l) => JSON.parse(l) as { msg: string; url?: string });
    expect(parsed.filter((l) => l.msg === 'request').map((l) => l.url)).toEqual([
      '/api/manage/[token]',
      '/api/manage/[token]/cancel',
      '/api/calendar/[token].ics',
      '/manage/[token]',
      '/api/email-subscribers/unsubscribe?token=[token]',
    ]);
    expect(parsed.filter((l) => l.msg === 'upstream failed').map((l) => l.url)).toEqual(['/api/email-subscribers/unsubscribe?token=[token]']);
  });
});

describe('a password set again', () => {
  it('ends every session of that user issued before it, at once and after a restart, and lets new ones in', async () => {
    const booking = await upstream((_req, res) => void res.json([]));
    const shared = testMongoUrl('gateway_sign_outs');
    const gw = await start({ BOOKING_URL: booking.url }, {}, shared);
    closeAfterAll(() => gw.ctx.conn.dropDatabase().then(() => undefined));
    const now = Math.floor(Date.now() / 1000);
    // Tokens nobody has seen before: no logout names their jti.
    const before = adminToken({ subject: 'user-1', issuedAt: now - 60 });
    const otherUser = adminToken({ subject: 'user-2', issuedAt: now - 60 });
    const list = (token: string) => fetch(`${gw.url}/api/appointments`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect(await list(before)).toBe(200);
    await gw.ctx.bus.publish('auth.user.sessions-revoked', { userId: 'user-1', issuedBefore: now - 30 });
    await waitFor('the sign-out to reach the gateway', async () => (await list(before)) === 401);
    const res = await fetch(`${gw.url}/api/appointments`, { headers: { authorization: `Bearer ${before}` } });
    expect(((await res.json()) as { message: string }).message).toMatch(/sign in again/);
    expect(await list(otherUser)).toBe(200);
    expect(await list(adminToken({ subject: 'user-1', issuedAt: now - 30 }))).toBe(200);
    // An older sign-out heard late never lets the earlier tokens back in.
    await gw.ctx.bus.publish('auth.user.sessions-revoked', { userId: 'user-1', issuedBefore: now - 90 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await list(before)).toBe(401);
    // A replica started afterwards knows it from the database its durable consumer wrote.
    await waitFor('the sign-out stored', async () => (await gw.ctx.conn.collection('user_sign_outs').countDocuments({ _id: 'user-1' as never })) === 1);
    const later = await start({ BOOKING_URL: booking.url }, {}, shared);
    expect(await fetch(`${later.url}/api/appointments`, { headers: { authorization: `Bearer ${before}` } }).then((r) => r.status)).toBe(401);
    expect(await fetch(`${later.url}/api/appointments`, { headers: { authorization: `Bearer ${otherUser}` } }).then((r) => r.status)).toBe(200);
  });
});
