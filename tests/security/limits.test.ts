import { randomUUID } from 'node:crypto';
import { requireEnv } from '@bb/service-kit/testing';
import { raw } from './support';

// The sign-in limits of the running stack, attacked from addresses of our own: every test
// connects from a 127.x address nobody else uses, so its counts are its own. The test gateways
// trust 127.0.0.1 as their load balancer (scripts/test.mjs), and nobody else.
jest.setTimeout(5 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const json = { 'content-type': 'application/json' };
const signIn = (from: string, username: string, password = 'wrong-password', headers: Record<string, string> = {}) =>
  raw(gateway, { method: 'POST', path: '/api/auth/login', from, headers: { ...json, ...headers }, body: JSON.stringify({ username, password }) });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('sign-in limits under attack', () => {
  it('lets at most 10 of 60 parallel wrong passwords through; the rest get 429', async () => {
    const username = `victim-${randomUUID()}`;
    const statuses = (await Promise.all(Array.from({ length: 60 }, () => signIn('127.0.0.3', username)))).map((a) => a.status);
    expect(count(statuses, 401)).toBeLessThanOrEqual(10);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(60);
  });

  it('gives 30 spoofed X-Forwarded-For addresses from an untrusted peer one key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await signIn('127.0.0.2', `spoof-${i}-${randomUUID()}`, 'wrong-password', { 'x-forwarded-for': `198.51.100.${i}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
  });

  it('believes X-Forwarded-For from the trusted load balancer: its clients have keys of their own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signIn('127.0.0.1', `balanced-${randomUUID()}`, 'wrong-password', { 'x-forwarded-for': `192.0.2.${i}` })).status);
    expect(statuses).toEqual(Array(12).fill(401));
  });

  // The hang this guards against lasted until the socket's timeout; ten seconds tell it from a slow sign-in on a loaded machine.
  it('answers a sign-in sent as Application/JSON, not left hanging', async () => {
    const answer = await raw(gateway, {
      method: 'POST',
      path: '/api/auth/login',
      from: '127.0.0.5',
      headers: { 'content-type': 'Application/JSON; Charset=UTF-8' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      timeoutMs: 10_000,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toHaveProperty('token');
  });
});
