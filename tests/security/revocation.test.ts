import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { mongoDatabaseUrl, waitFor } from '@bb/service-kit/testing';
import { login, logout, raw, refusalDelays, STACK_COMPONENT_KEYS, stackProcesses, urls, type StackService } from './support';

// A logout through one gateway must be refused by every process of the stack within a second:
// the other gateway and both booking processes included, each on its own (every one hears the
// revocation on a queue of its own). And a revocation stuck behind a poisoned outbox entry
// still goes out.
jest.setTimeout(3 * 60 * 1000);

/** An admin call each process answers itself (the gateways pass it on to booking). */
const PROBE: Record<StackService | 'gateway', { method: string; path: string }> = {
  gateway: { method: 'GET', path: '/api/appointments' },
  auth: { method: 'GET', path: '/api/auth/me' },
  catalog: { method: 'POST', path: '/api/upload' },
  booking: { method: 'GET', path: '/api/appointments' },
  chat: { method: 'GET', path: '/api/conversations' },
  subscribers: { method: 'GET', path: '/api/email-subscribers' },
  notifications: { method: 'GET', path: '/api/notification-settings/clinic' },
  payments: { method: 'GET', path: '/api/payments' },
};
const processes = stackProcesses();
const probe = (p: (typeof processes)[number], token: string) => raw(p.url, { ...PROBE[p.service ?? 'gateway'], headers: { authorization: `Bearer ${token}` } });
const jtiOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string; exp: number };

/** Deliveries each process's per-process revocation queue has acknowledged, from its metrics listener. */
async function liveRevocationsHeard(): Promise<number[]> {
  const metricsUrls = STACK_COMPONENT_KEYS.flatMap((s) => urls(`${s}_REPLICA_METRICS_URLS`));
  return Promise.all(
    metricsUrls.map(async (url) => {
      const text = await (await fetch(url)).text();
      const line = text
        .split('\n')
        .find((l) => l.startsWith('bus_deliveries_total{') && /queue="[a-z]+\.revocations\.live"/.test(l) && l.includes('outcome="acked"'));
      return Number(line?.split(' ').pop() ?? 0);
    }),
  );
}

describe('revocations across replicas', () => {
  it('refuses a logged-out token on both gateways, both booking processes and every other process within 1 s', async () => {
    const gateways = urls('GATEWAY_REPLICA_URLS');
    expect(gateways).toHaveLength(2);
    const token = await login(gateways[0]);
    const before = await Promise.all(processes.map((p) => probe(p, token)));
    expect(before.map((a, i) => `${processes[i].name} ${a.status}`).filter((s) => s.endsWith(' 401'))).toEqual([]);
    const heardBefore = await liveRevocationsHeard();

    await logout(gateways[0], token);
    const loggedOutAt = Date.now();
    const refusedAfterMs = await refusalDelays(processes, (p) => probe(p, token), loggedOutAt);
    console.log(`logout refused after (ms): ${processes.map((p, i) => `${p.name} ${refusedAfterMs[i]}`).join(', ')}`);
    expect(processes.filter((_, i) => refusedAfterMs[i] > 1000).map((p) => p.name)).toEqual([]);
    // Each process heard it on its own queue, not only through another's refusal.
    const heardAfter = await waitFor('every process hearing the revocation', async () => {
      const counts = await liveRevocationsHeard();
      return counts.every((c, i) => c > heardBefore[i]) && counts;
    });
    expect(heardAfter.length).toBe(processes.length);
  });

  describe('behind a poisoned outbox entry', () => {
    let conn: Connection;
    beforeAll(async () => {
      conn = await mongoose.createConnection(mongoDatabaseUrl('stack_auth')).asPromise();
    });
    afterAll(() => conn.close());

    it('delivers the revocation behind it, and sets the poison aside', async () => {
      const gateways = urls('GATEWAY_REPLICA_URLS');
      const token = await login(gateways[0]);
      const { jti, exp } = jtiOf(token);
      expect((await raw(gateways[1], { method: 'GET', path: '/api/appointments', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const entry = (data: unknown) => ({ id: randomUUID(), type: 'auth.session.revoked', occurredAt: new Date(), source: 'auth', data });
      const expiresAt = new Date(exp * 1000);
      const poisonId = `poison-${randomUUID()}`;
      // Written straight into auth's outbox, first in line: the relay's periodic pass must take
      // them (no write through the service kicks it), and the poison must not stop it.
      await conn.collection('revocations').insertMany([
        { _id: poisonId as never, expiresAt, outbox: [entry({ jti: 42 })], outboxPending: true, outboxLockedUntil: null, outboxAttempts: 0, deletedAt: null },
        {
          _id: jti as never,
          expiresAt,
          outbox: [entry({ jti, expiresAt: exp })],
          outboxPending: true,
          outboxLockedUntil: null,
          outboxAttempts: 0,
          deletedAt: null,
        },
      ]);
      await waitFor(
        'the revocation behind the poison',
        async () => (await raw(gateways[1], { method: 'GET', path: '/api/appointments', headers: { authorization: `Bearer ${token}` } })).status === 401,
        15000,
        100,
      );
      const parked = await waitFor(
        'the poison set aside',
        async () => {
          const doc = await conn.collection('revocations').findOne({ _id: poisonId as never });
          const parkedEntry = (doc?.outboxParked as { error: string }[] | undefined)?.[0];
          return (doc?.outbox as unknown[] | undefined)?.length === 0 && parkedEntry;
        },
        60000,
        500,
      );
      expect(parked.error).toMatch(/expected string/i);
      const metrics = await (await fetch(urls('AUTH_REPLICA_METRICS_URLS')[0])).text();
      expect(metrics).toMatch(/outbox_parked_total\{type="auth.session.revoked"\} [1-9]/);
    });
  });
});
