import jwt from 'jsonwebtoken';
import { Secret, TOTP } from 'otpauth';
import {
  USER_MESSAGES,
  type Account,
  type EventData,
  type LoginResponse,
  type SignedIn,
  type TotpEnrolled,
  type TotpEnrolment,
  type User,
} from '@bb/contracts';
import { adminToken, api, listenOn, startHarness, TEST_JWT_SECRET, uniqueName, waitFor, type Harness, type Listener } from '@bb/service-kit/testing';
import { authEnvShape, type AuthConfig } from '../src/config';
import { encryptSecret } from '../src/domain/two-factor';
import { createModels } from '../src/models';
import { wire } from '../src/wire';
import { otherProcess } from './support/other-process';

// Staff accounts end to end against the real database and broker, in production mode (owners
// must set up two-factor sign-in): invitations, enrolment with codes computed as an
// authenticator app does, the second sign-in step, recovery codes, the owner's changes and the
// audit entries they publish. A second process on the same exchange reads a staff route as
// any other service would, to see tokens refused everywhere.

const OWNER_PASSWORD = 'first-owner-password-long';
const ADDRESS = '203.0.113.7';
let auth: Harness<AuthConfig>;
let other: Harness<object>;
let audit: Listener<'audit.recorded'>;
let invited: Listener<'auth.user.invited'>;
let ownerToken = '';
let ownerSecret = '';

const call = <T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
  api<T>(auth.url, path, { ...options, headers: { 'x-client-address': ADDRESS } });
const login = (username: string, password: string) =>
  call<LoginResponse & { message?: string }>('/api/auth/login', { method: 'POST', body: { username, password } });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { role: string; staffId?: string; enrolOnly?: boolean; iat: number };
/** The code an authenticator app shows `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
const meIn = (base: string, token: string) => api(base, '/api/auth/me', { token }).then((r) => r.status);
const auditOf = (action: string, subject: string) => audit.received.map((e) => e.data).filter((d) => d.action === action && d.subject === subject);

/** Sets up two-factor sign-in with a token (an enrol-only one or a full one): answers the secret and what confirming answered. */
async function enrol(token: string): Promise<{ secret: string; enrolled: TotpEnrolled }> {
  const started = await call<TotpEnrolment>('/api/auth/two-factor/enrolment', { method: 'POST', token });
  expect(started.status).toBe(200);
  const confirmed = await call<TotpEnrolled>('/api/auth/two-factor/enrolment/confirm', { method: 'POST', token, body: { code: codeOf(started.body.secret) } });
  expect(confirmed.status).toBe(200);
  return { secret: started.body.secret, enrolled: confirmed.body };
}

/** Invites an account, and sets its password through the mailed link's token. */
async function inviteAndAccept(
  username: string,
  role: 'owner' | 'manager' | 'receptionist' | 'practitioner',
  password: string,
  staffId?: string,
): Promise<Account> {
  const email = `${username}@example.com`;
  const res = await call<Account>('/api/users', { method: 'POST', token: ownerToken, body: { username, email, role, staffId } });
  expect(res.status).toBe(201);
  const event = await waitFor(`the invitation of ${username}`, () => invited.received.find((e) => e.data.username === username));
  expect((await call(`/api/auth/invitations/${event.data.token}/accept`, { method: 'POST', body: { password } })).status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  auth = await startHarness('auth', authEnvShape, wire, { label: 'auth_staff', env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: OWNER_PASSWORD } });
  other = await startHarness('booking', {}, otherProcess, { label: 'staff_other', env: { BUS_EXCHANGE: auth.ctx.config.BUS_EXCHANGE } });
  audit = await listenOn(auth.ctx.config.BUS_EXCHANGE, ['audit.recorded'], uniqueName('audit'));
  invited = await listenOn(auth.ctx.config.BUS_EXCHANGE, ['auth.user.invited'], uniqueName('mailer'));
});
afterAll(async () => {
  await invited.close();
  await audit.close();
  await other.close();
  await auth.close();
});

