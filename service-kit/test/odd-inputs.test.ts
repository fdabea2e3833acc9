import { appointmentRoutes, waitlistRoutes, type RouteDef } from '@bb/contracts';
import { appServers, bookingApp, logCapture, nestedArrays, nestedObjects } from './support/edge-apps';

const start = appServers();

/** Inputs no form sends: deep nesting, long keys, arrays for strings, huge numbers, odd types. */
function oddInputs(count: number): OddInput[] {
  let seed = 24;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const posts: RouteDef[] = [appointmentRoutes.create, waitlistRoutes.join];
  const value = (): unknown =>
    pick<() => unknown>([
      () => ['a'],
      () => Number.MAX_VALUE,
      () => -(2 ** 64),
      () => Number.MIN_VALUE,
      () => ({ $ne: '' }),
      () => null,
      () => true,
      () => 'x'.repeat(Math.floor(random() * 3000)),
      () => '\u0000',
      () => ({ ['k'.repeat(Math.floor(random() * 5000) + 1)]: 1 }),
      () => [[[[[[['deep']]]]]]],
    ])();
  const fields = [
    'firstName',
    'lastName',
    'email',
    'contact',
    'offeringType',
    'treatments',
    'preferredDate',
    'preferredTime',
    'items',
    'startTime',
    '__proto__',
    'constructor',
  ];
  const inputs: { method: string; path: string; body?: string }[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 8;
    const route = pick(posts);
    if (kind === 0)
      inputs.push({
        method: 'POST',
        path: route.path,
        body: random() < 0.5 ? nestedArrays(33 + Math.floor(random() * 20000)) : nestedObjects(33 + Math.floor(random() * 3000)),
      });
    else if (kind === 1)
      inputs.push({ method: 'POST', path: route.path, body: JSON.stringify({ [pick(fields)]: 'x', ['key'.repeat(Math.floor(random() * 10000))]: value() }) });
    else if (kind === 2)
      inputs.push({ method: 'POST', path: route.path, body: JSON.stringify(new Array(Math.floor(random() * 12000)).fill(pick([0, 'a', null]))) });
    else if (kind === 3)
      inputs.push({
        method: 'POST',
        path: `/api/manage/${pick(['A'.repeat(32), 'x', '%00', '..%2F'])}/reschedule`,
        body: JSON.stringify({ preferredDate: value(), preferredTime: value() }),
      });
    else if (kind === 4)
      inputs.push({
        method: 'GET',
        path: `/api/available-slots?offeringType=${encodeURIComponent(String(value()))}&date=${'9'.repeat(Math.floor(random() * 400))}&treatmentId=a&treatmentId=b`,
      });
    else if (kind === 5)
      inputs.push({
        method: 'POST',
        path: route.path,
        body: pick([
          '1e999999',
          '"string"',
          'null',
          '[]',
          '{"a":1e400}',
          '-0',
          `{"firstName":1${'0'.repeat(5000)}}`,
          '{"__proto__":{"polluted":true}}',
          `{"${'\\u0000'.repeat(10)}":1}`,
        ]),
      });
    else inputs.push({ method: 'POST', path: route.path, body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value()]))) });
  }
  // As bytes from the start: a string built by concatenation is flattened the first time it is
  // sent, which would grow this process's heap by the size of the inputs as the test goes.
  return inputs.map(({ body, ...rest }) => ({ ...rest, body: body === undefined ? undefined : Buffer.from(body) }));
}

interface OddInput {
  method: string;
  path: string;
  body?: Buffer;
}

describe('10,000 odd inputs against a real app', () => {
  it('never answer 5xx, and leave the heap where it was', async () => {
    // Warnings and errors only: keeping an access line per request would itself grow the heap.
    const capture = logCapture('warn');
    const base = await start(bookingApp(capture.logger('booking')));
    const inputs = oddInputs(10_000);
    const send = async ({ method, path, body }: OddInput) =>
      (await fetch(base + path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body })).status;
    const run = async (list: typeof inputs) => {
      const statuses: number[] = [];
      for (let i = 0; i < list.length; i += 16) statuses.push(...(await Promise.all(list.slice(i, i + 16).map(send))));
      return statuses;
    };
    const gc = (globalThis as { gc?: () => void }).gc;
    // Several collections with pauses between: fetch's answers are freed by finalizers that
    // run after a collection, and their memory by the next one.
    const settle = async () => {
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 50));
        gc?.();
      }
      return process.memoryUsage();
    };
    // A first pass warms up code paths and caches; the second must not grow the heap.
    const first = await run(inputs.slice(0, 2000));
    const before = await settle();
    const second = await run(inputs.slice(2000));
    const after = await settle();
    const statuses = [...first, ...second];
    const counts = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    const grownMb = (after.heapUsed - before.heapUsed) / 2 ** 20;
    const rssGrownMb = (after.rss - before.rss) / 2 ** 20;
    console.log(
      `odd inputs: ${JSON.stringify(counts)}; heap ${gc ? 'after gc' : 'without a forced gc (run node with --expose-gc for an exact figure)'} ${(before.heapUsed / 2 ** 20).toFixed(1)} -> ${(after.heapUsed / 2 ** 20).toFixed(1)} MB, rss ${(before.rss / 2 ** 20).toFixed(1)} -> ${(after.rss / 2 ** 20).toFixed(1)} MB`,
    );
    expect(statuses).toHaveLength(10_000);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(capture.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    if (gc) expect(grownMb).toBeLessThan(8);
    // Without a forced collection the heap holds whatever garbage V8 has not yet collected
    // (measured: rss 35-60 MB more after the second pass, where the heap after a forced
    // collection grew by 0.2 MB): only a leak that kept most of what the requests carried
    // (about 60 MB of bodies, several times that parsed) would show. Loose, and said so.
    else expect(rssGrownMb).toBeLessThan(300);
  }, 180_000);
});
