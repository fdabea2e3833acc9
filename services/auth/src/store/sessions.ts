import type { User } from '@bb/contracts';
import type { OutboxRelay } from '@bb/service-kit';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../domain/passwords';
import { sessionRevoked } from '../events/session-revoked';
import type { AuthModels } from '../models';
import { toUser } from '../models/user';

/** A staff account whose password was given, and since when its tokens count (its sessions' last revocation). */
export interface SignedIn {
  user: User;
  tokensRevokedBefore?: Date;
}

/** The account of this username and password, or null for a wrong pair. */
export async function checkCredentials(models: AuthModels, username: string, password: string): Promise<SignedIn | null> {
  const user = await models.User.findOne({ username }).lean();
  // An unknown user costs the same hash as a wrong password, and gets the same answer.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) return null;
  // A hash from weaker settings is replaced while the password is at hand.
  if (needsRehash(user.passwordHash)) await models.User.updateOne({ _id: user._id }, { $set: { passwordHash: await hashPassword(password) } });
  return { user: toUser(user), tokensRevokedBefore: user.tokensRevokedBefore };
}

export async function userById(models: AuthModels, id: string): Promise<User | null> {
  const found = await models.User.findById(id).lean();
  return found ? toUser(found) : null;
}

/** Stores a logout's revocation with its event (auth.session.revoked) and hands it to the relay; a second logout of the token stores nothing new. */
export async function recordLogout(models: AuthModels, relay: OutboxRelay, token: { jti: string; exp: number }, correlationId: string): Promise<void> {
  await models.Revocation.updateOne(
    { _id: token.jti },
    { $setOnInsert: { expiresAt: new Date(token.exp * 1000) }, $push: { outbox: sessionRevoked(token.jti, token.exp, correlationId) } },
    { upsert: true },
  );
  relay.publishDocument(models.Revocation, token.jti);
}
