import http from 'node:http';
import type express from 'express';
import { adminToken, json, testMongoUrl } from '@bb/service-kit/testing';
import { fakeService, gateway } from './support';

describe('gateway', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });
  async function start(...args: Parameters<typeof gateway>) {
    const g = await gateway(...args);
    closers.push(g.close);
    return { url: g.url, isRevoked: (jti: string) => g.ctx.revocations.isRevoked(jti) };
  }
  async function upstream(handler: express.RequestHandler) {
    const u = await fakeService(handler);
    closers.push(u.close);
    return u;
  }

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
    expect(gw.isRevoked('logout-jti')).toBe(true);
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
    closers.push(first.close, second.close);
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

  it('limits wrong passwords per client and username, not for others', async () => {
    const auth = await upstream((req, res) => {
      if (req.body.password === 'right') res.json({ token: 't', user: { id: '1', username: req.body.username } });
      else res.status(401).json({ message: 'Invalid username or password.' });
    });
    const gw = await start({ AUTH_URL: auth.url });
    const login = (username: string, password: string, client: string) =>
      fetch(`${gw.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ username, password }),
      });
    for (let i = 0; i < 10; i++) expect((await login('owner', 'wrong', '10.0.0.1')).status).toBe(401);
    const blocked = await login('owner', 'right', '10.0.0.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json<{ message: string }>(blocked)).message).toMatch(/Too many/);
    expect((await login('staff2', 'right', '10.0.0.2')).status).toBe(200);
    expect(auth.seen.filter((s) => s.url === '/api/auth/login')).toHaveLength(11);
  });

  it('answers a login body that is not a JSON object with 400 at once (found by schemathesis: it hung)', async () => {
    const auth = await upstream((_req, res) => {
      res.json({});
    });
    const gw = await start({ AUTH_URL: auth.url });
    for (const body of ['null', '[]', '"admin"', '{"username":']) {
      const res = await fetch(`${gw.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(3000),
      });
      expect(res.status).toBe(400);
    }
    expect(auth.seen).toHaveLength(0);
    // A body sent as another type is passed on untouched for the service to refuse.
    const plain = await fetch(`${gw.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"username":"a"}',
      signal: AbortSignal.timeout(3000),
    });
    expect(plain.status).toBe(200);
    expect(auth.seen).toHaveLength(1);
    const ok = await fetch(`${gw.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    });
    expect(ok.status).toBe(200);
    expect(auth.seen[1].body).toEqual({ username: 'a', password: 'b' });
  });

  it('limits public writes per client with 429 and Retry-After, and not admin writes', async () => {
    const service = await upstream((_req, res) => {
      res.status(201).json({});
    });
    const gw = await start({ CATALOG_URL: service.url, SUBSCRIBERS_URL: service.url }, { PUBLIC_POSTS_PER_MINUTE: '3' });
    const publicPost = (client: string) => fetch(`${gw.url}/api/email-subscribers`, { method: 'POST', headers: { 'x-forwarded-for': client } });
    const adminPost = (client: string) =>
      fetch(`${gw.url}/api/upload`, { method: 'POST', headers: { 'x-forwarded-for': client, authorization: `Bearer ${adminToken()}` } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await publicPost('10.0.0.4')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await publicPost('10.0.0.4');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await adminPost('10.0.0.4')).status).toBe(201);
    expect((await publicPost('10.0.0.5')).status).toBe(201);
  });

  it('answers an unknown API path with JSON 404 and serves the OpenAPI document', async () => {
    const gw = await start({});
    const res = await fetch(`${gw.url}/api/nope`);
    expect(res.status).toBe(404);
    expect((await json<{ message: string }>(res)).message).toMatch(/No route/);
    const doc = (await (await fetch(`${gw.url}/api/docs/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/appointments/{id}');
  });

  it('answers a method a documented path does not serve with 405 and Allow', async () => {
    const gw = await start({});
    const res = await fetch(`${gw.url}/api/auth/config`, { method: 'PATCH' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await json<{ message: string }>(res)).message).toMatch(/PATCH is not allowed/);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const gw = await start({});
    const res = await fetch(`${gw.url}/api/docs`);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  describe('under attack', () => {
    const wrongPasswords = async () =>
      upstream((req, res) => {
        if (req.body.password === 'right') res.json({ token: 't', user: { id: '1', username: req.body.username } });
        else res.status(401).json({ message: 'Invalid username or password.' });
      });
    const loginFrom = (base: string, username: string, password: string, client?: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(client ? { 'x-forwarded-for': client } : {}) },
        body: JSON.stringify({ username, password }),
      });

    it('counts sign-in attempts in flight: of 60 parallel wrong passwords at most 10 reach the service', async () => {
      const auth = await wrongPasswords();
      const gw = await start({ AUTH_URL: auth.url });
      const statuses = await Promise.all(Array.from({ length: 60 }, () => loginFrom(gw.url, 'owner', 'wrong', '10.1.0.1').then((r) => r.status)));
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 429).length).toBe(60 - statuses.filter((s) => s === 401).length);
      expect(auth.seen.length).toBeLessThanOrEqual(10);
    });

    it('shares the counts between gateway replicas', async () => {
      const auth = await wrongPasswords();
      const shared = testMongoUrl('gateway_shared_limits');
      const one = await start({ AUTH_URL: auth.url }, {}, shared);
      const two = await start({ AUTH_URL: auth.url }, {}, shared);
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await loginFrom(i % 2 ? one.url : two.url, 'owner', 'wrong', '10.1.0.2')).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy: 30 spoofed addresses share one key', async () => {
      const auth = await wrongPasswords();
      const gw = await start({ AUTH_URL: auth.url }, { TRUSTED_PROXIES: '' });
      const statuses = [];
      for (let i = 0; i < 30; i++) statuses.push((await loginFrom(gw.url, `user${i}`, 'wrong', `203.0.113.${i}`)).status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    });

    it('slows one username down across addresses with a doubling back-off, then lets it try again', async () => {
      const auth = await wrongPasswords();
      const gw = await start({ AUTH_URL: auth.url }, { LOGIN_ATTEMPTS_PER_USERNAME: '3' });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await loginFrom(gw.url, 'Owner', 'wrong', `10.2.0.${i}`)).status);
      // Three free attempts, the fourth starts a 1 s back-off, the fifth falls inside it.
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      const refused = await loginFrom(gw.url, 'owner', 'right', '10.2.0.9');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await loginFrom(gw.url, 'owner', 'right', '10.2.0.9')).status).toBe(200);
    });

    it('gives a successful sign-in back to its address: eleven good sign-ins in a row pass', async () => {
      const auth = await wrongPasswords();
      const gw = await start({ AUTH_URL: auth.url });
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await loginFrom(gw.url, 'owner', 'right', '10.3.0.1')).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
    });

    it('forwards a sign-in sent as Application/JSON byte for byte, and answers at once', async () => {
      const auth = await wrongPasswords();
      const gw = await start({ AUTH_URL: auth.url });
      const body = '{ "username" : "owner",\n  "password": "right" }';
      const res = await fetch(`${gw.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'Application/JSON; Charset=UTF-8' },
        body,
        signal: AbortSignal.timeout(1000),
      });
      expect(res.status).toBe(200);
      expect(auth.seen[0].body).toEqual({ username: 'owner', password: 'right' });
    });

    it('refuses a sign-in that breaks the contract with 400 before counting it', async () => {
      const auth = await wrongPasswords();
      const gw = await start({ AUTH_URL: auth.url });
      for (let i = 0; i < 20; i++) {
        const res = await loginFrom(gw.url, 'x'.repeat(9000), 'wrong', '10.4.0.1');
        expect(res.status).toBe(400);
      }
      expect(auth.seen).toHaveLength(0);
      expect((await loginFrom(gw.url, 'owner', 'wrong', '10.4.0.1')).status).toBe(401);
    });

    it.each([
      ['a trailing slash', 'GET', '/api/appointments/'],
      ['upper case', 'GET', '/API/APPOINTMENTS'],
      ['mixed case', 'GET', '/api/Appointments'],
      ['a doubled slash', 'GET', '/api//appointments'],
      ['a leading doubled slash', 'GET', '//api/appointments'],
      ['percent-encoding', 'GET', '/api/%61ppointments'],
      ['HEAD', 'HEAD', '/api/appointments'],
      ['OPTIONS', 'OPTIONS', '/api/appointments'],
    ])('never lets an admin route through by %s', async (_what, method, path) => {
      const booking = await upstream((_req, res) => {
        res.json([{ secret: 'customer data' }]);
      });
      const gw = await start({ BOOKING_URL: booking.url });
      const res = await fetch(`${gw.url}${path}`, { method });
      expect([401, 404, 405]).toContain(res.status);
      expect(booking.seen).toHaveLength(0);
      if (method !== 'HEAD') expect(typeof (await json<{ message: string }>(res)).message).toBe('string');
    });
  });
});
