import type { Connection } from 'mongoose';
import type { SignedIn } from '@bb/contracts';
import { connectMongo } from '@bb/service-kit';
import { json, silentLogger, startHarness, waitFor, type Harness } from '@bb/service-kit/testing';
import { authEnvShape, type AuthConfig } from '../src/config';
import { createModels } from '../src/models';
import { setPassword } from '../src/store/admin-accounts';
import { wire } from '../src/wire';
import { otherProcess } from './support/other-process';

// Setting a password (the admin command: `npm run admin -- set-password <user>`) ends every
// session of that user, in every process, whether or not anyone ever saw the token: here the
// auth service itself and another process on the same bus, which reads the staff route
// /api/auth/me as any service would. The command writes to auth's database only, as the CLI
// does, with a connection of its own.

let auth: Harness<AuthConfig>;
let other: Harness<object>;
let cli: Connection;

beforeAll(async () => {
  auth = await startHarness('auth', authEnvShape, wire, { label: 'auth_password', env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'first-owner-password' } });
  other = await startHarness('booking', {}, otherProcess, { label: 'other_process', env: { BUS_EXCHANGE: auth.ctx.config.BUS_EXCHANGE } });
  cli = await connectMongo(auth.ctx.config.MONGO_URL, silentLogger());
});
afterAll(async () => {
  await cli.close();
  await other.close();
  await auth.close();
});

const login = async (username: string, password: string) => {
  const res = await fetch(`${auth.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, token: res.status === 200 ? (await json<SignedIn>(res)).token : '' };
};
const me = (base: string, token: string) => fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
const both = async (token: string) => [await me(auth.url, token), await me(other.url, token)];

describe('a password set again', () => {
  it('refuses every token of the user issued before it, in the auth service and in another process; a new sign-in works', async () => {
    const first = await login('owner', 'first-owner-password');
    const second = await login('owner', 'first-owner-password');
    await setPassword(createModels(auth.ctx.conn), 'someone-else', 'someone-else-password');
    const bystander = await login('someone-else', 'someone-else-password');
    expect(await both(first.token)).toEqual([200, 200]);

    expect(await setPassword(createModels(cli), 'owner', 'second-owner-password')).toBe('updated');
    // Neither token was ever logged out: the processes know them only by their user and iat.
    await waitFor('both processes refusing the first token', async () => (await both(first.token)).join() === '401,401', 10000);
    expect(await both(second.token)).toEqual([401, 401]);
    expect(await both(bystander.token)).toEqual([200, 200]);

    expect((await login('owner', 'first-owner-password')).status).toBe(401);
    const fresh = await login('owner', 'second-owner-password');
    expect(fresh.status).toBe(200);
    expect(await both(fresh.token)).toEqual([200, 200]);
  });

  it('lets a sign-in in the same second as the change in (its token carries the change as its iat), even from a clock ahead of auth', async () => {
    // The command's clock 5 s ahead of the service's: every token auth issues for the next 6 s
    // would be "issued before" the change, were its iat not raised to it.
    const changedAt = new Date(Date.now() + 5000);
    await setPassword(createModels(cli), 'owner', 'third-owner-password', changedAt);
    const fresh = await login('owner', 'third-owner-password');
    expect(fresh.status).toBe(200);
    const { iat } = JSON.parse(Buffer.from(fresh.token.split('.')[1], 'base64url').toString()) as { iat: number };
    // The change's second, not the service's own (compared with the change, not with a clock
    // read after the sign-in: on a loaded machine the sign-in took over a second, CI 2026-11-26).
    expect(iat).toBeGreaterThanOrEqual(Math.floor(changedAt.getTime() / 1000));
    await new Promise((r) => setTimeout(r, 500));
    expect(await both(fresh.token)).toEqual([200, 200]);
  });

  it('stores the change and its event in one write, for the relay to publish (the command has no broker)', async () => {
    const { User } = createModels(cli);
    await User.updateOne({ username: 'owner' }, { $set: { outboxLockedUntil: new Date(Date.now() + 60_000) } });
    await setPassword(createModels(cli), 'owner', 'fourth-owner-password');
    const stored = await User.findOne({ username: 'owner' }).lean();
    expect(stored?.outbox.map((e) => [e.type, (e.data as { userId: string }).userId])).toEqual([['auth.user.sessions-revoked', String(stored?._id)]]);
    expect(stored?.tokensRevokedBefore?.getTime()).toBeGreaterThan(Date.now());
    await User.updateOne({ username: 'owner' }, { $set: { outboxLockedUntil: null } });
    await waitFor('the relay publishing it', async () => (await User.findOne({ username: 'owner' }).lean())?.outbox.length === 0);
  });
});
