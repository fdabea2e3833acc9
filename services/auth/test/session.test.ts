import { scryptSync } from 'node:crypto';
import type { Envelope, EventData, SignedIn } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { adminToken, json, silentLogger, startHarness, testAmqpUrl, uniqueName, waitFor, type Harness } from '@bb/service-kit/testing';
import { authEnvShape, type AuthConfig } from '../src/config';
import { needsRehash } from '../src/domain/passwords';
import { createModels } from '../src/models';
import { wire } from '../src/wire';

let auth: Harness<AuthConfig>;
let listener: EventBus;
let conn: Harness<AuthConfig>['ctx']['conn'];
const revokedEvents: Envelope<EventData<'auth.session.revoked'>>[] = [];

beforeAll(async () => {
  auth = await startHarness('auth', authEnvShape, wire, { env: { APP_MODE: 'demo', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password' } });
  conn = auth.ctx.conn;
  listener = new EventBus({ url: testAmqpUrl(), exchange: auth.ctx.config.BUS_EXCHANGE, source: 'listener', logger: silentLogger() });
  listener.subscribe(uniqueName('revoked'), ['auth.session.revoked'], async (e) => {
    revokedEvents.push(e);
  });
  await listener.start();
});
afterAll(async () => {
  await listener.close();
  await auth.close();
});

const post = (path: string, body: unknown, token?: string) =>
  fetch(auth.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, token?: string) => fetch(auth.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('auth service', () => {
  it('signs in the configured admin and the demo admin', async () => {
    for (const [username, password] of [
      ['owner', 'owner-password'],
      ['admin', 'admin123'],
    ]) {
      const res = await post('/api/auth/login', { username, password });
      expect(res.status).toBe(200);
      const body = await json<SignedIn>(res);
      expect(body.user.username).toBe(username);
      const me = await get('/api/auth/me', body.token);
      expect(await json(me)).toEqual({ id: body.user.id, username, role: 'owner', twoFactor: false, mustEnrol: false });
    }
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrongPassword = await post('/api/auth/login', { username: 'owner', password: 'nope' });
    const unknownUser = await post('/api/auth/login', { username: 'nobody', password: 'nope' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(await json(wrongPassword)).toEqual(await json(unknownUser));
  });

  it('rejects a non-string or missing username or password with 400', async () => {
    for (const body of [{ username: ['owner'], password: 'x' }, { username: 'owner', password: { $ne: '' } }, { username: 'owner' }, {}]) {
      const res = await post('/api/auth/login', body);
      expect(res.status).toBe(400);
      expect((await json<{ message: string }>(res)).message).toMatch(/username|password/);
    }
  });

  it('stores only a scrypt hash of the password', async () => {
    const user = await createModels(conn).User.findOne({ username: 'owner' }).lean();
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.passwordHash).not.toContain('owner-password');
  });

  it('logs out: the token stops working and auth.session.revoked is published', async () => {
    const { token } = await json<SignedIn>(await post('/api/auth/login', { username: 'owner', password: 'owner-password' }));
    const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
    const res = await post('/api/auth/logout', {}, token);
    expect(res.status).toBe(200);
    expect((await get('/api/auth/me', token)).status).toBe(401);
    const event = await waitFor('revocation event', () => revokedEvents.find((e) => e.data.jti === jti));
    expect(event.source).toBe('auth');
  });

  it('answers 401, not 404, to a valid token whose subject is no account id (me, two-factor enrolment)', async () => {
    const secret = auth.ctx.config.JWT_SECRET;
    for (const subject of ['test-admin', '1', 'x'.repeat(200), '64b7f0c2a1b2c3d4e5f6071']) {
      const token = adminToken({ secret, subject });
      const answers = [
        await get('/api/auth/me', token),
        await post('/api/auth/two-factor/enrolment', {}, token),
        await post('/api/auth/two-factor/enrolment/confirm', { code: '123456' }, token),
      ];
      expect({ subject, statuses: answers.map((r) => r.status) }).toEqual({ subject, statuses: [401, 401, 401] });
      for (const res of answers) expect(typeof (await json<{ message: string }>(res)).message).toBe('string');
    }
  });

  it('re-hashes a password stored with older settings at the next sign-in', async () => {
    const { User } = createModels(conn);
    const salt = Buffer.from('fedcba9876543210');
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('legacy-password', salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64')].join(
      '$',
    );
    await User.create({ username: 'legacy', passwordHash: old });
    expect((await post('/api/auth/login', { username: 'legacy', password: 'legacy-password' })).status).toBe(200);
    const stored = (await User.findOne({ username: 'legacy' }).lean())!.passwordHash;
    expect(stored).not.toBe(old);
    expect(needsRehash(stored!)).toBe(false);
    expect((await post('/api/auth/login', { username: 'legacy', password: 'legacy-password' })).status).toBe(200);
  });

  it('tells the login screen about demo mode', async () => {
    expect(await json(await get('/api/auth/config'))).toEqual({ demo: true, demoCredentials: { username: 'admin', password: 'admin123' } });
  });
});
