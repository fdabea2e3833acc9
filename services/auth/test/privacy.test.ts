import {
  PRIVACY_MESSAGES,
  PRIVACY_SERVICES,
  privacyRoutes,
  type EventData,
  type PrivacyRecords,
  type PrivacyRequest,
  type PrivacyService,
  type Retention,
} from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { adminToken, api, readZip, silentLogger, startHarness, testAmqpUrl, uniqueName, waitFor, type Harness } from '@bb/service-kit/testing';
import { authEnvShape, type AuthConfig } from '../src/config';
import { createModels, type AuthModels } from '../src/models';
import { PrivacyRequests } from '../src/store/privacy-requests';
import { wire } from '../src/wire';

let auth: Harness<AuthConfig>;
let models: AuthModels;
let services: EventBus;
let clock = new Date('2030-03-01T00:00:00Z');
const heard: { type: string; data: unknown }[] = [];

const OWNER = adminToken({ role: 'owner', username: 'olga' });
const MANAGER = adminToken({ role: 'manager', username: 'manny' });
const RECEPTIONIST = adminToken({ role: 'receptionist', username: 'rita' });

beforeAll(async () => {
  auth = await startHarness('auth', authEnvShape, wire, { label: 'auth_privacy', env: { APP_MODE: 'demo' }, now: () => clock });
  models = createModels(auth.ctx.conn);
  // Plays the five services: hears what auth asks and what it records.
  services = new EventBus({ url: testAmqpUrl(), exchange: auth.ctx.config.BUS_EXCHANGE, source: 'booking', logger: silentLogger() });
  services.subscribe(
    uniqueName('privacy_heard'),
    ['privacy.access.requested', 'privacy.erasure.requested', 'privacy.retention.changed', 'audit.recorded'],
    async ({ type, data }) => {
      heard.push({ type, data });
    },
  );
  await services.start();
});
afterAll(async () => {
  await services.close();
  await auth.close();
});

const call = <T = { message: string }>(method: string, path: string, token?: string, body?: unknown) => api<T>(auth.url, path, { method, token, body });
const requestOf = (id: string) => models.PrivacyRequest.findById(id).lean();
const heardOf = <T extends string>(type: T, match: (data: Record<string, unknown>) => boolean) =>
  waitFor(`${type}`, () => heard.find((e) => e.type === type && match(e.data as Record<string, unknown>))?.data as Record<string, unknown> | undefined);
const answerAccess = (requestId: string, service: PrivacyService, records: PrivacyRecords) =>
  services.publish('privacy.access.answered', { requestId, service, records } satisfies EventData<'privacy.access.answered'>);
const answerErasure = (requestId: string, service: PrivacyService, counts: Record<string, number>) =>
  services.publish('privacy.erasure.completed', { requestId, service, counts });
const doneRequest = (id: string) =>
  waitFor('the request done', async () => {
    const res = await call<PrivacyRequest>('GET', `/api/privacy/requests/${id}`, MANAGER);
    return res.body.status === 'done' && res.body;
  });

const ROUTES = Object.values(privacyRoutes).map((r) => ({
  method: r.method.toUpperCase(),
  path: r.path.replace(':id', '00000000-0000-4000-8000-000000000000'),
  body: r.method === 'get' ? undefined : r.path.includes('retention') ? { chatMonths: null, customerMonths: null } : { email: 'x@example.com', confirm: true },
  roles: r.roles ?? [],
}));

