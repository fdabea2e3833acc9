import { routeTable, type RouteDef } from '@bb/contracts';
import type { ZodType } from 'zod';
import { inBatches, login, raw, stackProcesses, type RawAnswer } from './support';

// Issue 24: bad input anywhere gets a clear 4xx JSON message and changes nothing; it never
// answers 5xx. Every route of the table with a JSON body gets each of its fields, one at a
// time, as something odd: nested 64 levels deep, a list where one value belongs, an operator
// object, a number JSON turns into Infinity, and a 200 KB string; every route with a query gets
// each parameter repeated and oversized. Through a gateway and directly on the owning service's
// first process, as staff for admin routes and as a visitor for the rest.
jest.setTimeout(10 * 60 * 1000);

const processes = stackProcesses();
const gateway = processes.find((p) => p.service === null)!;
const SAMPLE_PARAMS: Record<string, string> = { id: '64b7f0c2a1b2c3d4e5f60718', offering: 'clinic', key: `${'a'.repeat(32)}.png`, token: 'A'.repeat(32) };
const concrete = (route: RouteDef) => route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');

/** The top-level field names of a request schema, through refinements and pipes. */
function fieldsOf(schema: ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let i = 0; i < 10 && current; i++) {
    const s = current as { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown; schema?: unknown } };
    if (s.shape) return Object.keys(s.shape);
    current = s.def?.in ?? s.def?.innerType ?? s.def?.schema;
  }
  return [];
}

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
/** Odd values, as JSON text (some cannot be written by JSON.stringify). */
const ODD_VALUES: [string, string][] = [
  ['nested 64 deep', nested(64)],
  ['a list', '["a@x.test","b@y.test"]'],
  ['an operator object', '{"$gt":"","$where":"1"}'],
  ['Infinity', '1e400'],
  ['a 200 KB string', JSON.stringify('x'.repeat(200 * 1024))],
];

const ownWrites = new Set(['/api/auth/logout']);
const bodyRoutes = routeTable.filter((r) => r.body && r.body !== 'multipart-image' && !ownWrites.has(r.path));
const queryRoutes = routeTable.filter((r) => r.query);

interface Probe {
  where: string;
  answer: RawAnswer;
}

describe('odd fields on every route', () => {
  let token = '';
  beforeAll(async () => {
    token = await login(gateway.url);
  });

  const targetsOf = (route: RouteDef) => [gateway, processes.find((p) => p.service === route.service)!];
  const headersFor = (route: RouteDef, body: boolean) => ({
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(route.access === 'admin' ? { authorization: `Bearer ${token}` } : {}),
  });

  function expectClearRefusals(probes: Probe[]) {
    const failures = probes.filter(({ answer }) => {
      if (answer.status >= 500 || answer.status === 0) return true;
      if (answer.status < 400) return false;
      try {
        return typeof (JSON.parse(answer.text) as { message?: unknown }).message !== 'string';
      } catch {
        return true;
      }
    });
    expect(failures.map((f) => `${f.where} → ${f.answer.status} ${f.answer.text.slice(0, 120)}`)).toEqual([]);
  }

  it(`answers a clear 4xx to each odd value in each body field (${bodyRoutes.length} routes)`, async () => {
    // A route whose body has no fields (a rotation, say) has nothing to make odd.
    const cases = bodyRoutes.flatMap((route) => {
      const fields = fieldsOf(route.body as ZodType);
      return fields.flatMap((field) => ODD_VALUES.flatMap(([what, json]) => targetsOf(route).map((target) => ({ route, field, what, json, target }))));
    });
    const probes = await inBatches(cases, 8, async ({ route, field, what, json, target }) => ({
      where: `${target.name} ${route.method.toUpperCase()} ${route.path} ${field} = ${what}`,
      answer: await raw(target.url, {
        method: route.method.toUpperCase(),
        path: concrete(route),
        headers: headersFor(route, true),
        body: `{${JSON.stringify(field)}:${json}}`,
        timeoutMs: 30000,
      }),
    }));
    expect(probes.length).toBeGreaterThan(500);
    expectClearRefusals(probes);
    // None of them was a success: every body above lacked or broke what its route needs.
    expect(probes.filter((p) => p.answer.status < 300).map((p) => p.where)).toEqual([]);
  });

  it(`answers a clear 4xx or the plain answer to repeated and oversized query parameters (${queryRoutes.length} routes)`, async () => {
    const cases = queryRoutes.flatMap((route) =>
      fieldsOf(route.query as ZodType).flatMap((field) =>
        [
          ['repeated', `${field}=a&${field}=b&${field}[]=c`],
          ['bracketed', `${field}[$gt]=&${field}[a][b][c]=1`],
          ['oversized', `${field}=${'x'.repeat(6000)}`],
        ].flatMap(([what, query]) => targetsOf(route).map((target) => ({ route, field, what, query, target }))),
      ),
    );
    const probes = await inBatches(cases, 8, async ({ route, field, what, query, target }) => ({
      where: `${target.name} GET ${route.path} ${field} ${what}`,
      answer: await raw(target.url, {
        method: route.method.toUpperCase(),
        path: `${concrete(route)}?${query}`,
        headers: headersFor(route, false),
        timeoutMs: 30000,
      }),
    }));
    expect(probes.length).toBeGreaterThan(50);
    expectClearRefusals(probes);
  });
});
