import { z } from 'zod';
import { createServiceApp } from '../src/http/app';
import { AppError, notFound } from '../src/errors';
import { adminToken, serve, silentLogger, TEST_JWT_SECRET } from '../testing';

// The route table guards /api/appointments (admin GET) for the booking service; these tests
// mount plain handlers on those paths to see the kit's behaviour, not booking's.
interface Body {
  message?: string;
  details?: { path: string; message: string }[];
  user?: string | null;
  status?: string;
}
const read = async (res: Response) => (await res.json()) as Body;

function buildApp(revoked = new Set<string>()) {
  return createServiceApp({
    service: 'booking',
    logger: silentLogger(),
    jwtSecret: TEST_JWT_SECRET,
    isRevoked: (jti) => revoked.has(jti),
    isReady: () => true,
    routes: (app) => {
      app.get('/api/appointments', (_req, res) => {
        res.json({ user: res.locals.user?.username ?? null });
      });
      app.post('/api/appointments', (req, res) => {
        const body = z.object({ firstName: z.string().min(1, { error: 'Please enter your first name.' }), age: z.number() }).parse(req.body);
        res.status(201).json(body);
      });
      app.get('/api/treatments/:id', () => {
        throw notFound('Treatment not found');
      });
      app.get('/api/news', () => {
        throw new Error('database exploded: secret details');
      });
      app.get('/api/staff', () => {
        throw new AppError('conflict', 'Slot is full');
      });
    },
  });
}

describe('service app factory', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  const revoked = new Set<string>();
  beforeAll(async () => {
    server = await serve(buildApp(revoked));
  });
  afterAll(() => server.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(server.url + path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  it('answers health and readiness', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await read(await fetch(`${server.url}/readyz`))).toEqual({ status: 'ready' });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect((await read(res)).message).toMatch(/No route for GET \/api\/nothing-here/);
  });

  it('maps a zod error to 400 with message and details', async () => {
    const res = await post('/api/appointments', JSON.stringify({ firstName: '', age: 'x' }));
    expect(res.status).toBe(400);
    const body = await read(res);
    expect(body.message).toBe('Please enter your first name.');
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'age', message: expect.stringMatching(/^age: /) })]));
  });

  it('maps malformed JSON to 400 and an oversize body to 413', async () => {
    const bad = await post('/api/appointments', '{"firstName": ');
    expect(bad.status).toBe(400);
    expect((await read(bad)).message).toMatch(/Malformed JSON/);
    const big = await post('/api/appointments', JSON.stringify({ firstName: 'x'.repeat(200 * 1024) }));
    expect(big.status).toBe(413);
    expect((await read(big)).message).toMatch(/too large/);
  });

  it('maps thrown app errors to their status', async () => {
    const res = await fetch(`${server.url}/api/treatments/abc`);
    expect(res.status).toBe(404);
    expect(await read(res)).toEqual({ message: 'Treatment not found' });
    expect((await fetch(`${server.url}/api/staff`)).status).toBe(409);
  });

  it('answers anything else with a 500 that shows no internals', async () => {
    const res = await fetch(`${server.url}/api/news`);
    expect(res.status).toBe(500);
    const body = await read(res);
    expect(body.message).toBe('Internal server error');
    expect(JSON.stringify(body)).not.toMatch(/secret details|at /);
  });

  it('counts requests by route of the table on /metrics', async () => {
    await fetch(`${server.url}/api/treatments/abc`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/treatments\/:id",status="404"\} [1-9]/);
    expect(text).toContain('http_request_duration_seconds_bucket');
  });

  it('carries the request id it was given', async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'req-123' } });
    expect(res.headers.get('x-request-id')).toBe('req-123');
  });

  describe('route-table guard', () => {
    it('rejects an admin route without a token, with garbage, a foreign key or an expired token', async () => {
      const tries: Record<string, string>[] = [
        {},
        { authorization: 'Bearer not-a-token' },
        { authorization: `Bearer ${adminToken({ secret: 'another-key-0123456789abcdefghij' })}` },
        { authorization: `Bearer ${adminToken({ expiresIn: -10 })}` },
      ];
      for (const headers of tries) {
        const res = await fetch(`${server.url}/api/appointments`, { headers });
        expect(res.status).toBe(401);
        expect(typeof (await read(res)).message).toBe('string');
      }
    });

    it('lets a valid token through and rejects it once revoked', async () => {
      const jti = 'revoke-me';
      const token = adminToken({ jti });
      const ok = await fetch(`${server.url}/api/appointments`, { headers: { authorization: `Bearer ${token}` } });
      expect(await read(ok)).toEqual({ user: 'admin' });
      revoked.add(jti);
      const after = await fetch(`${server.url}/api/appointments`, { headers: { authorization: `Bearer ${token}` } });
      expect(after.status).toBe(401);
    });

    it('leaves public routes open, even with a bad token', async () => {
      const res = await post('/api/appointments', JSON.stringify({ firstName: 'Ana', age: 30 }), { authorization: 'Bearer junk' });
      expect(res.status).toBe(201);
    });
  });
});