describe('who may ask', () => {
  it('answers 401 without a token or with a bad one, 403 to a receptionist on every route and to a manager on erasure and retention changes', async () => {
    const before = await models.PrivacyRequest.countDocuments();
    for (const route of ROUTES) {
      expect([route.path, (await call(route.method, route.path, undefined, route.body)).status]).toEqual([route.path, 401]);
      expect([route.path, (await call(route.method, route.path, `${OWNER}x`, route.body)).status]).toEqual([route.path, 401]);
      const asReceptionist = await call(route.method, route.path, RECEPTIONIST, route.body);
      expect([route.path, asReceptionist.status, typeof asReceptionist.body.message]).toEqual([route.path, 403, 'string']);
    }
    expect((await call('POST', '/api/privacy/erasure-requests', MANAGER, { email: 'x@example.com', confirm: true })).status).toBe(403);
    expect((await call('PUT', '/api/privacy/retention', MANAGER, { chatMonths: 6, customerMonths: null })).status).toBe(403);
    expect(await models.PrivacyRequest.countDocuments()).toBe(before);
    expect(await models.PrivacyRetention.countDocuments()).toBe(0);
  });

  it('refuses odd bodies with a 4xx message and writes nothing', async () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 200; i++) cursor = cursor.a = {};
    const bodies: unknown[] = [
      {},
      { email: { $ne: null } },
      { email: ['a@example.com'] },
      { email: 'a@example.com, b@example.com' },
      { phone: 'abc' },
      { email: `${'a'.repeat(100_000)}@example.com` },
      deep,
      [],
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api/privacy/access-requests', OWNER, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    for (const body of [
      { email: 'a@example.com' },
      { email: 'a@example.com', confirm: 'true' },
      { email: 'a@example.com', confirm: false },
      { confirm: true },
    ]) {
      const res = await call('POST', '/api/privacy/erasure-requests', OWNER, body);
      expect(res.status).toBe(400);
    }
    expect((await call('POST', '/api/privacy/erasure-requests', OWNER, { email: 'a@example.com' })).body.message).toContain(PRIVACY_MESSAGES.confirm);
    for (const body of [
      { chatMonths: 0, customerMonths: null },
      { chatMonths: 1.5, customerMonths: null },
      { chatMonths: '3', customerMonths: null },
      { chatMonths: 3 },
    ]) {
      expect((await call('PUT', '/api/privacy/retention', OWNER, body)).status).toBe(400);
    }
    expect((await call('GET', '/api/privacy/requests/nope', MANAGER)).status).toBe(404);
    expect(await models.PrivacyRequest.countDocuments()).toBe(0);
  });
});

