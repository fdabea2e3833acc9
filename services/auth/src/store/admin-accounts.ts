import { DEMO_PASSWORD } from '@bb/service-kit';
import { hashPassword, verifyPassword } from '../domain/passwords';
import type { AuthModels } from '../models';

/** Sets a staff account's password, creating the account when it does not exist. */
export async function setPassword(models: AuthModels, username: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const result = await models.User.updateOne({ username }, { $set: { passwordHash }, $setOnInsert: { username } }, { upsert: true });
  return result.upsertedCount === 1 ? 'created' : 'updated';
}

/** Accounts whose password is still the demo one (a database that once ran in demo mode). */
export async function accountsWithDemoPassword(models: AuthModels): Promise<string[]> {
  const found: string[] = [];
  for (const user of await models.User.find({}, { username: 1, passwordHash: 1 }).lean()) {
    if (await verifyPassword(DEMO_PASSWORD, user.passwordHash)) found.push(user.username);
  }
  return found;
}
