import type { Account, AccountUpdate, AuditActor, Invitation, InviteRequest, StaffRole } from '@bb/contracts';
import { USER_MESSAGES } from '@bb/contracts';
import { auditEvent, conflict, gone, invalid, isDuplicateKey, notFound, type OutboxEntry, type OutboxRelay } from '@bb/service-kit';
import { hashPassword } from '../domain/passwords';
import { linkTokenHash, newLinkToken } from '../domain/two-factor';
import { endSessions, userInvited } from '../events/account-events';
import type { AuthModels } from '../models';
import { roleOf, statusOf, toAccount, type UserDoc } from '../models/user';
import { withOwnersLease } from './owners-lease';

/** How long an invitation's set-password link works. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

/** Who asks for a change of accounts, for its audit entry and its events. */
export interface AccountChange {
  actor?: AuditActor;
  address?: string;
  correlationId: string;
}

/** What a change of an account did: the account now, and the sessions it ended (for this process's revocation list at once). */
export interface Changed {
  account: Account;
  sessionsEnded?: { userId: string; issuedBefore: number };
}

const subjectOf = (username: string) => `user ${username}`;
const audit = (change: AccountChange, record: Omit<Parameters<typeof auditEvent>[1], 'actor' | 'address'>): OutboxEntry =>
  auditEvent('auth', { ...record, actor: change.actor, address: change.address }, change.correlationId);

export async function listAccounts(models: AuthModels): Promise<Account[]> {
  const docs = await models.User.find({}, { outbox: 0, passwordHash: 0, recoveryCodes: 0, invitation: 0 }).sort({ username: 1 }).lean();
  return docs.map(toAccount);
}

/** A new account waiting for its password: its link is mailed (auth.user.invited) and audited (user-invited) in the same write. */
export async function inviteAccount(models: AuthModels, relay: OutboxRelay, request: InviteRequest, change: AccountChange, now = new Date()): Promise<Account> {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const doc = new models.User({
    username: request.username,
    email: request.email,
    role: request.role,
    ...(request.role === 'practitioner' ? { staffId: request.staffId } : {}),
    status: 'invited',
    invitation: { tokenHash, expiresAt },
  });
  const userId = String(doc._id);
  doc.outbox.push(
    userInvited(
      { userId, username: request.username, email: request.email, role: request.role, token, expiresAt: expiresAt.toISOString() },
      change.correlationId,
    ),
    audit(change, { action: 'user-invited', subject: subjectOf(request.username), after: request.role }),
  );
  try {
    await doc.save();
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(USER_MESSAGES.usernameTaken);
    throw err;
  }
  relay.publishDocument(models.User, doc._id);
  return toAccount(doc.toObject());
}

/** A new link for an invited account (the earlier one stops working), mailed again. */
export async function resendInvitation(models: AuthModels, relay: OutboxRelay, id: string, change: AccountChange, now = new Date()): Promise<Account> {
  const existing = await models.User.findById(id, { outbox: 0 }).lean();
  if (!existing) throw notFound('No such account');
  if (statusOf(existing) !== 'invited' || !existing.email) {
    throw conflict(statusOf(existing) === 'disabled' ? 'The account is disabled' : 'The account has set its password already');
  }
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const event = userInvited(
    { userId: id, username: existing.username, email: existing.email, role: roleOf(existing), token, expiresAt: expiresAt.toISOString() },
    change.correlationId,
  );
  const updated = await models.User.findOneAndUpdate(
    { _id: id, status: 'invited' },
    { $set: { invitation: { tokenHash, expiresAt } }, $push: { outbox: event } },
    { new: true },
  ).lean();
  if (!updated) throw conflict('The account changed meanwhile; reload and try again');
  relay.publishDocument(models.User, id);
  return toAccount(updated);
}

/** The invitation of a set-password link, while it works. Reads only. */
export async function readInvitation(models: AuthModels, token: string, now = new Date()): Promise<Invitation> {
  const doc = await models.User.findOne({ 'invitation.tokenHash': linkTokenHash(token), status: 'invited' }, { username: 1, role: 1, invitation: 1 }).lean();
  if (!doc?.invitation || doc.invitation.expiresAt <= now) throw gone(USER_MESSAGES.invitationGone);
  return { username: doc.username, role: roleOf(doc), expiresAt: doc.invitation.expiresAt.toISOString() };
}

/** Sets the password of an invited account: it becomes active and the link dies, in one guarded write (a second use finds nothing). */
export async function acceptInvitation(models: AuthModels, token: string, password: string, now = new Date()): Promise<void> {
  const filter = { 'invitation.tokenHash': linkTokenHash(token), 'invitation.expiresAt': { $gt: now }, status: 'invited' as const };
  // Hashing costs ~100 ms: only for a link that works.
  if (!(await models.User.exists(filter))) throw gone(USER_MESSAGES.invitationGone);
  const passwordHash = await hashPassword(password);
  const { matchedCount } = await models.User.updateOne(filter, { $set: { passwordHash, status: 'active' }, $unset: { invitation: '' } });
  if (matchedCount !== 1) throw gone(USER_MESSAGES.invitationGone);
}

