import { randomUUID } from 'node:crypto';
import { requireEnv } from '@bb/service-kit/testing';
import { heapUsedAfterGc, inBatches, raw, residentBytes } from '../support';

// Memory under a flood of odd sign-ins, measured on the running stack's gateway while nothing
// else runs (the serial phase of npm test): parallel tests' traffic would grow its heap too.
jest.setTimeout(5 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const signIn = (from: string, username: string) =>
  raw(gateway, {
    method: 'POST',
    path: '/api/auth/login',
    from,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'wrong-password' }),
  });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const MB = 1024 * 1024;

/**
 * The gateway's resident memory once it has settled: the least of a reading a second for
 * `seconds`. Context for the heap figure: V8 gives garbage back to the system over some seconds.
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
  it('keeps what the gateway holds within 10 MB after 5,000 unique 9 KB usernames and 5,000 unique short ones', async () => {
    // A first flood brings the gateway to the size this load needs, whatever ran before; a
    // second one of new usernames then shows what they leave behind: a limiter that kept a key
    // per username grows with each flood alike. The heap is read after a forced full collection,
    // so garbage V8 has not got round to yet does not count as kept.
    const start = await settledResidentBytes(3);
    await flood('127.0.0.6', '127.0.0.7');
    const heapBefore = await heapUsedAfterGc('gateway');
    const before = await settledResidentBytes(5);
    const { long, short } = await flood('127.0.0.8', '127.0.0.9');
    const heapAfter = await heapUsedAfterGc('gateway');
    const after = await settledResidentBytes(5);
    console.log(
      `gateway live heap ${(heapBefore / MB).toFixed(1)} MB → ${(heapAfter / MB).toFixed(1)} MB after 10,000 more unique usernames; ` +
        `resident ${(start / MB).toFixed(1)} MB at start, ${(before / MB).toFixed(1)} MB after the first flood, ${(after / MB).toFixed(1)} MB after the second`,
    );
    expect(long.every((s) => s === 400)).toBe(true);
    expect(count(short, 401)).toBeLessThanOrEqual(10);
    expect(count(short, 429)).toBeGreaterThanOrEqual(4990);
    expect(heapAfter - heapBefore).toBeLessThan(10 * MB);
  });
});
