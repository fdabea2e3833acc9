import http from 'node:http';
import { adminToken, json, testMongoUrl } from '@bb/service-kit/testing';
import { fakeService, gateway, startedInFile } from './support';

describe('gateway', () => {
  const { start, upstream, closeAfterAll } = startedInFile();

  it('proxies a public route to its service with path, query and a request id', async () => {
    const catalog = await upstream((_req, res) => {
      res.json([{ id: 't1' }]);
    });
    const gw = await start({ CATALOG_URL: catalog.url });
    const res = await fetch(`${gw.url}/api/treatments?offering=clinic`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 't1' }]);
    expect(catalog.seen[0]).toMatchObject({ method: 'GET', url: '/api/treatments?offering=clinic' });
    expect(catalog.seen[0].requestId).toBe(res.headers.get('x-request-id'));
  });

  it('refuses an admin route without a valid token before it reaches the service', async () => {
    const booking = await upstream((_req, res) => {
      res.json([]);
    });
    const gw = await start({ BOOKING_URL: booking.url });
    for (const authorization of [
      undefined,
      'Bearer junk',
      `Bearer ${adminToken({ secret: 'some-other-key-0123456789abcdef' })}`,
      `Bearer ${adminToken({ expiresIn: -5 })}`,
    ]) {
      const res = await fetch(`${gw.url}/api/appointments`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
    }
    expect(booking.seen).toHaveLength(0);
    const ok = await fetch(`${gw.url}/api/appointments`, { headers: { authorization: `Bearer ${adminToken()}` } });
    expect(ok.status).toBe(200);
  });

  it('honours a logout at once: the same token is refused afterwards', async () => {
    const auth = await upstream((_req, res) => {
      res.json({ message: 'Signed out' });
    });
    const gw = await start({ AUTH_URL: auth.url });
    const token = adminToken({ jti: 'logout-jti' });
    expect((await fetch(`${gw.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(gw.ctx.revocations.isRevoked('logout-jti')).toBe(true);
    expect((await fetch(`${gw.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('honours a logout at once on another gateway replica too, before any event could tell it', async () => {
    const auth = await upstream((_req, res) => {
      res.json({ message: 'Signed out' });
    });
    // Two replicas on one database; each harness has its own exchange, so no event passes between them.
    const shared = testMongoUrl('gw_logout_replicas');
    const first = await gateway({ AUTH_URL: auth.url }, {}, shared);
    const second = await gateway({ AUTH_URL: auth.url }, {}, shared);
    closeAfterAll(first.close, second.close);
    const token = adminToken();
    const me = (url: string) => fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(second.url)).status).toBe(200);
    expect((await fetch(`${first.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const refused = await me(second.url);
    expect(refused.status).toBe(401);
    expect((await json<{ message: string }>(refused)).message).toBe('Session ended, please sign in again');
    // Refused again from memory once seen; another token of the same user still passes.
    expect((await me(second.url)).status).toBe(401);
    expect((await fetch(`${second.url}/api/auth/me`, { headers: { authorization: `Bearer ${adminToken()}` } })).status).toBe(200);
  });

  it('answers JSON 502 when the service is down and 504 when it is too slow', async () => {
    const slow = await upstream((_req, res) => {
      setTimeout(() => res.json([]), 1500);
    });
    const closedPort = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const gw = await start({ CATALOG_URL: `http://127.0.0.1:${closedPort}`, BOOKING_URL: slow.url }, { UPSTREAM_TIMEOUT_MS: '500' });
    const down = await fetch(`${gw.url}/api/treatments`);
    expect(down.status).toBe(502);
    expect((await json<{ message: string }>(down)).message).toMatch(/catalog service is unavailable/);
    const late = await fetch(`${gw.url}/api/office-hours/clinic`);
    expect(late.status).toBe(504);
    expect((await json<{ message: string }>(late)).message).toMatch(/did not answer in time/);
    expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  });

  it('releases the answer of the service when the client goes away in the middle of it', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const streaming = await upstream((_req, res) => {
      res.on('close', upstreamClosed);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first part of a long answer');
    });
    // Far longer than the wait below: the release must come from the client leaving.
    const gw = await start({ CATALOG_URL: streaming.url }, { UPSTREAM_TIMEOUT_MS: '10000' });
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${gw.url}/api/treatments`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    const outcome = await Promise.race([closed.then(() => 'released'), new Promise((resolve) => setTimeout(() => resolve('still open'), 1500))]);
    expect(outcome).toBe('released');
  });

  it('takes the replicas of a service in turn, and skips a stopped one after its first refusal', async () => {
    const first = await fakeService((_req, res) => void res.json({ replica: 1 }));
    const second = await upstream((_req, res) => void res.json({ replica: 2 }));
    const gw = await start({ CATALOG_URL: [first.url, second.url] });
    const replicas = async (n: number) => {
      const answers: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const res = await fetch(`${gw.url}/api/treatments`);
        answers.push(res.status === 200 ? ((await res.json()) as { replica: number }).replica : res.status);
      }
      return answers;
    };
    expect(await replicas(4)).toEqual([1, 2, 1, 2]);
    await first.close();
    // The request that meets the stopped replica is refused there and goes to the live one.
    expect(await replicas(6)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('sends a write the stopped replica refused to the next one, body intact, once', async () => {
    const stopped = await fakeService((_req, res) => void res.status(201).json({ replica: 1 }));
    const live = await upstream((req, res) => void res.status(201).json({ replica: 2, got: req.body }));
    const gw = await start({ SUBSCRIBERS_URL: [stopped.url, live.url] });
    await stopped.close();
    const bodies = Array.from({ length: 6 }, (_, i) => ({ email: `reader${i}@example.com`, note: 'x'.repeat(i * 20000) }));
    const answers = await Promise.all(
      bodies.map((body) =>
        fetch(`${gw.url}/api/email-subscribers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 201));
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual(bodies.map((got) => ({ replica: 2, got })));
    expect(live.seen.filter((s) => s.method === 'POST')).toHaveLength(6);
  });

  it('checks the token before any replica is tried: no, garbage and revoked tokens never reach the live replica behind a stopped one', async () => {
    const stopped = await fakeService((_req, res) => void res.json({ replica: 1 }));
    const live = await upstream((_req, res) => void res.json({ replica: 2 }));
    const auth = await upstream((_req, res) => void res.json({ message: 'Logged out' }));
    const gw = await start({ BOOKING_URL: [stopped.url, live.url], AUTH_URL: auth.url });
    await stopped.close();
    const token = adminToken();
    expect((await fetch(`${gw.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    for (const authorization of [undefined, 'Bearer not-a-token', `Bearer ${token}`]) {
      // Staff routes: the list (GET, HEAD) and a settings write, in their other spellings.
      const attempts = ['/api/appointments', '/API/APPOINTMENTS', '/api/appointments/', '/api//appointments']
        .flatMap((path) => [
          ['GET', path],
          ['HEAD', path],
        ])
        .concat([
          ['PUT', '/api/settings/clinic'],
          ['PUT', '/api/settings/clinic/'],
          ['PUT', '/API/Settings/clinic'],
        ]);
      for (const [method, path] of attempts) {
        const res = await fetch(`${gw.url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: method === 'PUT' ? '{}' : undefined,
        });
        expect([authorization ?? 'none', method, path, res.status < 400]).toEqual([authorization ?? 'none', method, path, false]);
      }
    }
    expect(live.seen).toEqual([]);
    // A valid token goes through, past the stopped replica to the live one.
    expect((await fetch(`${gw.url}/api/appointments`, { headers: { authorization: `Bearer ${adminToken()}` } })).status).toBe(200);
    expect(live.seen.map((s) => s.url)).toEqual(['/api/appointments']);
  });

  it('sends 60 parallel writes refused by a stopped replica to the live one, each exactly once', async () => {
    const stopped = await fakeService((_req, res) => void res.status(201).json({}));
    const live = await upstream((req, res) => void res.status(201).json({ got: req.body }));
    const gw = await start({ SUBSCRIBERS_URL: [stopped.url, live.url] });
    await stopped.close();
    const emails = Array.from({ length: 60 }, (_, i) => `parallel${i}@example.com`);
    const answers = await Promise.all(
      emails.map((email) =>
        fetch(`${gw.url}/api/email-subscribers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));
    expect(live.seen.map((s) => (s.body as { email: string }).email).sort()).toEqual([...emails].sort());
  });

  it('answers 502 when every replica refuses, and never sends again a write whose connection broke after it was sent', async () => {
    const closedPort = async () => {
      const { url, close } = await fakeService((_req, res) => void res.json({}));
      await close();
      return url;
    };
    const gw = await start({ SUBSCRIBERS_URL: [await closedPort(), await closedPort()] });
    const none = await fetch(`${gw.url}/api/email-subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@example.com"}',
    });
    expect(none.status).toBe(502);
    expect((await json<{ message: string }>(none)).message).toMatch(/subscribers service is unavailable/);

    // A replica that takes the request and dies before answering: the write may have happened.
    const dying = await upstream((req) => req.socket.destroy());
    const other = await upstream((_req, res) => void res.status(201).json({}));
    const gw2 = await start({ SUBSCRIBERS_URL: [dying.url, other.url], CATALOG_URL: [dying.url, other.url] });
    const write = await fetch(`${gw2.url}/api/email-subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"b@example.com"}',
    });
    expect(write.status).toBe(502);
    expect(other.seen).toHaveLength(0);
    // A read is safe to send again: the dying replica saw it, the other one answered it.
    expect((await fetch(`${gw2.url}/api/treatments`)).status).toBe(201);
    expect([dying.seen.at(-1)?.url, other.seen.map((s) => s.url)]).toEqual(['/api/treatments', ['/api/treatments']]);
  });
});
