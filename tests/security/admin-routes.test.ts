import { routeTable, type RouteDef } from '@bb/contracts';
import { requireEnv } from '@bb/service-kit/testing';
import { inBatches, login, logout, raw, stackProcesses, type RawAnswer } from './support';

// Every admin route of the table, spelled every way an attacker would try, on every port of
// the stack (both gateways and every process of every service, reached directly), with no
// token, a garbage one and a revoked one: nothing may answer 2xx, and nothing reaches a handler.
jest.setTimeout(5 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const adminRoutes = routeTable.filter((r) => r.access === 'admin');
const SAMPLE_PARAMS: Record<string, string> = { id: '64b7f0c2a1b2c3d4e5f60718', offering: 'clinic', key: `${'a'.repeat(32)}.png` };
const concrete = (route: RouteDef) => route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');
const label = (route: RouteDef) => `${route.method.toUpperCase()} ${route.path}`;

/** The resource segment after /api/, with its first letter changed by `f`. */
const alterResource = (path: string, f: (letter: string) => string) => path.replace(/^\/api\/(\w)/, (_, letter: string) => `/api/${f(letter)}`);

const VARIANTS: { name: string; method?: string; path: (p: string) => string }[] = [
  { name: 'exact', path: (p) => p },
  { name: 'trailing slash', path: (p) => `${p}/` },
  { name: 'upper case', path: (p) => p.toUpperCase() },
  { name: 'mixed case', path: (p) => alterResource(p, (l) => l.toUpperCase()) },
  { name: 'double slash', path: (p) => p.replace('/api/', '/api//') },
  { name: 'leading double slash', path: (p) => `/${p}` },
  { name: 'percent-encoded', path: (p) => alterResource(p, (l) => `%${l.charCodeAt(0).toString(16)}`) },
  { name: 'HEAD', method: 'HEAD', path: (p) => p },
  { name: 'OPTIONS', method: 'OPTIONS', path: (p) => p },
];

let revoked = '';
beforeAll(async () => {
  revoked = await login(gateway);
  // The token opens an admin route before the logout, so its refusal afterwards is the revocation's doing.
  expect((await raw(gateway, { method: 'GET', path: '/api/appointments', headers: { authorization: `Bearer ${revoked}` } })).status).toBe(200);
  await logout(gateway, revoked);
});

const tokens: [string, () => Record<string, string>][] = [
  ['no token', () => ({})],
  ['a garbage token', () => ({ authorization: 'Bearer not.a.token' })],
  ['a revoked token', () => ({ authorization: `Bearer ${revoked}` })],
];

describe('the trust boundary', () => {
  const processes = stackProcesses();

  it('covers both gateways and two booking processes', () => {
    expect(processes.filter((p) => p.service === null)).toHaveLength(2);
    expect(processes.filter((p) => p.service === 'booking')).toHaveLength(2);
  });

  it.each(adminRoutes.map((r) => [label(r), r] as const))('%s: no variant, method or port answers 2xx without a live token', async (_name, route) => {
    // HEAD asks for a path's GET: for a write route that is another route, public or not.
    const variants = VARIANTS.filter((v) => v.method !== 'HEAD' || route.method === 'get');
    const tries = processes.flatMap((target) =>
      variants.flatMap((variant) => tokens.map(([tokenName, headers]) => ({ target, variant, tokenName, headers: headers() }))),
    );
    const hasBody = route.method !== 'get' && route.method !== 'delete';
    const answers = await inBatches(tries, 16, async (t) => {
      const method = t.variant.method ?? route.method.toUpperCase();
      const answer: RawAnswer = await raw(t.target.url, {
        method,
        path: t.variant.path(concrete(route)),
        headers: { ...t.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        body: hasBody && method !== 'HEAD' ? '{}' : undefined,
      });
      return { where: `${t.target.name} ${method} ${t.variant.path(concrete(route))} with ${t.tokenName}`, t, method, answer };
    });
    const opened = answers.filter((a) => a.answer.status >= 200 && a.answer.status < 300).map((a) => `${a.where} → ${a.answer.status}`);
    expect(opened).toEqual([]);
    // Where the route lives (a gateway or its own service), the exact spelling is refused as unauthenticated.
    const home = answers.filter((a) => a.t.variant.name === 'exact' && (a.t.target.service === null || a.t.target.service === route.service));
    expect(home.filter((a) => a.answer.status !== 401).map((a) => `${a.where} → ${a.answer.status}`)).toEqual([]);
    // Every refusal (but HEAD's, which has no body) is JSON with a message.
    const notJson = answers.filter((a) => a.method !== 'HEAD' && !/^application\/json/.test(String(a.answer.headers['content-type'])));
    expect(notJson.map((a) => `${a.where} → ${a.answer.status} ${String(a.answer.headers['content-type'])}`)).toEqual([]);
  });
});
