import type { Logger } from '@bb/service-kit';
import { DEMO_CREDENTIALS } from '../config';
import { hashPassword } from '../domain/passwords';
import type { AuthModels } from '../models';

/**
 * The first admin: from ADMIN_USERNAME / ADMIN_PASSWORD, and the demo account in demo mode.
 * An existing account is left as it is, so a password changed later is not reset on restart.
 */
export async function ensureFirstAdmin(models: AuthModels, logger: Logger, opts: { username: string; password?: string; demo: boolean }): Promise<void> {
  const accounts = opts.password ? [{ username: opts.username, password: opts.password }] : [];
  if (opts.demo) accounts.push({ ...DEMO_CREDENTIALS });
  for (const account of accounts) {
    if (await models.User.exists({ username: account.username })) continue;
    try {
      await models.User.create({ username: account.username, passwordHash: await hashPassword(account.password) });
      logger.info({ username: account.username }, 'admin account created');
    } catch (err) {
      // Another replica created it first.
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  }
}