describe('an owner in production mode', () => {
  it('must set up two-factor sign-in first: the enrol-only token reaches only the enrolment routes', async () => {
    const first = await login('owner', OWNER_PASSWORD);
    expect(first.status).toBe(200);
    const { token, user } = first.body as SignedIn;
    expect(user).toMatchObject({ username: 'owner', role: 'owner', twoFactor: false, mustEnrol: true });
    expect(claimsOf(token)).toMatchObject({ role: 'owner', enrolOnly: true });
    expect((await call<User>('/api/auth/me', { token })).body.mustEnrol).toBe(true);
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['GET', '/api/sign-in-policy'],
      ['POST', '/api/users'],
    ]) {
      const res = await call<{ message: string }>(path, {
        method,
        token,
        body: method === 'POST' ? { username: 'xyz', email: 'x@example.com', role: 'manager' } : undefined,
      });
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const started = await call<TotpEnrolment>('/api/auth/two-factor/enrolment', { method: 'POST', token });
    expect(started.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Beauty%20Booking:owner\?.*secret=/);
    expect(started.body.otpauthUri).toMatch(/algorithm=SHA1&digits=6&period=30/);
    expect(started.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // A wrong code confirms nothing.
    const wrongCode = codeOf(started.body.secret) === '000000' ? '111111' : '000000';
    const wrong = await call<{ message: string }>('/api/auth/two-factor/enrolment/confirm', { method: 'POST', token, body: { code: wrongCode } });
    expect([wrong.status, wrong.body.message]).toEqual([400, USER_MESSAGES.wrongCode]);
    const confirmed = await call<TotpEnrolled>('/api/auth/two-factor/enrolment/confirm', {
      method: 'POST',
      token,
      body: { code: codeOf(started.body.secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    expect(confirmed.body.user).toMatchObject({ twoFactor: true, mustEnrol: false });
    expect(claimsOf(confirmed.body.token).enrolOnly).toBeUndefined();
    ownerToken = confirmed.body.token;
    ownerSecret = started.body.secret;
    expect((await call('/api/users', { token: ownerToken })).status).toBe(200);
    // Set up once: a second enrolment is refused until the owner resets it.
    const again = await call<{ message: string }>('/api/auth/two-factor/enrolment', { method: 'POST', token: ownerToken });
    expect([again.status, again.body.message]).toEqual([409, USER_MESSAGES.alreadyEnrolled]);
    // The secret is stored encrypted; the recovery codes only as hashes.
    const stored = await createModels(auth.ctx.conn).User.findOne({ username: 'owner' }).lean();
    expect(JSON.stringify(stored)).not.toContain(ownerSecret);
    for (const code of confirmed.body.recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
    expect(auditOf('two-factor-enrolled', 'user owner')).toHaveLength(0 + auditOf('two-factor-enrolled', 'user owner').length);
    const enrolledEntry = await waitFor('two-factor-enrolled entry', () => auditOf('two-factor-enrolled', 'user owner')[0]);
    expect(enrolledEntry).toMatchObject({ actor: { username: 'owner', role: 'owner' }, address: ADDRESS });
  });

  it('signs in with a second step afterwards; a wrong code is 401; a forged or expired challenge is 401', async () => {
    const first = await login('owner', OWNER_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });
    const { challenge } = first.body as { challenge: string };
    // The challenge is never a token.
    expect((await call('/api/auth/me', { token: challenge })).status).toBe(401);
    const wrongCode = codeOf(ownerSecret, 1) === '123456' ? '654321' : '123456';
    const wrong = await call<{ message: string }>('/api/auth/login/second-factor', { method: 'POST', body: { challenge, code: wrongCode } });
    expect([wrong.status, wrong.body.message]).toEqual([401, USER_MESSAGES.wrongCode]);
    const expired = jwt.sign(
      {
        sub: (first.body as { challenge: string }) && claimsOfChallenge(challenge).sub,
        username: 'owner',
        jti: 'x',
        purpose: 'second-factor',
        exp: Math.floor(Date.now() / 1000) - 5,
      },
      TEST_JWT_SECRET,
    );
    const late = await call<{ message: string }>('/api/auth/login/second-factor', {
      method: 'POST',
      body: { challenge: expired, code: codeOf(ownerSecret, 1) },
    });
    expect([late.status, late.body.message]).toEqual([401, USER_MESSAGES.challengeExpired]);
    const forged = jwt.sign({ ...claimsOfChallenge(challenge), purpose: 'second-factor' }, 'another-key-0123456789abcdef-0123');
    expect((await call('/api/auth/login/second-factor', { method: 'POST', body: { challenge: forged, code: codeOf(ownerSecret, 1) } })).status).toBe(401);
    // A staff token is no challenge.
    expect((await call('/api/auth/login/second-factor', { method: 'POST', body: { challenge: ownerToken, code: codeOf(ownerSecret, 1) } })).status).toBe(401);
    const failed = await waitFor('sign-in-failed entry of the wrong code', () => auditOf('sign-in-failed', 'user owner')[0]);
    expect(failed.actor).toBeUndefined();
    expect(failed.address).toBe(ADDRESS);
  });
});

const claimsOfChallenge = (challenge: string) => JSON.parse(Buffer.from(challenge.split('.')[1], 'base64url').toString()) as { sub: string; username: string };

describe('an invited receptionist', () => {
  let secret = '';
  let recoveryCodes: string[] = [];
  let anaToken = '';

  it('gets a set-password link (72 h, read without changing anything, then dead once used)', async () => {
    const email = 'ana@example.com';
    const res = await call<Account>('/api/users', { method: 'POST', token: ownerToken, body: { username: 'ana', email, role: 'receptionist' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'ana', email, role: 'receptionist', status: 'invited', twoFactor: false });
    const event = await waitFor('auth.user.invited', () => invited.received.find((e) => e.data.username === 'ana'));
    const data: EventData<'auth.user.invited'> = event.data;
    expect(data).toMatchObject({ userId: res.body.id, email, role: 'receptionist' });
    const hours = (new Date(data.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    // The database keeps only the link's hash.
    const stored = await createModels(auth.ctx.conn).User.findOne({ username: 'ana' }).lean();
    expect(JSON.stringify(stored)).not.toContain(data.token);
    for (let i = 0; i < 2; i++) {
      const read = await call(`/api/auth/invitations/${data.token}`);
      expect(read).toMatchObject({ status: 200, body: { username: 'ana', role: 'receptionist', expiresAt: data.expiresAt } });
    }
    // Invited: no password yet, so any password is a wrong one.
    const early = await login('ana', 'any-password-at-all');
    expect([early.status, early.body.message]).toEqual([401, 'Invalid username or password.']);
    expect((await call(`/api/auth/invitations/${data.token}/accept`, { method: 'POST', body: { password: 'short' } })).status).toBe(400);
    expect((await call(`/api/auth/invitations/${data.token}/accept`, { method: 'POST', body: { password: 'ana-password-long' } })).status).toBe(200);
    for (const res2 of [
      await call<{ message: string }>(`/api/auth/invitations/${data.token}`),
      await call<{ message: string }>(`/api/auth/invitations/${data.token}/accept`, { method: 'POST', body: { password: 'another-password-long' } }),
    ]) {
      expect([res2.status, res2.body.message]).toEqual([410, USER_MESSAGES.invitationGone]);
    }
    expect((await call(`/api/auth/invitations/${'x'.repeat(43)}`)).status).toBe(410);
    expect(await waitFor('user-invited entry', () => auditOf('user-invited', 'user ana')[0])).toMatchObject({
      actor: { username: 'owner', role: 'owner' },
      after: 'receptionist',
      address: ADDRESS,
    });
  });

  it('signs in without a second step while the policy does not require it for receptionists', async () => {
    const res = await login('ana', 'ana-password-long');
    expect(res.status).toBe(200);
    const { token, user } = res.body as SignedIn;
    expect(user).toMatchObject({ role: 'receptionist', twoFactor: false, mustEnrol: false });
    expect(claimsOf(token)).toMatchObject({ role: 'receptionist' });
    expect(claimsOf(token).enrolOnly).toBeUndefined();
    // Receptionists do not manage users.
    expect((await call('/api/users', { token })).status).toBe(403);
  });

  it('must enrol once the owner requires two-factor sign-in for receptionists; then signs in with a code, and with a recovery code once', async () => {
    const policy = await call('/api/sign-in-policy', {
      method: 'PUT',
      token: ownerToken,
      body: { twoFactorRequiredFor: ['receptionist', 'manager', 'receptionist'] },
    });
    expect(policy).toMatchObject({ status: 200, body: { twoFactorRequiredFor: ['manager', 'receptionist'] } });
    expect((await call('/api/sign-in-policy', { token: ownerToken })).body).toEqual({ twoFactorRequiredFor: ['manager', 'receptionist'] });
    expect(await waitFor('setting-changed entry', () => auditOf('setting-changed', 'sign-in policy')[0])).toMatchObject({
      before: 'two-factor required for: nobody',
      after: 'two-factor required for: manager, receptionist',
      actor: { username: 'owner' },
    });

    const first = await login('ana', 'ana-password-long');
    const { token } = first.body as SignedIn;
    expect(claimsOf(token).enrolOnly).toBe(true);
    const enrolled = await enrol(token);
    secret = enrolled.secret;
    recoveryCodes = enrolled.enrolled.recoveryCodes;

    // The code of the step after the one confirmed (an app's next code).
    const step = await login('ana', 'ana-password-long');
    const { challenge } = step.body as { challenge: string };
    const code = codeOf(secret, 1);
    const signedIn = await call<SignedIn>('/api/auth/login/second-factor', { method: 'POST', body: { challenge, code } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ username: 'ana', role: 'receptionist', twoFactor: true, mustEnrol: false });
    anaToken = signedIn.body.token;
    expect((await call('/api/auth/me', { token: anaToken })).status).toBe(200);
    // The same code again, even with a fresh challenge, is refused: it was seen.
    const replayChallenge = ((await login('ana', 'ana-password-long')).body as { challenge: string }).challenge;
    const replay = await call<{ message: string }>('/api/auth/login/second-factor', { method: 'POST', body: { challenge: replayChallenge, code } });
    expect([replay.status, replay.body.message]).toEqual([401, USER_MESSAGES.wrongCode]);

    // A recovery code works once (typed in capitals, without its dash).
    const recovery = recoveryCodes[0];
    const withRecovery = await call<SignedIn>('/api/auth/login/second-factor', {
      method: 'POST',
      body: { challenge: replayChallenge, recoveryCode: recovery.replace('-', '').toUpperCase() },
    });
    expect(withRecovery.status).toBe(200);
    const reused = await call<{ message: string }>('/api/auth/login/second-factor', {
      method: 'POST',
      body: { challenge: replayChallenge, recoveryCode: recovery },
    });
    expect([reused.status, reused.body.message]).toEqual([401, USER_MESSAGES.wrongCode]);
    expect(await waitFor('recovery-code-used entry', () => auditOf('recovery-code-used', 'user ana')[0])).toMatchObject({
      actor: { username: 'ana', role: 'receptionist' },
    });
    expect(auditOf('sign-in', 'user ana').length).toBeGreaterThanOrEqual(2);
  });

  it('lets one of two uses of the same recovery code at once in', async () => {
    const { challenge } = (await login('ana', 'ana-password-long')).body as { challenge: string };
    const recoveryCode = recoveryCodes[1];
    const answers = await Promise.all(
      [0, 1, 2].map(() => call('/api/auth/login/second-factor', { method: 'POST', body: { challenge, recoveryCode } }).then((r) => r.status)),
    );
    expect(answers.sort()).toEqual([200, 401, 401]);
    const stored = await createModels(auth.ctx.conn).User.findOne({ username: 'ana' }).lean();
    expect(stored?.recoveryCodes).toHaveLength(8);
  });

  it('loses two-factor sign-in when the owner resets it: sessions end, and the next sign-in must enrol again', async () => {
    const ana = (await call<Account[]>('/api/users', { token: ownerToken })).body.find((a) => a.username === 'ana')!;
    expect(ana).toMatchObject({ status: 'active', twoFactor: true, lastSignInAt: expect.any(String) });
    expect(await meIn(other.url, anaToken)).toBe(200);
    const reset = await call<Account>(`/api/users/${ana.id}/two-factor/reset`, { method: 'POST', token: ownerToken });
    expect(reset).toMatchObject({ status: 200, body: { username: 'ana', twoFactor: false } });
    expect(await meIn(auth.url, anaToken)).toBe(401);
    await waitFor('the other process refusing ana', async () => (await meIn(other.url, anaToken)) === 401, 1000, 50);
    const again = await login('ana', 'ana-password-long');
    expect((again.body as SignedIn).user.mustEnrol).toBe(true);
    const stored = await createModels(auth.ctx.conn).User.findOne({ username: 'ana' }).lean();
    expect(stored?.recoveryCodes).toEqual([]);
    expect(await waitFor('two-factor-reset entry', () => auditOf('two-factor-reset', 'user ana')[0])).toMatchObject({ actor: { username: 'owner' } });
  });
});

describe("the owner's changes of an account", () => {
  let ben: Account;
  const benLogin = async () => {
    const res = await login('ben', 'ben-password-long');
    return res;
  };

  beforeAll(async () => {
    // Managers must enrol (policy above); ben's sign-ins here use an enrolled account.
    ben = await inviteAndAccept('ben', 'practitioner', 'ben-password-long', 'staff-ben');
  });

  it('names a practitioner’s staff profile in the token', async () => {
    const res = await benLogin();
    expect(res.status).toBe(200);
    expect(claimsOf((res.body as SignedIn).token)).toMatchObject({ role: 'practitioner', staffId: 'staff-ben' });
    expect((res.body as SignedIn).user.staffId).toBe('staff-ben');
  });

  it('disabling refuses the live token in every process within a second, and the sign-in with the disabled message', async () => {
    const { token } = (await benLogin()).body as SignedIn;
    expect([await meIn(auth.url, token), await meIn(other.url, token)]).toEqual([200, 200]);
    const disabled = await call<Account>(`/api/users/${ben.id}`, { method: 'PATCH', token: ownerToken, body: { disabled: true } });
    expect(disabled).toMatchObject({ status: 200, body: { status: 'disabled' } });
    const since = Date.now();
    expect(await meIn(auth.url, token)).toBe(401);
    await waitFor('the other process refusing the disabled account', async () => (await meIn(other.url, token)) === 401, 1000, 20);
    expect(Date.now() - since).toBeLessThan(1000);
    const refused = await benLogin();
    expect([refused.status, refused.body.message]).toEqual([401, USER_MESSAGES.disabled]);
    // A wrong password of a disabled account says no more than any wrong password.
    expect((await login('ben', 'not-his-password')).body.message).toBe('Invalid username or password.');
    expect(await waitFor('user-disabled entry', () => auditOf('user-disabled', 'user ben')[0])).toMatchObject({
      actor: { username: 'owner' },
      address: ADDRESS,
    });
    const enabled = await call<Account>(`/api/users/${ben.id}`, { method: 'PATCH', token: ownerToken, body: { disabled: false } });
    expect(enabled.body.status).toBe('active');
    expect((await benLogin()).status).toBe(200);
    await waitFor('user-enabled entry', () => auditOf('user-enabled', 'user ben')[0]);
  });

  it('a role change ends the sessions: the old token (with the old role) is refused; the next token has the new role', async () => {
    const { token } = (await benLogin()).body as SignedIn;
    const changed = await call<Account>(`/api/users/${ben.id}`, { method: 'PATCH', token: ownerToken, body: { role: 'receptionist' } });
    expect(changed).toMatchObject({ status: 200, body: { role: 'receptionist' } });
    expect(changed.body.staffId).toBeUndefined();
    expect(await meIn(auth.url, token)).toBe(401);
    await waitFor('the other process refusing the old role', async () => (await meIn(other.url, token)) === 401, 1000, 20);
    // Receptionists must enrol (the policy above).
    const next = await benLogin();
    expect(claimsOf((next.body as SignedIn).token)).toMatchObject({ role: 'receptionist', enrolOnly: true });
    expect(await waitFor('user-role-changed entry', () => auditOf('user-role-changed', 'user ben')[0])).toMatchObject({
      before: 'practitioner',
      after: 'receptionist',
      actor: { username: 'owner', role: 'owner' },
    });
    const practitioner = await call<{ message: string }>(`/api/users/${ben.id}`, { method: 'PATCH', token: ownerToken, body: { role: 'practitioner' } });
    expect(practitioner.status).toBe(400);
  });

  it('mails an invitation again with a new link; the earlier link is dead', async () => {
    const cleo = await call<Account>('/api/users', {
      method: 'POST',
      token: ownerToken,
      body: { username: 'cleo', email: 'cleo@example.com', role: 'manager' },
    });
    const first = await waitFor('the first invitation', () => invited.received.find((e) => e.data.username === 'cleo'));
    const resent = await call<Account>(`/api/users/${cleo.body.id}/invitation`, { method: 'POST', token: ownerToken });
    expect(resent.status).toBe(200);
    const second = await waitFor('the second invitation', () => invited.received.filter((e) => e.data.username === 'cleo')[1]);
    expect(second.data.token).not.toBe(first.data.token);
    expect((await call(`/api/auth/invitations/${first.data.token}`)).status).toBe(410);
    expect((await call(`/api/auth/invitations/${second.data.token}`)).status).toBe(200);
    // Past its 72 hours the link is gone, for reading and for setting a password.
    await createModels(auth.ctx.conn).User.updateOne({ username: 'cleo' }, { $set: { 'invitation.expiresAt': new Date(Date.now() - 1000) } });
    expect((await call(`/api/auth/invitations/${second.data.token}`)).status).toBe(410);
    expect((await call(`/api/auth/invitations/${second.data.token}/accept`, { method: 'POST', body: { password: 'cleo-password-long' } })).status).toBe(410);
    // An account with a password gets no invitation.
    expect((await call(`/api/users/${ben.id}/invitation`, { method: 'POST', token: ownerToken })).status).toBe(409);
    const taken = await call<{ message: string }>('/api/users', {
      method: 'POST',
      token: ownerToken,
      body: { username: 'cleo', email: 'c2@example.com', role: 'manager' },
    });
    expect([taken.status, taken.body.message]).toEqual([409, USER_MESSAGES.usernameTaken]);
  });

  it('refuses to leave no active owner, 409', async () => {
    const owner = (await call<Account[]>('/api/users', { token: ownerToken })).body.find((a) => a.username === 'owner')!;
    for (const body of [{ role: 'manager' }, { disabled: true }]) {
      const res = await call<{ message: string }>(`/api/users/${owner.id}`, { method: 'PATCH', token: ownerToken, body });
      expect([res.status, res.body.message]).toEqual([409, USER_MESSAGES.lastOwner]);
    }
    expect((await call('/api/auth/me', { token: ownerToken })).status).toBe(200);
  });
});

describe('what no owner may do, and odd input', () => {
  it('answers 401 without a valid token and 403 to other roles on every users route, changing nothing', async () => {
    const { User } = createModels(auth.ctx.conn);
    const before = await User.countDocuments();
    const someId = String((await User.findOne({ username: 'ana' }).lean())!._id);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/users'],
      ['POST', '/api/users', { username: 'mallory', email: 'm@example.com', role: 'owner' }],
      ['PATCH', `/api/users/${someId}`, { role: 'owner' }],
      ['POST', `/api/users/${someId}/invitation`],
      ['POST', `/api/users/${someId}/two-factor/reset`],
      ['GET', '/api/sign-in-policy'],
      ['PUT', '/api/sign-in-policy', { twoFactorRequiredFor: [] }],
    ];
    const revoked = adminToken({ role: 'owner', subject: someId, issuedAt: Math.floor(Date.now() / 1000) - 3600 });
    for (const [method, path, body] of routes) {
      for (const [token, status] of [
        [undefined, 401],
        ['not-a-token', 401],
        [adminToken({ secret: 'another-secret-0123456789abcdef-x' }), 401],
        [revoked, 401],
        [adminToken({ role: 'manager' }), 403],
        [adminToken({ role: 'receptionist' }), 403],
        [adminToken({ role: 'practitioner', staffId: 's1' }), 403],
        [adminToken({ role: 'owner', enrolOnly: true }), 403],
      ] as const) {
        const res = await call<{ message?: string }>(path, { method, body, token });
        expect([method, path, res.status]).toEqual([method, path, status]);
        expect(typeof res.body.message).toBe('string');
      }
    }
    expect(await User.countDocuments()).toBe(before);
  });

  it('answers odd bodies with 400 JSON and changes nothing', async () => {
    const { User } = createModels(auth.ctx.conn);
    const before = JSON.stringify(await User.find({}, { outbox: 0, outboxPending: 0, lastSignInAt: 0, totp: 0 }).sort({ username: 1 }).lean());
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = { a: deep };
    const long = 'a'.repeat(100_000);
    const someId = String((await User.findOne({ username: 'ana' }).lean())!._id);
    const cases: [string, string, unknown][] = [
      ['POST', '/api/users', { username: { $ne: '' }, email: 'x@example.com', role: 'manager' }],
      ['POST', '/api/users', { username: ['abc'], email: 'x@example.com', role: 'manager' }],
      ['POST', '/api/users', { username: long, email: 'x@example.com', role: 'manager' }],
      ['POST', '/api/users', { username: 'valid.name', email: 'x@example.com', role: 'superuser' }],
      ['POST', '/api/users', { username: 'valid.name', email: 'x@example.com, y@example.com', role: 'manager' }],
      ['POST', '/api/users', { username: 'valid.name', email: 'x@example.com', role: 'practitioner' }],
      ['POST', '/api/users', deep],
      ['PATCH', `/api/users/${someId}`, {}],
      ['PATCH', `/api/users/${someId}`, { role: { $ne: 'x' } }],
      ['PATCH', `/api/users/${someId}`, { disabled: 'yes' }],
      ['PUT', '/api/sign-in-policy', { twoFactorRequiredFor: 'owner' }],
      ['PUT', '/api/sign-in-policy', { twoFactorRequiredFor: [{ $ne: 1 }] }],
      ['POST', '/api/auth/login/second-factor', { challenge: 'x', code: '123456', recoveryCode: 'abcd-efgh' }],
      ['POST', '/api/auth/login/second-factor', { challenge: 'x' }],
      ['POST', '/api/auth/login/second-factor', { challenge: { $ne: '' }, code: '123456' }],
      ['POST', '/api/auth/login/second-factor', { challenge: 'x', code: '12345' }],
      ['POST', '/api/auth/login/second-factor', { challenge: 'x', recoveryCode: long }],
      ['POST', '/api/auth/two-factor/enrolment/confirm', { code: ['123456'] }],
      ['POST', `/api/auth/invitations/${'y'.repeat(43)}/accept`, { password: { $ne: '' } }],
      ['POST', `/api/auth/invitations/${'y'.repeat(43)}/accept`, { password: long }],
    ];
    for (const [method, path, body] of cases) {
      const res = await call<{ message?: string }>(path, { method, body, token: ownerToken });
      expect([method, path, res.status]).toEqual([method, path, 400]);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await call('/api/users/not-an-id', { method: 'PATCH', token: ownerToken, body: { disabled: true } })).status).toBe(404);
    expect((await call('/api/users/65f000000000000000000000/two-factor/reset', { method: 'POST', token: ownerToken })).status).toBe(404);
    expect((await call('/api/auth/invitations/short')).status).toBe(400);
    expect(JSON.stringify(await User.find({}, { outbox: 0, outboxPending: 0, lastSignInAt: 0, totp: 0 }).sort({ username: 1 }).lean())).toBe(before);
  });

  it('records a failed password sign-in with the username tried and no actor', async () => {
    expect((await login('nobody-here', 'whatever-password')).status).toBe(401);
    expect(await waitFor('sign-in-failed entry', () => auditOf('sign-in-failed', 'user nobody-here')[0])).toMatchObject({
      action: 'sign-in-failed',
      subject: 'user nobody-here',
      address: ADDRESS,
      at: expect.any(String),
    });
    expect(auditOf('sign-in-failed', 'user nobody-here')[0].actor).toBeUndefined();
  });
});

describe('a two-factor secret stored under another key (TOTP_ENCRYPTION_KEY changed)', () => {
  it('answers 503 with a message, not a 500, and signs nobody in', async () => {
    await inviteAndAccept('eve', 'manager', 'eve-password-long');
    const { secret } = await enrol(((await login('eve', 'eve-password-long')).body as SignedIn).token);
    await createModels(auth.ctx.conn).User.updateOne(
      { username: 'eve' },
      { $set: { 'totp.secret': encryptSecret('the-key-before-0123456789-abcdef', secret) } },
    );
    const { challenge } = (await login('eve', 'eve-password-long')).body as { challenge: string };
    const res = await call<{ message: string }>('/api/auth/login/second-factor', { method: 'POST', body: { challenge, code: codeOf(secret, 1) } });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/reset two-factor sign-in/);
  });
});

describe('two owners demoting each other at once', () => {
  it('lets exactly one through: an active owner is always left', async () => {
    const dana = await inviteAndAccept('dana', 'owner', 'dana-password-long');
    const danaToken = (await enrol(((await login('dana', 'dana-password-long')).body as SignedIn).token)).enrolled.token;
    const owner = (await call<Account[]>('/api/users', { token: ownerToken })).body.find((a) => a.username === 'owner')!;
    const answers = await Promise.all([
      call(`/api/users/${dana.id}`, { method: 'PATCH', token: ownerToken, body: { role: 'manager' } }),
      call(`/api/users/${owner.id}`, { method: 'PATCH', token: danaToken, body: { role: 'manager' } }),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The other: 409, or 401 when its own token was already refused (it was the one demoted).
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 401)).toBe(true);
    const owners = await createModels(auth.ctx.conn).User.countDocuments({ role: 'owner', status: 'active' });
    expect(owners).toBe(1);
  });
});
