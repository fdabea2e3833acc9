import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { scryptSync } from 'node:crypto';
import { connectMongo, DEMO_PASSWORD, type Logger } from '@bb/service-kit';
import { silentLogger, testMongoUrl } from '@bb/service-kit/testing';
import { hashPassword, needsRehash, PASSWORD_PARAMS, verifyPassword } from '../src/domain/passwords';
import { createModels, type AuthModels } from '../src/models';
import { DemoPasswordInProduction, ensureFirstAdmin } from '../src/seed/admin';

const cli = path.resolve(__dirname, '..', 'dist', 'admin-cli.js');
let conn: Connection;
let models: AuthModels;
let url: string;

beforeAll(async () => {
  url = testMongoUrl('auth_accounts');
  conn = await connectMongo(url, silentLogger());
  models = createModels(conn);
  await models.User.createIndexes();
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});
beforeEach(() => models.User.deleteMany({}));

/** A logger that keeps what was warned. */
function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const logger = silentLogger();
  return Object.assign(Object.create(logger) as Logger, { warnings, warn: (_obj: unknown, msg?: string) => void warnings.push(String(msg)) });
}

function resetTwoFactorCli(username: string) {
  return spawnSync(process.execPath, [cli, 'reset-two-factor', username], { env: { ...process.env, MONGO_URL: url, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
}

function setPasswordCli(username: string, password: string) {
  return spawnSync(process.execPath, [cli, 'set-password', username], {
    input: `${password}\n`,
    env: { ...process.env, MONGO_URL: url, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

describe('staff accounts', () => {
  it('hashes with the OWASP scrypt settings, and says an older hash needs redoing', async () => {
    const hash = await hashPassword('a long enough password');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', String(PASSWORD_PARAMS.N), String(PASSWORD_PARAMS.r), String(PASSWORD_PARAMS.p)]);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash('scrypt$16384$8$1$c2FsdA==$aGFzaA==')).toBe(true);
    expect(await verifyPassword('a long enough password', hash)).toBe(true);
    expect(await verifyPassword('another password', hash)).toBe(false);
  });

  it('refuses to start in production while an account still has the demo password, naming it', async () => {
    await ensureFirstAdmin(models, silentLogger(), { username: 'owner', password: 'owner-password-long', demo: true });
    await expect(ensureFirstAdmin(models, silentLogger(), { username: 'owner', password: 'owner-password-long', demo: false })).rejects.toThrow(
      DemoPasswordInProduction,
    );
    await expect(ensureFirstAdmin(models, silentLogger(), { username: 'owner', password: 'owner-password-long', demo: false })).rejects.toThrow(
      /"admin" still has the demo password.*set-password admin/,
    );
  });

  it('starts in production once the demo account has a new password', async () => {
    await ensureFirstAdmin(models, silentLogger(), { username: 'owner', password: 'owner-password-long', demo: true });
    expect(setPasswordCli('admin', 'a-new-and-long-admin-password').status).toBe(0);
    await expect(ensureFirstAdmin(models, silentLogger(), { username: 'owner', password: 'owner-password-long', demo: false })).resolves.toBeUndefined();
  });

  it('says so at start when ADMIN_PASSWORD differs from the stored password, and keeps the stored one', async () => {
    await ensureFirstAdmin(models, silentLogger(), { username: 'owner', password: 'first-password-long', demo: false });
    const logger = recordingLogger();
    await ensureFirstAdmin(models, logger, { username: 'owner', password: 'second-password-long', demo: false });
    expect(logger.warnings.join('\n')).toMatch(/ADMIN_PASSWORD differs.*npm run admin -- set-password owner/);
    const stored = await models.User.findOne({ username: 'owner' }).lean();
    expect(await verifyPassword('first-password-long', stored!.passwordHash!)).toBe(true);
  });

  it('sets a password from the command line, creating the account when missing', async () => {
    const created = setPasswordCli('night-staff', 'correct horse battery staple');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/created/);
    const changed = setPasswordCli('night-staff', 'another correct horse battery');
    expect(changed.stdout).toMatch(/changed/);
    expect(changed.stdout).toMatch(/Every session of "night-staff" ends/);
    const stored = await models.User.findOne({ username: 'night-staff' }).lean();
    expect(await verifyPassword('another correct horse battery', stored!.passwordHash!)).toBe(true);
    // The change carries the end of the account's sessions, for the auth service's relay to publish.
    expect(stored!.outbox.map((e) => [e.type, e.data])).toEqual([
      ['auth.user.sessions-revoked', { userId: String(stored!._id), issuedBefore: stored!.tokensRevokedBefore!.getTime() / 1000 }],
    ]);
  });

  it('refuses a short, placeholder or demo password on the command line and changes nothing', async () => {
    for (const password of ['short', 'replace-with-a-long-password', DEMO_PASSWORD]) {
      const result = setPasswordCli('someone', password);
      expect(result.status).toBe(65);
      expect(result.stderr).toMatch(/The password/);
    }
    expect(await models.User.countDocuments({ username: 'someone' })).toBe(0);
  });

  it('leaves a hash of older settings valid, so it can be replaced at the next sign-in', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const old = [
      'scrypt',
      16384,
      8,
      1,
      salt.toString('base64'),
      scryptSync('old-settings-password', salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64'),
    ].join('$');
    expect(needsRehash(old)).toBe(true);
    expect(await verifyPassword('old-settings-password', old)).toBe(true);
  });

  it('removes two-factor sign-in from the command line (the only owner lost their phone), ending the sessions', async () => {
    await ensureFirstAdmin(models, silentLogger(), { username: 'owner', password: 'owner-password-long', demo: false });
    await models.User.updateOne({ username: 'owner' }, { $set: { totp: { secret: 'v1.a.b.c', confirmed: true, lastStep: 123 }, recoveryCodes: ['h1', 'h2'] } });
    const result = resetTwoFactorCli('owner');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Two-factor sign-in of "owner" removed/);
    const stored = await models.User.findOne({ username: 'owner' }).lean();
    expect(stored?.totp).toBeUndefined();
    expect(stored?.recoveryCodes).toEqual([]);
    expect(stored?.outbox.map((e) => e.type)).toEqual(['auth.user.sessions-revoked', 'audit.recorded']);
    expect(stored?.outbox[1].data).toMatchObject({ action: 'two-factor-reset', subject: 'user owner' });
    expect(stored?.tokensRevokedBefore?.getTime()).toBeGreaterThan(Date.now() - 5000);
    const unknown = resetTwoFactorCli('nobody');
    expect(unknown.status).toBe(65);
    expect(unknown.stderr).toMatch(/No account "nobody"/);
  });
});
