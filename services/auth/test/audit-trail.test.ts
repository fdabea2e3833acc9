import type { AuditEntry, AuditPage, AuditRecord, AuditVerification, Envelope, EventData } from '@bb/contracts';
import { buildEnvelope, EventBus } from '@bb/service-kit';
import { adminToken, api, mongoDatabaseUrl, silentLogger, startHarness, testAmqpUrl, uniqueName, waitFor, type Harness } from '@bb/service-kit/testing';
import { authEnvShape, type AuthConfig } from '../src/config';
import { entryHash } from '../src/domain/audit-chain';
import { wire } from '../src/wire';

// Two replicas of auth on one database, exchange and queue prefix, as in production.
const shared = { db: uniqueName('auth_audit'), exchange: uniqueName('auth_audit_ex'), prefix: `${uniqueName('auth_audit')}.` };
let replicas: Harness<AuthConfig>[];
let booking: EventBus;
let listener: EventBus;
const heard: Envelope<EventData<'audit.recorded'>>[] = [];
const owner = adminToken();

const start = () =>
  startHarness('auth', authEnvShape, wire, {
    mongoUrl: mongoDatabaseUrl(shared.db),
    env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password-long', BUS_EXCHANGE: shared.exchange, BUS_QUEUE_PREFIX: shared.prefix },
  });

beforeAll(async () => {
  replicas = [await start(), await start()];
  booking = new EventBus({ url: testAmqpUrl(), exchange: shared.exchange, source: 'booking', logger: silentLogger() });
  await booking.start();
  listener = new EventBus({ url: testAmqpUrl(), exchange: shared.exchange, source: 'listener', logger: silentLogger() });
  listener.subscribe(uniqueName('audit_heard'), ['audit.recorded'], async (event) => {
    heard.push(event);
  });
  await listener.start();
});
afterAll(async () => {
  await booking.close();
  await listener.close();
  await replicas[0].ctx.conn.dropDatabase();
  for (const replica of replicas) await replica.close();
});

const entries = () => replicas[0].ctx.conn.collection('audit_entries');
const count = () => entries().countDocuments();
const verification = async () => (await api<AuditVerification>(replicas[1].url, '/api/audit/verification', { token: owner })).body;

/** Publishes records as booking would and waits until the chain holds them all. */
async function append(records: AuditRecord[]): Promise<Envelope<AuditRecord>[]> {
  const before = await count();
  const sent = await Promise.all(records.map((record) => booking.publish('audit.recorded', record)));
  await waitFor('the entries appended', async () => (await count()) === before + records.length, 60_000, 100);
  return sent;
}

const record = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  action: 'setting-changed',
  actor: { id: 'u-ana', username: 'ana', role: 'manager' },
  subject: 'settings clinic',
  before: 'maxSessionsPerSlot 1',
  after: 'maxSessionsPerSlot 2',
  address: '203.0.113.7',
  at: new Date().toISOString(),
  ...over,
});

