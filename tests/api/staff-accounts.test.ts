import { TOTP, Secret } from 'otpauth';
import type { Account, Invitation, SignedIn, TotpEnrolled, TotpEnrolment, User } from '@bb/contracts';
import { USER_MESSAGES } from '@bb/contracts';
import { mailpit } from '@bb/service-kit/testing';
import { inBatches, raw, refusalDelays, stackProcesses, type StackProcess } from '../security/support';
import { adminLogin, api, runAddress } from './support';

// A staff member's whole way in, through the gateway: the owner invites them, they set a
// password from the mailed link, set up two-factor sign-in with codes computed from the secret
// as an authenticator app does, and sign in with a code and with a recovery code (which then
// no longer works). Disabling the account refuses its live token on every process within a second.
jest.setTimeout(120_000);

const address = runAddress('staff');
const run = address('x').split('-')[1];
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

let owner: string;
beforeAll(async () => {
  owner = await adminLogin();
});

/** The code an authenticator app shows now for this secret (RFC 6238: SHA-1, 6 digits, 30 s). */
const codeFor = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

/** Invites a person and accepts the mailed link with a password; answers the account. */
async function invitedAndAccepted(role: Account['role'], label: string, password: string): Promise<Account> {
  const email = address(label);
  const invited = await api<Account>('/api/users', { method: 'POST', headers: auth(owner), body: { username: `${label}-${run}`, email, role } });
  expect([invited.status, invited.body.status]).toEqual([201, 'invited']);
  const [mail] = await mailpit.waitForMails(email, /invit/i);
  expect(mail.To.map((t) => t.Address)).toEqual([email]);
  const token = /\/maintenance\/invite\/([A-Za-z0-9_-]+)/.exec((await mailpit.message(mail.ID)).Text)?.[1];
  expect(token).toBeDefined();
  const shown = await api<Invitation>(`/api/auth/invitations/${token}`);
  expect([shown.status, shown.body.username, shown.body.role]).toEqual([200, `${label}-${run}`, role]);
  const accepted = await api(`/api/auth/invitations/${token}/accept`, { method: 'POST', body: { password } });
  expect(accepted.status).toBe(200);
  // The link works once.
  const again = await api(`/api/auth/invitations/${token}/accept`, { method: 'POST', body: { password } });
  expect([again.status, again.body.message]).toEqual([410, USER_MESSAGES.invitationGone]);
  return invited.body;
}

const signIn = (username: string, password: string) =>
  api<SignedIn | { secondFactor: 'totp'; challenge: string }>('/api/auth/login', { method: 'POST', body: { username, password } });
const secondStep = (body: Record<string, string>) => api<SignedIn>('/api/auth/login/second-factor', { method: 'POST', body });

/** A staff route of each process that a manager may call and that changes nothing (catalog has only writes: a malformed one, refused after the gate). */
const PROBES: Record<StackProcess['service'] & string, { method: string; path: string; body?: string }> = {
  auth: { method: 'GET', path: '/api/auth/me' },
  catalog: { method: 'PUT', path: '/api/treatments/64b7f0c2a1b2c3d4e5f60718', body: '{' },
  booking: { method: 'GET', path: '/api/settings/clinic' },
  chat: { method: 'GET', path: '/api/webhook-config' },
  subscribers: { method: 'GET', path: '/api/subscriber-settings' },
  notifications: { method: 'GET', path: '/api/notification-settings/clinic' },
  payments: { method: 'GET', path: '/api/payment-settings' },
};

