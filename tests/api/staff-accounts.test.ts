// A staff member's way in, through the gateway and the real mail: the owner invites a
// receptionist, the invitation mail's link sets the password, the receptionist sets up
// two-factor sign-in with codes computed from the secret as an authenticator app does, signs
// in with a code and with a recovery code (which then no longer works), may not reach the
// owner's Users, and a disabled account's live token is refused within a second.
import { Secret, TOTP } from 'otpauth';
import type { Account, Invitation, LoginResponse, SignedIn, TotpEnrolled, TotpEnrolment } from '@bb/contracts';
import { USER_MESSAGES } from '@bb/contracts';
import { mailpit, waitFor } from '@bb/service-kit/testing';
import { adminLogin, api, gateway, runAddress } from './support';

jest.setTimeout(3 * 60 * 1000);

const address = runAddress('staff');
const codeOf = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
const login = (username: string, password: string) => api<LoginResponse>('/api/auth/login', { method: 'POST', body: { username, password } });

let ownerToken = '';
beforeAll(async () => {
  ownerToken = await adminLogin();
});

describe('an invited receptionist', () => {
  it('sets a password from the mailed link, enrols, signs in with a code and once with each recovery code', async () => {
    const email = address('reception');
    const username = `rec-${email.split('-')[1]}`;
    const invited = await api<Account>('/api/users', { method: 'POST', token: ownerToken, body: { username, email, role: 'receptionist' } });
    expect(invited.status).toBe(201);

    const [mail] = await mailpit.waitForMails(email, /invited to the .* console/);
    const message = await mailpit.message(mail.ID);
    const link = [...message.HTML.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).find((h) => h.includes('/maintenance/invite/'));
    expect(link).toBeDefined();
    const token = link!.split('/maintenance/invite/')[1];
    expect(new URL(link!).origin).toBe(new URL(gateway()).origin);

    expect((await api<Invitation>(`/api/auth/invitations/${token}`)).body).toMatchObject({ username, role: 'receptionist' });
    expect((await api(`/api/auth/invitations/${token}/accept`, { method: 'POST', body: { password: 'reception-password-long' } })).status).toBe(200);
    expect((await api<{ message: string }>(`/api/auth/invitations/${token}`)).body.message).toBe(USER_MESSAGES.invitationGone);

    const first = (await login(username, 'reception-password-long')).body as SignedIn;
    expect(first.user).toMatchObject({ role: 'receptionist', twoFactor: false });
    expect((await api('/api/users', { token: first.token })).status).toBe(403);

    const started = await api<TotpEnrolment>('/api/auth/two-factor/enrolment', { method: 'POST', token: first.token });
    const enrolled = await api<TotpEnrolled>('/api/auth/two-factor/enrolment/confirm', {
      method: 'POST',
      token: first.token,
      body: { code: codeOf(started.body.secret) },
    });
    expect(enrolled.status).toBe(200);

    const step = (await login(username, 'reception-password-long')).body as { challenge: string };
    expect(step.challenge).toEqual(expect.any(String));
    const withCode = await api<SignedIn>('/api/auth/login/second-factor', {
      method: 'POST',
      body: { challenge: step.challenge, code: codeOf(started.body.secret, 1) },
    });
    expect(withCode.status).toBe(200);
    expect((await api('/api/auth/me', { token: withCode.body.token })).status).toBe(200);

    const recoveryCode = enrolled.body.recoveryCodes[0];
    const withRecovery = await api<SignedIn>('/api/auth/login/second-factor', { method: 'POST', body: { challenge: step.challenge, recoveryCode } });
    expect(withRecovery.status).toBe(200);
    const again = await api('/api/auth/login/second-factor', { method: 'POST', body: { challenge: step.challenge, recoveryCode } });
    expect(again.status).toBe(401);

    // Disabled: its live token is refused through the gateway within a second.
    const live = withRecovery.body.token;
    expect((await api<Account>(`/api/users/${invited.body.id}`, { method: 'PATCH', token: ownerToken, body: { disabled: true } })).status).toBe(200);
    await waitFor('the disabled account refused', async () => (await api('/api/auth/me', { token: live })).status === 401, 1000, 50);
    expect((await login(username, 'reception-password-long')).status).toBe(401);
  });
});
