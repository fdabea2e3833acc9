import { DEMO_PASSWORD, isDuplicateKey } from '@bb/service-kit';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { endSessions } from '../events/account-events';
import type { AuthModels } from '../models';

/**
 * Sets a staff account's password, creating the account when it does not exist. Setting it
 * again ends every session of the account: each of its tokens issued up to `now` (that second
 * included) is refused by every process, by the auth.user.sessions-revoked event stored in the
 * same write; the auth service's outbox relay publishes it (within a second while it runs,
 * at its next start otherwise), so the command needs no broker.
 */
export async function setPassword(models: AuthModels, username: string, password: string, now = new Date()): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  let user = await models.User.findOne({ username }, { _id: 1, tokensRevokedBefore: 1 }).lean();
  if (!user) {
    try {
      await models.User.create({ username, passwordHash });
      return 'created';
    } catch (err) {
      // Created by someone else meanwhile: it has sessions to end like any other.
      if (!isDuplicateKey(err)) throw err;
      user = await models.User.findOne({ username }, { _id: 1, tokensRevokedBefore: 1 }).orFail().lean();
    }
  }
  const ended = endSessions(String(user._id), now, user.tokensRevokedBefore);
  await models.User.updateOne(
    { _id: user._id },
    { $set: { passwordHash }, $max: { tokensRevokedBefore: ended.revokedBefore }, $push: { outbox: ended.event } },
  );
  // An invited account given its password here is active, its link dead.
  await models.User.updateOne({ _id: user._id, status: 'invited' }, { $set: { status: 'active' }, $unset: { invitation: '' } });
  return 'updated';
}

/** Accounts whose password is still the demo one (a database that once ran in demo mode). */
export async function accountsWithDemoPassword(models: AuthModels): Promise<string[]> {
  const found: string[] = [];
  for (const user of await models.User.find({}, { username: 1, passwordHash: 1 }).lean()) {
    if (user.passwordHash && (await verifyPassword(DEMO_PASSWORD, user.passwordHash))) found.push(user.username);
  }
  return found;
}