describe('the audit trail', () => {
  it('appends 200 events on two replicas at once into one gapless chain, each once', async () => {
    const sent = await append(Array.from({ length: 200 }, (_, i) => record({ subject: `settings clinic ${i}` })));
    const stored = await entries().find({}).sort({ seq: 1 }).toArray();
    expect(stored.map((entry) => entry.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(stored.map((entry) => entry.eventId)).size).toBe(200);
    expect(new Set(stored.map((entry) => entry.eventId))).toEqual(new Set(sent.map((event) => event.id)));
    expect(stored[0].previousHash).toBe('0'.repeat(64));
    for (let i = 1; i < stored.length; i++) expect(stored[i].previousHash).toBe(stored[i - 1].hash);
    expect(stored[5].service).toBe('booking');
    expect(await verification()).toEqual({ ok: true, checked: 200 });
    const head = await replicas[0].ctx.conn.collection('audit_head').findOne({});
    expect(head).toMatchObject({ seq: 200, hash: stored[199].hash });
  });

  it('appends nothing for a redelivered event', async () => {
    const event = buildEnvelope('booking', 'audit.recorded', record({ subject: 'settings studio' }));
    await booking.publishEnvelope(event);
    await waitFor('the entry appended', async () => (await entries().countDocuments({ eventId: event.id })) === 1, 10_000);
    const total = await count();
    await booking.publishEnvelope(event);
    await booking.publishEnvelope(event);
    // A later event is appended after the redeliveries were handled (one queue, in order per replica).
    await append([record({ subject: 'settings studio again' })]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count()).toBe(total + 1);
    expect(await entries().countDocuments({ eventId: event.id })).toBe(1);
    expect(await verification()).toEqual({ ok: true, checked: total + 1 });
  });

  it('stores every field it was given and hashes them', async () => {
    const [event] = await append([record({ action: 'webhook-changed', subject: 'chat webhook', before: undefined, after: 'secret rotated' })]);
    const page = await api<AuditPage>(replicas[0].url, '/api/audit?limit=1', { token: owner });
    expect(page.status).toBe(200);
    const [entry] = page.body.entries;
    expect(entry).toEqual({
      seq: expect.any(Number),
      service: 'booking',
      action: 'webhook-changed',
      actor: { id: 'u-ana', username: 'ana', role: 'manager' },
      subject: 'chat webhook',
      after: 'secret rotated',
      address: '203.0.113.7',
      at: event.data.at,
      previousHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const { hash, ...fields } = entry;
    expect(entryHash(fields)).toBe(hash);
  });

  it('filters by Manila dates, action and actor, newest first, in pages by `before`', async () => {
    // 2026-03-01 00:30 in Manila is 2026-02-28 16:30 UTC: a Manila date, not a UTC one.
    const [first, second, third] = await append([
      record({
        action: 'appointment-deleted',
        actor: { id: 'u-ben', username: 'ben', role: 'owner' },
        subject: 'appointment a (2026-03-02 10:00)',
        at: '2026-02-28T16:30:00.000Z',
      }),
      record({
        action: 'appointment-deleted',
        actor: { id: 'u-ben', username: 'ben', role: 'owner' },
        subject: 'appointment b (2026-03-02 11:00)',
        at: '2026-03-01T15:59:00.000Z',
      }),
      record({
        action: 'appointment-deleted',
        actor: { id: 'u-ben', username: 'ben', role: 'owner' },
        subject: 'appointment c (2026-03-03 10:00)',
        at: '2026-03-01T16:00:00.000Z',
      }),
    ]);
    const list = (query: string) => api<AuditPage>(replicas[0].url, `/api/audit?${query}`, { token: owner });

    const onMarchFirst = await list('from=2026-03-01&to=2026-03-01');
    expect(onMarchFirst.body.entries.map((entry) => entry.at).sort()).toEqual([first.data.at, second.data.at]);
    const byBen = await list('actor=ben&action=appointment-deleted');
    expect(byBen.body.entries.map((entry) => entry.subject).sort()).toEqual([first, second, third].map((event) => event.data.subject).sort());
    expect(byBen.body.entries.map((entry) => entry.seq)).toEqual([...byBen.body.entries.map((entry) => entry.seq)].sort((a, b) => b - a));
    expect((await list('actor=ana&action=appointment-deleted')).body.entries).toEqual([]);
    expect((await list('from=2026-03-02')).body.entries.map((entry) => entry.subject)).toContain(third.data.subject);

    const seen: AuditEntry[] = [];
    let page = await list('limit=70');
    seen.push(...page.body.entries);
    while (page.body.nextBefore) {
      expect(page.body.entries).toHaveLength(70);
      page = await list(`limit=70&before=${page.body.nextBefore}`);
      seen.push(...page.body.entries);
    }
    const total = await count();
    expect(seen.map((entry) => entry.seq)).toEqual(Array.from({ length: total }, (_, i) => total - i));
  });

  it('answers bad filters with 400 and a message', async () => {
    for (const query of [
      'from=yesterday',
      'from=0000-00-00',
      'to=2026-02-30',
      'action=deleted-all',
      'before=abc',
      'limit=0',
      'limit=501',
      `actor=${'x'.repeat(100)}`,
      'actor=a&actor=b',
    ]) {
      const res = await api<{ message: string }>(replicas[0].url, `/api/audit?${query}`, { token: owner });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('records an export as an entry of the signed-in user, with the client address', async () => {
    const manager = adminToken({ role: 'manager', username: 'mia', subject: 'u-mia' });
    const before = await count();
    const res = await api<{ message: string }>(replicas[0].url, '/api/audit/exports', {
      method: 'POST',
      token: manager,
      body: { kind: 'subscribers-csv', rows: 120, scope: '2026-11-01 to 2026-11-30' },
      headers: { 'x-client-address': '198.51.100.4' },
    });
    expect(res.status).toBe(201);
    await waitFor('the export entry', async () => (await count()) === before + 1, 10_000);
    const [entry] = (await api<AuditPage>(replicas[0].url, '/api/audit?action=export', { token: owner })).body.entries;
    expect(entry).toMatchObject({
      service: 'auth',
      action: 'export',
      actor: { id: 'u-mia', username: 'mia', role: 'manager' },
      subject: 'subscribers CSV, 120 rows (2026-11-01 to 2026-11-30)',
      address: '198.51.100.4',
    });
    expect(heard.filter((event) => event.data.action === 'export')).toHaveLength(1);
    // The note that carried it is gone once its event left.
    await waitFor('the audit note removed', async () => (await replicas[0].ctx.conn.collection('audit_notes').countDocuments()) === 0, 10_000);

    for (const body of [
      { kind: 'everything', rows: 1 },
      { kind: 'audit-csv', rows: -1 },
      { kind: 'audit-csv', rows: { $ne: 1 } },
      [],
      { kind: 'audit-csv', rows: 1, scope: 'x'.repeat(100_000) },
      { kind: 'audit-csv', rows: 1, scope: JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`) as unknown },
    ]) {
      const bad = await api<{ message: string }>(replicas[0].url, '/api/audit/exports', { method: 'POST', token: manager, body });
      expect([400, 413]).toContain(bad.status);
      expect(bad.body.message).toEqual(expect.any(String));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count()).toBe(before + 1);
  });

  it('refuses no token, a bad one, a revoked one, and a receptionist or practitioner on all three routes', async () => {
    const revoked = adminToken({ role: 'manager' });
    expect((await api(replicas[0].url, '/api/auth/logout', { method: 'POST', token: revoked })).status).toBe(200);
    await waitFor(
      'the other replica hearing of the revocation',
      async () => (await api(replicas[1].url, '/api/audit?limit=1', { token: revoked })).status === 401,
      5_000,
    );
    const calls = [
      { path: '/api/audit' },
      { path: '/api/audit/verification' },
      { path: '/api/audit/exports', method: 'POST', body: { kind: 'audit-csv', rows: 1 } },
    ];
    const before = await count();
    for (const call of calls) {
      expect((await api(replicas[0].url, call.path, call)).status).toBe(401);
      expect((await api(replicas[0].url, call.path, { ...call, token: adminToken({ secret: 'another-secret-0123456789abcdef0123' }) })).status).toBe(401);
      expect((await api(replicas[0].url, call.path, { ...call, token: revoked })).status).toBe(401);
      expect((await api(replicas[1].url, call.path, { ...call, token: revoked })).status).toBe(401);
      for (const role of ['receptionist', 'practitioner'] as const) {
        const refused = await api<{ message: string }>(replicas[0].url, call.path, { ...call, token: adminToken({ role }) });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toEqual(expect.any(String));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count()).toBe(before);
  });

  it('finds an entry changed in the database, and one removed, in the middle or at the end', async () => {
    expect((await verification()).ok).toBe(true);
    const total = await count();

    const changed = await entries().findOne({ seq: 17 });
    await entries().updateOne({ seq: 17 }, { $set: { after: 'maxSessionsPerSlot 9' } });
    expect(await verification()).toEqual({ ok: false, checked: 16, brokenAt: 17, reason: expect.stringMatching(/Entry 17 was changed/) });
    await entries().updateOne({ seq: 17 }, { $set: { after: changed!.after } });
    expect((await verification()).ok).toBe(true);

    const middle = await entries().findOne({ seq: 40 });
    await entries().deleteOne({ seq: 40 });
    expect(await verification()).toEqual({ ok: false, checked: 39, brokenAt: 40, reason: expect.stringMatching(/Entry 40 is missing/) });
    await entries().insertOne(middle!);
    expect((await verification()).ok).toBe(true);

    const last = await entries().findOne({ seq: total });
    await entries().deleteOne({ seq: total });
    expect(await verification()).toEqual({
      ok: false,
      checked: total - 1,
      brokenAt: total,
      reason: expect.stringMatching(new RegExp(`Entry ${total} was removed`)),
    });
    await entries().insertOne(last!);
    expect(await verification()).toEqual({ ok: true, checked: total });
  });
});