describe('a staff account from invitation to two-factor sign-in', () => {
  it('invites, sets a password, enrols, and signs in with a code and once with each recovery code', async () => {
    const password = 'reception-pass-1234';
    const account = await invitedAndAccepted('receptionist', 'rita', password);

    const first = await signIn(account.username, password);
    expect(first.status).toBe(200);
    const { token, user } = first.body as SignedIn;
    expect(user).toMatchObject<Partial<User>>({ username: account.username, role: 'receptionist', twoFactor: false });
    // A receptionist may not read the settings: the route table says so, on the gateway.
    expect((await api('/api/settings/clinic', { headers: auth(token) })).status).toBe(403);

    const started = await api<TotpEnrolment>('/api/auth/two-factor/enrolment', { method: 'POST', headers: auth(token) });
    expect(started.status).toBe(200);
    expect(started.body.otpauthUri).toContain(`secret=${started.body.secret}`);
    expect(started.body.qrSvg).toMatch(/^<svg|<\?xml/);
    const wrong = await api('/api/auth/two-factor/enrolment/confirm', {
      method: 'POST',
      headers: auth(token),
      body: { code: codeFor(started.body.secret, Date.now() - 10 * 60_000) },
    });
    // A wrong code at enrolment is a mistake in the form (400), not a failed sign-in.
    expect(wrong.status).toBe(400);
    const enrolledAt = Date.now();
    const enrolled = await api<TotpEnrolled>('/api/auth/two-factor/enrolment/confirm', {
      method: 'POST',
      headers: auth(token),
      body: { code: codeFor(started.body.secret, enrolledAt) },
    });
    expect(enrolled.status).toBe(200);
    expect(new Set(enrolled.body.recoveryCodes).size).toBe(10);
    expect(enrolled.body.user.twoFactor).toBe(true);

    // The password alone is no longer enough: a challenge, then the code.
    const challenged = await signIn(account.username, password);
    expect(challenged.status).toBe(200);
    const { challenge } = challenged.body as { challenge: string };
    expect((await secondStep({ challenge, code: codeFor(started.body.secret, Date.now() - 10 * 60_000) })).status).toBe(401);
    // A code is taken once: the enrolment's own is refused, the app's next one (one step ahead is inside the window) signs in.
    expect((await secondStep({ challenge, code: codeFor(started.body.secret, enrolledAt) })).status).toBe(401);
    const withCode = await secondStep({ challenge, code: codeFor(started.body.secret, enrolledAt + 30_000) });
    expect([withCode.status, withCode.body.user?.role]).toEqual([200, 'receptionist']);
    expect((await api('/api/appointments', { headers: auth(withCode.body.token) })).status).toBe(200);

    // A recovery code signs in once.
    const [recovery] = enrolled.body.recoveryCodes;
    const next = (await signIn(account.username, password)).body as { challenge: string };
    expect((await secondStep({ challenge: next.challenge, recoveryCode: recovery })).status).toBe(200);
    const later = (await signIn(account.username, password)).body as { challenge: string };
    const reused = await secondStep({ challenge: later.challenge, recoveryCode: recovery });
    expect(reused.status).toBe(401);
    // A challenge is not a token.
    expect((await api('/api/auth/me', { headers: auth(later.challenge) })).status).toBe(401);
  });

  it("refuses a disabled account's live token on every gateway and service process within a second", async () => {
    const password = 'manager-pass-123456';
    const account = await invitedAndAccepted('manager', 'mona', password);
    const { token } = (await signIn(account.username, password)).body as SignedIn;
    const processes = stackProcesses();
    const probeOf = (p: StackProcess) => {
      const probe = PROBES[p.service ?? 'auth'];
      return raw(p.url, { ...probe, headers: { ...auth(token), ...(probe.body ? { 'content-type': 'application/json' } : {}) } });
    };
    // Before: every process admits it.
    const before = await inBatches(processes, 16, async (p) => ({ name: p.name, status: (await probeOf(p)).status }));
    expect(before.filter((a) => a.status === 401 || a.status === 403)).toEqual([]);

    const disabled = await api<Account>(`/api/users/${account.id}`, { method: 'PATCH', headers: auth(owner), body: { disabled: true } });
    const answeredAt = Date.now();
    expect([disabled.status, disabled.body.status]).toEqual([200, 'disabled']);
    const refusedAfterMs = await refusalDelays(processes, probeOf, answeredAt);
    console.log(`disabled account refused after (ms): ${processes.map((p, i) => `${p.name} ${refusedAfterMs[i]}`).join(', ')}`);
    expect(processes.filter((_, i) => refusedAfterMs[i] > 1000).map((p) => p.name)).toEqual([]);
    const login = await signIn(account.username, password);
    expect([login.status, (login.body as { message?: string }).message]).toEqual([401, USER_MESSAGES.disabled]);
  });
});
