// The audit trail through the gateway: changes made in other services become entries of auth's
// chain, and an entry changed in auth's database is found by the verification.
import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import type { AuditEntry, AuditPage, AuditVerification, NotificationSettings, SubscriberSettings } from '@bb/contracts';
import { requireEnv, waitFor } from '@bb/service-kit/testing';
import { adminLogin, api } from './support';

let token: string;
let conn: Connection;

beforeAll(async () => {
  token = await adminLogin();
  conn = await mongoose.createConnection(requireEnv('MONGO_URL')).asPromise();
});
afterAll(() => conn.close());

/** Auth's `audit_entries`, in whichever database the stack gave auth (its name differs on the scaled stack): the one holding this entry. */
async function auditCollectionOf(entry: AuditEntry) {
  const { databases } = await conn.db!.admin().listDatabases();
  for (const { name } of databases) {
    const collection = conn.useDb(name, { useCache: true }).collection('audit_entries');
    if (await collection.findOne({ seq: entry.seq, hash: entry.hash })) return collection;
  }
  throw new Error(`no database holds audit entry ${entry.seq}`);
}

const entries = (query: string) => api<AuditPage>(`/api/audit?${query}`, { token });
const verification = async () => (await api<AuditVerification>('/api/audit/verification', { token })).body;

/** The newest entry of an action whose subject is the one given, once auth has appended it. */
const entryOf = (action: string, subject: string) =>
  waitFor(
    `the ${action} entry "${subject}"`,
    async () => (await entries(`action=${action}&actor=admin&limit=500`)).body.entries.find((entry) => entry.subject === subject),
    20_000,
    200,
  );

describe('the audit trail through the gateway', () => {
  it('holds the changes made in notifications, subscribers and auth, with who made them', async () => {
    // Saved as they are, so other test files see no change: a save is an entry still.
    const subscriberSettings = (await api<SubscriberSettings>('/api/subscriber-settings', { token })).body;
    expect((await api('/api/subscriber-settings', { method: 'PUT', token, body: subscriberSettings })).status).toBe(200);
    const { offeringType: _offering, ...mailSettings } = (await api<NotificationSettings>('/api/notification-settings/studio', { token })).body;
    expect((await api('/api/notification-settings/studio', { method: 'PUT', token, body: mailSettings })).status).toBe(200);
    const scope = `audit test ${randomUUID()}`;
    expect((await api('/api/audit/exports', { method: 'POST', token, body: { kind: 'audit-csv', rows: 3, scope } })).status).toBe(201);

    const subscribers = await entryOf('setting-changed', 'subscriber settings');
    expect(subscribers).toMatchObject({ service: 'subscribers', actor: { username: 'admin', role: 'owner' } });
    expect((await entryOf('setting-changed', 'notification settings studio')).service).toBe('notifications');
    const exported = await entryOf('export', `audit CSV, 3 rows (${scope})`);
    expect(exported).toMatchObject({ service: 'auth', actor: { username: 'admin', role: 'owner' }, address: expect.any(String) });
    expect(exported.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('pages newest first by `before`', async () => {
    const first = (await entries('limit=2')).body;
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0].seq).toBeGreaterThan(first.entries[1].seq);
    const next = (await entries(`limit=2&before=${first.nextBefore}`)).body;
    expect(next.entries[0].seq).toBeLessThan(first.entries[1].seq);
  });

  it('refuses anyone signed out', async () => {
    expect((await api('/api/audit')).status).toBe(401);
    expect((await api('/api/audit/verification')).status).toBe(401);
  });

  it('finds an entry changed in the database, and holds again once it is put back', async () => {
    const scope = `tampered ${randomUUID()}`;
    expect((await api('/api/audit/exports', { method: 'POST', token, body: { kind: 'subscribers-csv', rows: 5, scope } })).status).toBe(201);
    const target: AuditEntry = await entryOf('export', `subscribers CSV, 5 rows (${scope})`);
    const before = await verification();
    expect(before.ok).toBe(true);

    const collection = await auditCollectionOf(target);
    await collection.updateOne({ seq: target.seq }, { $set: { subject: 'subscribers CSV, 0 rows' } });
    try {
      expect(await verification()).toMatchObject({
        ok: false,
        brokenAt: target.seq,
        reason: expect.stringMatching(new RegExp(`Entry ${target.seq} was changed`)),
      });
    } finally {
      await collection.updateOne({ seq: target.seq }, { $set: { subject: target.subject } });
    }
    expect((await verification()).ok).toBe(true);
  });
});
