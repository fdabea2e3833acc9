import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { routeTable, type SignedIn, type RouteDef } from '@bb/contracts';
import { json, requireEnv } from '@bb/service-kit/testing';

// Walks the route table: a route added later is covered without touching this file.
const gateway = requireEnv('GATEWAY_URL');
const secret = requireEnv('JWT_SECRET');
const adminRoutes = routeTable.filter((r) => r.access === 'admin');

const SAMPLE_PARAMS: Record<string, string> = { id: '64b7f0c2a1b2c3d4e5f60718', offering: 'clinic', key: `${'a'.repeat(32)}.png` };
const concrete = (route: RouteDef) => route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');
const label = (route: RouteDef) => `${route.method.toUpperCase()} ${route.path}`;

function call(base: string, route: RouteDef, token?: string) {
  const hasBody = route.method !== 'get' && route.method !== 'delete';
  return fetch(`${base}${concrete(route)}`, {
    method: route.method.toUpperCase(),
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: hasBody ? '{}' : undefined,
  });
}

const sign = (key: string, expiresIn: number, claims: Record<string, unknown> = { role: 'owner' }) =>
  jwt.sign({ sub: 'someone', username: 'admin', jti: randomUUID(), ...claims }, key, { algorithm: 'HS256', expiresIn });

let loggedOut: string;
beforeAll(async () => {
  const res = await fetch(`${gateway}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  expect(res.status).toBe(200);
  loggedOut = (await json<SignedIn>(res)).token;
  const logout = await fetch(`${gateway}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${loggedOut}` } });
  expect(logout.status).toBe(200);
});

describe('every admin route through the gateway', () => {
  const badTokens: [string, () => string | undefined][] = [
    ['no token', () => undefined],
    ['a garbage token', () => 'not.a.token'],
    ['a token signed by another key', () => sign('another-signing-key-0123456789abcdef', 3600)],
    ['an expired token', () => sign(secret, -60)],
    ['a logged-out token', () => loggedOut],
    ['a token from before roles (none named)', () => sign(secret, 3600, {})],
    ['a token naming a role that does not exist', () => sign(secret, 3600, { role: 'admin' })],
  ];

  it.each(adminRoutes.map((r) => [label(r), r] as const))('%s answers 401 without a valid live token', async (_name, route) => {
    for (const [what, token] of badTokens) {
      const res = await call(gateway, route, token());
      expect({ what, status: res.status }).toEqual({ what, status: 401 });
      expect(typeof (await json<{ message: string }>(res)).message).toBe('string');
    }
  });
});

describe('every admin route called on its service directly', () => {
  const direct = adminRoutes.filter((r) => process.env[`${r.service.toUpperCase()}_URL`]);

  it('covers at least the auth service', () => {
    expect(direct.some((r) => r.service === 'auth')).toBe(true);
  });

  it.each(direct.map((r) => [label(r), r] as const))('%s answers 401 without a token', async (_name, route) => {
    const res = await call(requireEnv(`${route.service.toUpperCase()}_URL`), route);
    expect(res.status).toBe(401);
  });
});