describe('an access request', () => {
  let accessId: string;

  it('asks every service, records an export in the audit trail without the address, and is pending until all answered', async () => {
    const made = await call<PrivacyRequest>('POST', '/api/privacy/access-requests', MANAGER, { email: ' Kim.Reyes@Gmail.com ', phone: '0917 123 9876' });
    expect(made.status).toBe(202);
    accessId = made.body.id;
    expect(made.body).toMatchObject({
      kind: 'access',
      status: 'pending',
      requestedBy: 'manny',
      subjectHint: 'e-mail ending @gmail.com, phone ending 76',
      services: PRIVACY_SERVICES.map((service) => ({ service, status: 'pending', counts: {} })),
    });
    expect(await heardOf('privacy.access.requested', (d) => d.requestId === accessId)).toEqual({
      requestId: accessId,
      email: 'Kim.Reyes@Gmail.com',
      phone: '0917 123 9876',
    });
    const audit = await heardOf('audit.recorded', (d) => d.subject === `privacy access request ${accessId}`);
    expect(audit).toMatchObject({ action: 'export', actor: { username: 'manny', role: 'manager' } });
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('kim');

    const archive = await call('GET', `/api/privacy/requests/${accessId}/archive`, MANAGER);
    expect([archive.status, archive.body.message]).toEqual([409, PRIVACY_MESSAGES.notDone]);
  });

  it('is done once all five answered (redeliveries counted once), then keeps only hashes of the address, and gives one ZIP', async () => {
    await answerAccess(accessId, 'booking', {
      appointments: [{ id: 'a1', email: 'kim.reyes@gmail.com', notes: '=HYPERLINK("x")', startTime: '2030-02-01T02:00:00.000Z' }],
      waitlist: [],
    });
    // A later answer of a service already answered (a redelivery, a retry that gathered again) changes nothing.
    await waitFor('booking answered', async () => (await requestOf(accessId))?.answers?.booking !== undefined);
    await answerAccess(accessId, 'booking', { appointments: [], waitlist: [] });
    await answerAccess(accessId, 'chat', {
      conversations: [{ id: 'c1', customerEmail: 'Kim.Reyes@Gmail.com' }],
      'chat-messages': [{ id: 'm1', content: 'Hi, "quoted", ok' }],
    });
    await answerAccess(accessId, 'subscribers', { subscribers: [{ id: 's1', email: 'kim.reyes@gmail.com', subscribed: true }] });
    await waitFor('three answers', async () => Object.keys((await requestOf(accessId))?.answers ?? {}).length === 3);
    expect((await call<PrivacyRequest>('GET', `/api/privacy/requests/${accessId}`, MANAGER)).body.status).toBe('pending');
    await answerAccess(accessId, 'notifications', { mails: [{ id: 'n1', recipient: 'kim.reyes@gmail.com', subject: 'Booked' }] });
    await waitFor('four answers', async () => Object.keys((await requestOf(accessId))?.answers ?? {}).length === 4);
    expect((await call<PrivacyRequest>('GET', `/api/privacy/requests/${accessId}`, MANAGER)).body.status).toBe('pending');
    await answerAccess(accessId, 'payments', { payments: [{ id: 'p1', customerEmail: 'kim.reyes@gmail.com', amount: 50000 }] });

    const done = await doneRequest(accessId);
    expect(done.services).toEqual([
      { service: 'booking', status: 'done', counts: { appointments: 1, waitlist: 0 } },
      { service: 'chat', status: 'done', counts: { conversations: 1, 'chat-messages': 1 } },
      { service: 'subscribers', status: 'done', counts: { subscribers: 1 } },
      { service: 'notifications', status: 'done', counts: { mails: 1 } },
      { service: 'payments', status: 'done', counts: { payments: 1 } },
    ]);
    expect(done.archiveUntil).toBe(new Date(clock.getTime() + 7 * 24 * 3600 * 1000).toISOString());
    const stored = await requestOf(accessId);
    expect(stored?.email).toBeUndefined();
    expect(stored?.phone).toBeUndefined();
    expect(stored?.emailHash).toMatch(/^[0-9a-f]{64}$/);

    const res = await fetch(`${auth.url}/api/privacy/requests/${accessId}/archive`, { headers: { authorization: `Bearer ${MANAGER}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="privacy-${accessId}.zip"`);
    const files = await readZip(Buffer.from(await res.arrayBuffer()));
    expect([...files.keys()]).toEqual([
      'data.json',
      'appointments.csv',
      'chat-messages.csv',
      'conversations.csv',
      'mails.csv',
      'payments.csv',
      'subscribers.csv',
      'waitlist.csv',
    ]);
    const data = JSON.parse(files.get('data.json')!);
    expect(data.services.booking.appointments[0].email).toBe('kim.reyes@gmail.com');
    expect(data.services.chat['chat-messages'][0].content).toBe('Hi, "quoted", ok');
    expect(files.get('appointments.csv')).toBe(
      'service,id,email,notes,startTime\r\nbooking,a1,kim.reyes@gmail.com,"\'=HYPERLINK(""x"")",2030-02-01T02:00:00.000Z\r\n',
    );
    expect(files.get('chat-messages.csv')).toBe('service,id,content\r\nchat,m1,"Hi, ""quoted"", ok"\r\n');
    expect(files.get('waitlist.csv')).toBe('\r\n');
  });

  it('lists requests newest first, and its archive is gone after 7 days', async () => {
    clock = new Date(clock.getTime() + 60_000);
    const later = await call<PrivacyRequest>('POST', '/api/privacy/access-requests', OWNER, { phone: '+63 917 000 1111' });
    const list = await call<{ requests: PrivacyRequest[] }>('GET', '/api/privacy/requests', MANAGER);
    expect(list.body.requests.slice(0, 2).map((r) => r.id)).toEqual([later.body.id, accessId]);
    clock = new Date(clock.getTime() + 8 * 24 * 3600 * 1000);
    const expired = await call('GET', `/api/privacy/requests/${accessId}/archive`, MANAGER);
    expect([expired.status, expired.body.message]).toEqual([410, PRIVACY_MESSAGES.expired]);
    expect((await call('GET', `/api/privacy/requests/${later.body.id}/archive`, MANAGER)).status).toBe(409);
    // The periodic pass removes the parts themselves.
    expect(await models.PrivacyPart.countDocuments({ requestId: accessId })).toBe(5);
    expect(await new PrivacyRequests(models, auth.ctx.relay, silentLogger(), () => clock).forgetOldArchives()).toBe(5);
    expect(await models.PrivacyPart.countDocuments({ requestId: accessId })).toBe(0);
  });
});

describe('an erasure request', () => {
  it("is the owner's, audited, done when all five erased, and removes the same person's earlier access archives", async () => {
    const access = await call<PrivacyRequest>('POST', '/api/privacy/access-requests', OWNER, { email: 'lou@example.com' });
    for (const service of PRIVACY_SERVICES) await answerAccess(access.body.id, service, { things: [{ id: 'x', email: 'lou@example.com' }] });
    await doneRequest(access.body.id);
    expect((await call('GET', `/api/privacy/requests/${access.body.id}/archive`, MANAGER)).status).toBe(200);

    const made = await call<PrivacyRequest>('POST', '/api/privacy/erasure-requests', OWNER, { email: 'LOU@example.com', confirm: true });
    expect(made.status).toBe(202);
    const id = made.body.id;
    expect(await heardOf('privacy.erasure.requested', (d) => d.requestId === id)).toEqual({ requestId: id, email: 'LOU@example.com' });
    expect(await heardOf('audit.recorded', (d) => d.subject === `privacy erasure request ${id}`)).toMatchObject({
      action: 'erasure',
      actor: { username: 'olga' },
    });
    for (const service of PRIVACY_SERVICES) await answerErasure(id, service, { things: 2 });
    await answerErasure(id, 'chat', { things: 9 });
    const done = await doneRequest(id);
    expect(done.services.map((s) => s.counts.things)).toEqual([2, 2, 2, 2, 2]);
    expect((await requestOf(id))?.email).toBeUndefined();

    const archive = await call('GET', `/api/privacy/requests/${access.body.id}/archive`, MANAGER);
    expect(archive.status).toBe(410);
    expect(await models.PrivacyPart.countDocuments({ requestId: access.body.id })).toBe(0);
    expect(JSON.stringify(await models.PrivacyRequest.find().lean()).toLowerCase()).not.toContain('lou@');
  });

  it("keeps none of an access request's records that arrive after the same person's erasure was asked for", async () => {
    const access = await call<PrivacyRequest>('POST', '/api/privacy/access-requests', MANAGER, { phone: '0917 765 4321' });
    const erasure = await call<PrivacyRequest>('POST', '/api/privacy/erasure-requests', OWNER, { phone: '+63 917 765 4321', confirm: true });
    for (const service of PRIVACY_SERVICES) await answerAccess(access.body.id, service, { things: [{ id: 'late', phone: '09177654321' }] });
    await doneRequest(access.body.id);
    expect(await models.PrivacyPart.countDocuments({ requestId: access.body.id })).toBe(0);
    expect((await call('GET', `/api/privacy/requests/${access.body.id}/archive`, MANAGER)).status).toBe(410);
    for (const service of PRIVACY_SERVICES) await answerErasure(erasure.body.id, service, {});
    await doneRequest(erasure.body.id);
  });
});

describe('retention', () => {
  it('is off by default, set by the owner with an event each service orders by version, and an audit entry', async () => {
    expect((await call<Retention>('GET', '/api/privacy/retention', MANAGER)).body).toEqual({ chatMonths: null, customerMonths: null });
    expect((await call<Retention>('PUT', '/api/privacy/retention', OWNER, { chatMonths: 6, customerMonths: null })).body).toEqual({
      chatMonths: 6,
      customerMonths: null,
    });
    await call('PUT', '/api/privacy/retention', OWNER, { chatMonths: 6, customerMonths: 24 });
    expect((await call<Retention>('GET', '/api/privacy/retention', MANAGER)).body).toEqual({ chatMonths: 6, customerMonths: 24 });
    expect(await heardOf('privacy.retention.changed', (d) => d.version === 2)).toEqual({ chatMonths: 6, customerMonths: 24, version: 2 });
    expect(await heardOf('audit.recorded', (d) => d.subject === 'privacy retention' && d.after === 'chat 6 months, customers 24 months')).toMatchObject({
      action: 'setting-changed',
      before: 'chat 6 months, customers kept',
    });
  });
});
