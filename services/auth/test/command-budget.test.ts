import { api, commandLedger, type Harness, startHarness } from '@bb/service-kit/testing';
import { authEnvShape, type AuthConfig } from '../src/config';
import { wire } from '../src/wire';

// Database commands per sign-in, counted with the driver's command monitoring.
let auth: Harness<AuthConfig>;
const ledger = commandLedger(() => auth.ctx.conn);

beforeAll(async () => {
  auth = await startHarness('auth', authEnvShape, wire, {
    label: 'auth_budget',
    env: { APP_MODE: 'demo', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password', OUTBOX_SWEEP_INTERVAL_MS: '3600000' },
  });
  await ledger.settle();
});
afterAll(async () => {
  console.log(ledger.report());
  await auth.close();
});

describe('database commands per sign-in', () => {
  it('signs in, refuses a wrong password, and signs out', async () => {
    const login = (password: string) => api<{ token: string }>(auth.url, '/api/auth/login', { method: 'POST', body: { username: 'owner', password } });
    let token = '';
    const signIn = await ledger.measure('login', async () => {
      const res = await login('owner-password');
      expect(res.status).toBe(200);
      token = res.body!.token;
    });
    expect(signIn.length).toBeLessThanOrEqual(BUDGET.login);
    const wrong = await ledger.measure('login, wrong password', async () => expect((await login('not-the-password')).status).toBe(401));
    expect(wrong.length).toBeLessThanOrEqual(BUDGET.wrongPassword);
    const out = await ledger.measure('logout', async () =>
      expect((await api(auth.url, '/api/auth/logout', { method: 'POST', token })).status).toBeLessThan(300),
    );
    expect(out.length).toBeLessThanOrEqual(BUDGET.logout);
  });
});

/** The most each may send; issue 15 changed logout's event hand-over (6 -> 4 commands). */
const BUDGET = { login: 1, wrongPassword: 1, logout: 4 };
