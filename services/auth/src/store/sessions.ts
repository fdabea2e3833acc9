import type { AuditActor, User } from '@bb/contracts';
import { auditEvent, recordAuditNote, type OutboxEntry, type OutboxRelay } from '@bb/service-kit';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../domain/passwords';
import { twoFactorRequired } from '../domain/sign-in-policy';
import { sessionRevoked } from '../events/session-revoked';
import type { AuthModels } from '../models';
import { accountOfSubject, hasTwoFactor, roleOf, statusOf, toUser, type UserDoc } from '../models/user';
import { readPolicy } from './sign-in-policy';

/** A staff account whose password was given, and since when its tokens count (its sessions' last revocation). */
export interface SignedIn {
  user: User;
  tokensRevokedBefore?: Date;
}

/** What a password sign-in found: a wrong pair, a disabled account, or the account. */
export type PasswordCheck = { outcome: 'wrong' } | { outcome: 'disabled' } | ({ outcome: 'right' } & SignedIn);

type Account = Pick<UserDoc, 'username' | 'role' | 'staffId' | 'status' | 'totp' | 'tokensRevokedBefore'> & { _id: unknown };

/** Whether the account must set up two-factor sign-in before anything else. */
async function mustEnrol(models: AuthModels, doc: Account, production: boolean): Promise<boolean> {
  return !hasTwoFactor(doc) && twoFactorRequired(roleOf(doc), await readPolicy(models), production);
}

/** The account of this username and password. An invited account (no password yet) answers like a wrong password. */
export async function checkCredentials(models: AuthModels, username: string, password: string, production: boolean): Promise<PasswordCheck> {
  const user = await models.User.findOne({ username }, { outbox: 0, recoveryCodes: 0 }).lean();
  // An unknown user costs the same hash as a wrong password, and gets the same answer.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user?.passwordHash || !ok) return { outcome: 'wrong' };
  if (statusOf(user) === 'disabled') return { outcome: 'disabled' };
  // A hash from weaker settings is replaced while the password is at hand.
  if (needsRehash(user.passwordHash)) await models.User.updateOne({ _id: user._id }, { $set: { passwordHash: await hashPassword(password) } });
  // An account with two-factor sign-in never needs the policy: its second step comes first.
  const enrol = hasTwoFactor(user) ? false : await mustEnrol(models, user, production);
  return { outcome: 'right', user: toUser(user, enrol), tokensRevokedBefore: user.tokensRevokedBefore };
}

export async function userById(models: AuthModels, id: string, production: boolean): Promise<User | null> {
  const found = await accountOfSubject(models.User, id);
  if (!found || statusOf(found) !== 'active') return null;
  return toUser(found, await mustEnrol(models, found, production));
}

const actorOf = (user: Pick<User, 'id' | 'username' | 'role'>): AuditActor => ({ id: user.id, username: user.username, role: user.role });

/** The audit entry of a sign-in that succeeded. */
export const signInEntry = (user: Pick<User, 'id' | 'username' | 'role'>, context: { address?: string; correlationId: string }): OutboxEntry =>
  auditEvent('auth', { action: 'sign-in', actor: actorOf(user), subject: `user ${user.username}`, address: context.address }, context.correlationId);

/** A password sign-in that succeeded: when it happened on the account, and its audit entry, in one write. */
export async function recordSignIn(
  models: AuthModels,
  relay: OutboxRelay,
  user: Pick<User, 'id' | 'username' | 'role'>,
  context: { address?: string; correlationId: string },
  now = new Date(),
): Promise<void> {
  await models.User.updateOne({ _id: user.id }, { $set: { lastSignInAt: now }, $push: { outbox: signInEntry(user, context) } });
  relay.publishDocument(models.User, user.id);
}

/** A sign-in that failed: the username tried, and no actor (nobody proved who they are). */
export async function recordFailedSignIn(
  models: AuthModels,
  relay: OutboxRelay,
  attempt: { username: string; reason: string; address?: string; correlationId: string },
): Promise<void> {
  await recordAuditNote(
    models.AuditNote,
    relay,
    'auth',
    { action: 'sign-in-failed', subject: `user ${attempt.username.slice(0, 150)}`, after: attempt.reason, address: attempt.address },
    attempt.correlationId,
  );
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
