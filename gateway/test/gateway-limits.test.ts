import { adminToken, json, testMongoUrl } from '@bb/service-kit/testing';
import { startedInFile } from './support';

describe('gateway', () => {
  const { start, upstream } = startedInFile();

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