const isActiveOwner = (doc: Pick<UserDoc, 'role' | 'status'>) => roleOf(doc) === 'owner' && statusOf(doc) === 'active';

/**
 * The owner's change of an account's role, staff profile or being disabled. Every change ends
 * the account's sessions everywhere (its old token carries the old role). A change that takes
 * away an active owner runs under the owners' lease and is refused when none would be left.
 */
export async function updateAccount(
  models: AuthModels,
  relay: OutboxRelay,
  id: string,
  update: AccountUpdate,
  change: AccountChange,
  now = new Date(),
): Promise<Changed> {
  const existing = await models.User.findById(id, { outbox: 0, recoveryCodes: 0 }).lean();
  if (!existing) throw notFound('No such account');
  const role: StaffRole = update.role ?? roleOf(existing);
  const staffId = update.staffId === undefined ? existing.staffId : (update.staffId ?? undefined);
  if (role === 'practitioner' && !staffId) throw invalid('A practitioner account needs the staff profile it belongs to (staffId)');
  const status = update.disabled === undefined ? statusOf(existing) : update.disabled ? 'disabled' : existing.passwordHash ? 'active' : 'invited';
  const next = { role, status };
  const apply = async (): Promise<Changed> => {
    const ended = endSessions(id, now, existing.tokensRevokedBefore);
    const events: OutboxEntry[] = [ended.event];
    const subject = subjectOf(existing.username);
    if (role !== roleOf(existing)) events.push(audit(change, { action: 'user-role-changed', subject, before: roleOf(existing), after: role }));
    if (status === 'disabled' && statusOf(existing) !== 'disabled') events.push(audit(change, { action: 'user-disabled', subject }));
    if (status !== 'disabled' && statusOf(existing) === 'disabled') events.push(audit(change, { action: 'user-enabled', subject }));
    const updated = await models.User.findOneAndUpdate(
      // Guarded by what was read: a change made meanwhile is not overwritten unseen.
      { _id: id, role: roleOf(existing), status: statusOf(existing) },
      {
        $set: { role, status, ...(role === 'practitioner' ? { staffId } : {}) },
        ...(role === 'practitioner' ? {} : { $unset: { staffId: '' } }),
        $max: { tokensRevokedBefore: ended.revokedBefore },
        $push: { outbox: { $each: events } },
      },
      { new: true },
    ).lean();
    if (!updated) throw conflict('The account changed meanwhile; reload and try again');
    relay.publishDocument(models.User, id);
    return { account: toAccount(updated), sessionsEnded: { userId: id, issuedBefore: ended.issuedBefore } };
  };
  if (!isActiveOwner(existing) || isActiveOwner(next)) return apply();
  return withOwnersLease(models, async () => {
    const others = await models.User.countDocuments({ _id: { $ne: existing._id }, role: 'owner', status: 'active' });
    if (others === 0) throw conflict(USER_MESSAGES.lastOwner);
    return apply();
  });
}

/**
 * Removes an account's two-factor sign-in and recovery codes (a lost phone) and ends its
 * sessions; audited as two-factor-reset. By id (the owner's screen) or username (the admin
 * command, which has no relay: the service's periodic pass publishes its events).
 */
export async function resetTwoFactor(
  models: AuthModels,
  relay: OutboxRelay | null,
  which: { id: string } | { username: string },
  change: AccountChange,
  now = new Date(),
): Promise<Changed> {
  const filter = 'id' in which ? { _id: which.id } : { username: which.username };
  const existing = await models.User.findOne(filter, { username: 1, tokensRevokedBefore: 1 }).lean();
  if (!existing) throw notFound('No such account');
  const id = String(existing._id);
  const ended = endSessions(id, now, existing.tokensRevokedBefore);
  const updated = await models.User.findOneAndUpdate(
    { _id: existing._id },
    {
      $set: { recoveryCodes: [] },
      $unset: { totp: '' },
      $max: { tokensRevokedBefore: ended.revokedBefore },
      $push: { outbox: { $each: [ended.event, audit(change, { action: 'two-factor-reset', subject: subjectOf(existing.username) })] } },
    },
    { new: true },
  ).lean();
  if (!updated) throw notFound('No such account');
  relay?.publishDocument(models.User, id);
  return { account: toAccount(updated), sessionsEnded: { userId: id, issuedBefore: ended.issuedBefore } };
}

/** Accounts from before issue 30 have no status: they are active (and owners, by the schema's default). */
export async function backfillAccountStatus(models: AuthModels): Promise<void> {
  await models.User.updateMany({ status: { $exists: false } }, { $set: { status: 'active' } });
  await models.User.updateMany({ role: { $exists: false } }, { $set: { role: 'owner' } });
}
