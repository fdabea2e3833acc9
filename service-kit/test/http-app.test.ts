import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { manageRoutes } from '@bb/contracts';
import { createServiceApp } from '../src/http/app';
import { bind } from '../src/http/bind';
import { useRevocations } from '../src/http/route-gate';
import { serveMetrics } from '../src/metrics/metrics-server';
import { inputProblem } from '../src/http/parsed-input';
import { AppError, notFound } from '../src/errors';
import { adminToken, serve, silentLogger, TEST_JWT_SECRET } from '../testing';

// The route table guards /api/appointments (admin GET) for the booking service; these tests
// mount plain handlers on booking's paths to see the kit's behaviour, not booking's.
interface Body {
  message?: string;
  details?: { path: string; message: string }[];
  user?: string | null;
  requestId?: string;
  status?: string;
}
const read = async (res: Response) => (await res.json()) as Body;

function buildApp(revoked = new Set<string>()) {
  const built = createServiceApp({
    service: 'booking',
    context: { logger: silentLogger(), isReady: () => true, config: { JWT_SECRET: TEST_JWT_SECRET } },
    deps: undefined,
    mounts: [
      (app) => {
        app.get('/api/appointments', (_req, res) => {
          res.json({ user: res.locals.user?.username ?? null });
        });
        app.post('/api/appointments', (req, res) => {
          const body = z.object({ firstName: z.string().min(1, { error: 'Please enter your first name.' }), age: z.number() }).parse(req.body);
          res.status(201).json(body);
        });
        app.get('/api/office-hours/:offering', () => {
          throw notFound('Offering not found');
        });
        app.get('/api/reports/appointments', () => {
          throw new Error('database exploded: secret details');
        });
        app.get('/api/available-slots', () => {
          throw new AppError('conflict', 'Slot is full');
        });
        bind(app, manageRoutes.view, ({ res, requestId }) => {
          res.json({ requestId });
          return undefined;
        });
        // A handler of another service's path: the gate must never let a request reach it.
        app.get('/api/treatments', (_req, res) => {
          res.json({ reached: true });
        });
      },
    ],
  });
  // As the runtime hands every app its process's list.
  useRevocations(built, { isTokenRevoked: (token) => revoked.has(token.jti) });
  return built;
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
    expect(await read(await fetch(`${server.url}/readyz`))).toEqual({ status: 'ready', service: 'booking' });
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
    const res = await fetch(`${server.url}/api/office-hours/abc`);
    expect(res.status).toBe(404);
    expect(await read(res)).toEqual({ message: 'Offering not found' });
    expect((await fetch(`${server.url}/api/available-slots`)).status).toBe(409);
  });

  it('answers anything else with a 500 that shows no internals, only the request id', async () => {
    const res = await fetch(`${server.url}/api/reports/appointments`, { headers: { authorization: `Bearer ${adminToken()}`, 'x-request-id': 'req-500' } });
    expect(res.status).toBe(500);
    const body = await read(res);
    expect(body.message).toBe('Internal server error');
    expect(body.requestId).toBe('req-500');
    expect(JSON.stringify(body)).not.toMatch(/secret details|at /);
  });

  it('counts requests by route of the table on the metrics listener, and never serves /metrics itself', async () => {
    await fetch(`${server.url}/api/office-hours/abc`);
    const listener = await serveMetrics(0, '127.0.0.1', silentLogger());
    try {
      const { port } = listener!.address() as AddressInfo;
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/office-hours\/:offering",status="404"\} [1-9]/);
      expect(text).toContain('http_request_duration_seconds_bucket');
      expect((await fetch(`http://127.0.0.1:${port}/anything`)).status).toBe(404);
    } finally {
      listener!.close();
    }
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });

  it('carries the request id it was given', async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'req-123' } });
    expect(res.headers.get('x-request-id')).toBe('req-123');
  });

  it("hands a bound handler the request's id: the one it was given, else the one it answers with", async () => {
    const path = `/api/manage/${'a'.repeat(32)}`;
    const given = await fetch(server.url + path, { headers: { 'x-request-id': 'req-456' } });
    expect(await read(given)).toEqual({ requestId: 'req-456' });
    const made = await fetch(server.url + path);
    expect((await read(made)).requestId).toBe(made.headers.get('x-request-id'));
    expect(made.headers.get('x-request-id')).toMatch(/^[\w-]{8,100}$/);
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

  describe('route gate', () => {
    const variants = [
      '/api/appointments/',
      '/API/appointments',
      '/api/Appointments',
      '/api//appointments',
      '//api/appointments',
      '/api/%61ppointments',
      '/api/appointments%2F',
      '/api/appointments;x',
    ];

    it.each(variants)('never reaches an admin handler by %s, and answers it as JSON 404', async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      expect(typeof (await read(res)).message).toBe('string');
    });

    it('answers HEAD as GET, with the same access: 401 without a token, 200 and no body with one', async () => {
      expect((await fetch(`${server.url}/api/appointments`, { method: 'HEAD' })).status).toBe(401);
      const ok = await fetch(`${server.url}/api/appointments`, { method: 'HEAD', headers: { authorization: `Bearer ${adminToken()}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('');
    });

    it('answers OPTIONS itself with 405 and the methods of the path, without running any handler', async () => {
      const res = await fetch(`${server.url}/api/appointments`, { method: 'OPTIONS' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, GET, HEAD');
    });

    it('answers another method on a table path with 405 and Allow', async () => {
      const res = await fetch(`${server.url}/api/appointments`, { method: 'PUT' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, GET, HEAD');
    });

    it('answers a route of another service with 404, even when it would match a handler', async () => {
      const res = await fetch(`${server.url}/api/treatments`);
      expect(res.status).toBe(404);
    });
  });
});

describe('text no database can store', () => {
  it('is found wherever it sits in a body, keys included', () => {
    const at = (value: unknown) => inputProblem(value)?.at ?? null;
    expect(at({ name: 'Ana', features: ['ok', 'bad\u0000'] })).toBe('features[1]');
    expect(at({ nested: { 'k\u0000': 1 } })).toBe('nested.k\u0000');
    expect(at({ lone: 'x\ud8b2y' })).toBe('lone');
    expect(at({ lowHalf: '\udd3a' })).toBe('lowHalf');
    expect(at({ emoji: 'fine 😀', accents: 'Lumière' })).toBeNull();
  });

  it('is refused with 400 before any handler runs (found by schemathesis: PostgreSQL refused a NUL with a 500)', async () => {
    const app = createServiceApp({
      service: 'booking',
      context: { logger: silentLogger(), isReady: () => true, config: { JWT_SECRET: TEST_JWT_SECRET } },
      deps: undefined,
      mounts: [
        (a) => {
          a.post('/api/appointments', (_req, res) => {
            res.status(201).json({ reached: true });
          });
        },
      ],
    });
    const server = await serve(app);
    try {
      const res = await fetch(`${server.url}/api/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"notes":"a\\u0000b"}',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/NUL character.*at notes/);
      const inQuery = await fetch(`${server.url}/api/appointments?x=%00`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(inQuery.status).toBe(400);
    } finally {
      await server.close();
    }
  });
});
