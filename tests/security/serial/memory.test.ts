import { randomUUID } from 'node:crypto';
import { requireEnv } from '@bb/service-kit/testing';
import { inBatches, raw, residentBytes, urls } from '../support';

// Memory under a flood of odd sign-ins, measured on the running stack's gateway while nothing
// else runs (the serial phase of npm test): parallel tests' traffic would grow its heap too.
jest.setTimeout(5 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const signIn = (from: string, username: string) =>
  raw(gateway, { method: 'POST', path: '/api/auth/login', from, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'wrong-password' }) });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const MB = 1024 * 1024;

/** The gateway's own account of its memory, from its metrics listener. */
async function heapFigures(): Promise<string> {
  const text = await (await fetch(urls('GATEWAY_REPLICA_METRICS_URLS')[0])).text();
  const figure = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / MB;
  return `heap used ${figure('nodejs_heap_size_used_bytes').toFixed(1)} MB of ${figure('nodejs_heap_size_total_bytes').toFixed(1)} MB, external ${figure('nodejs_external_memory_bytes').toFixed(1)} MB`;
}

/**
 * The gateway's resident memory once it has settled: the least of a reading a second for
 * `seconds`. V8 gives the garbage of a flood back over some seconds; what stays is what the
 * flood left behind.
 */
async function settledResidentBytes(seconds: number): Promise<number> {
  let least = Infinity;
  for (let i = 0; i < seconds; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    least = Math.min(least, await residentBytes('gateway'));
  }
  return least;
}

/** 5,000 sign-ins with unique 9 KB usernames and 5,000 with unique short ones, each from an address of its own. */
async function flood(longFrom: string, shortFrom: string) {
  const indexes = Array.from({ length: 5000 }, (_, i) => i);
  const long = await inBatches(indexes, 20, (i) => signIn(longFrom, `${randomUUID()}-${i}-${'u'.repeat(9000)}`));
  const short = await inBatches(indexes, 20, (i) => signIn(shortFrom, `${randomUUID()}-${i}`));
  return { long: long.map((a) => a.status), short: short.map((a) => a.status) };
}

describe('the gateway under a flood of unique usernames', () => {
  it('keeps the gateway within 10 MB after 5,000 unique 9 KB usernames and 5,000 unique short ones', async () => {
    // A first flood brings the heap to the size this load needs, whatever ran before (after the
    // whole suite V8 may still grow it); a second one of new usernames then shows what they
    // leave behind: a limiter that kept a key per username grows with each flood alike.
    const start = await settledResidentBytes(5);
    await flood('127.0.0.6', '127.0.0.7');
    const before = await settledResidentBytes(10);
    console.log(`first flood: ${(start / MB).toFixed(1)} MB → ${(before / MB).toFixed(1)} MB; ${await heapFigures()}`);
    const { long, short } = await flood('127.0.0.8', '127.0.0.9');
    const after = await settledResidentBytes(20);
    console.log(`gateway RSS ${(before / MB).toFixed(1)} MB → ${(after / MB).toFixed(1)} MB after 10,000 more unique usernames; ${await heapFigures()}`);
    expect(long.every((s) => s === 400)).toBe(true);
    expect(count(short, 401)).toBeLessThanOrEqual(10);
    expect(count(short, 429)).toBeGreaterThanOrEqual(4990);
    expect(after - before).toBeLessThan(10 * MB);
  });
});
