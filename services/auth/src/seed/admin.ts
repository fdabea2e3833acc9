import { isDuplicateKey, type Logger } from '@bb/service-kit';
import { DEMO_CREDENTIALS } from '../config';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../domain/passwords';
import type { AuthModels } from '../models';
import { accountsWithDemoPassword } from '../store/admin-accounts';

export const SET_PASSWORD_COMMAND = 'npm run admin -- set-password';

export class DemoPasswordInProduction extends Error {}

/**
 * The first admin: from ADMIN_USERNAME / ADMIN_PASSWORD, and the demo account in demo mode.
 * ADMIN_PASSWORD only creates the account: a password set later (with the admin command) is
 * not reset on restart, and a start says so when the two differ. Production mode refuses to
 * start while any account still has the demo password.
 */
export async function ensureFirstAdmin(models: AuthModels, logger: Logger, opts: { username: string; password?: string; demo: boolean }): Promise<void> {
  const accounts = opts.password ? [{ username: opts.username, password: opts.password }] : [];
  if (opts.demo) accounts.push({ ...DEMO_CREDENTIALS });
  for (const account of accounts) {
    const existing = await models.User.findOne({ username: account.username }).lean();
    if (existing) {
      if (account.password === opts.password && !(await verifyPassword(account.password, existing.passwordHash ?? DUMMY_HASH))) {
        logger.warn(
          { username: account.username },
          `ADMIN_PASSWORD differs from the stored password of "${account.username}" and is not applied: it only creates the account. To change the password run: ${SET_PASSWORD_COMMAND} ${account.username}`,
        );
      }
      continue;
    }
    try {
      await models.User.create({ username: account.username, passwordHash: await hashPassword(account.password), role: 'owner', status: 'active' });
      logger.info({ username: account.username }, 'admin account created');
    } catch (err) {
      // Another replica created it first.
      if (!isDuplicateKey(err)) throw err;
    }
  }
  if (!opts.demo) {
    const demoAccounts = await accountsWithDemoPassword(models);
    if (demoAccounts.length > 0) {
      throw new DemoPasswordInProduction(
        `Production mode refuses to start: ${demoAccounts.map((u) => `"${u}"`).join(', ')} still ha${demoAccounts.length === 1 ? 's' : 've'} the demo password. Set a new one with: ${SET_PASSWORD_COMMAND} ${demoAccounts[0]}`,
      );
    }
  }
}
