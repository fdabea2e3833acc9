import { toString as qrSvgOf } from 'qrcode';
import { USER_MESSAGES, type TotpEnrolment, type User } from '@bb/contracts';
import { auditEvent, conflict, invalid, unauthorized, unavailable, type OutboxRelay } from '@bb/service-kit';
import { decryptSecret, encryptSecret, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStepOf, totpUri } from '../domain/two-factor';
import type { AuthModels } from '../models';
import { accountOfSubject, statusOf, toUser } from '../models/user';
import { signInEntry, type SignedIn } from './sessions';

/** What two-factor sign-in needs of the service: its key for stored secrets and the relay. */
export interface TwoFactorContext {
  models: AuthModels;
  relay: OutboxRelay;
  /** TOTP_ENCRYPTION_KEY. */
  totpKey: string;
}

const activeAccount = async (models: AuthModels, id: string) => {
  const doc = await accountOfSubject(models.User, id);
  if (!doc || statusOf(doc) !== 'active') throw unauthorized('This account can no longer sign in');
  return doc;
};

/** A stored secret in clear; one the key cannot open (TOTP_ENCRYPTION_KEY changed) is the server's fault, said plainly. */
function secretOf(context: TwoFactorContext, stored: string): string {
  try {
    return decryptSecret(context.totpKey, stored);
  } catch {
    throw unavailable('Two-factor codes cannot be checked: the server key they were stored with changed. An owner can reset two-factor sign-in of the account');
  }
}

/** A new secret for the account's authenticator app, kept (encrypted) as pending until a code confirms it; replaces one not yet confirmed. */
export async function startEnrolment(context: TwoFactorContext, userId: string): Promise<TotpEnrolment> {
  const doc = await activeAccount(context.models, userId);
  if (doc.totp?.confirmed) throw conflict(USER_MESSAGES.alreadyEnrolled);
  const secret = newTotpSecret();
  const { matchedCount } = await context.models.User.updateOne(
    { _id: doc._id, 'totp.confirmed': { $ne: true } },
    { $set: { totp: { pending: encryptSecret(context.totpKey, secret), confirmed: false, lastStep: 0 } } },
  );
  if (matchedCount !== 1) throw conflict(USER_MESSAGES.alreadyEnrolled);
  const otpauthUri = totpUri(secret, doc.username);
  return { secret, otpauthUri, qrSvg: await qrSvgOf(otpauthUri, { type: 'svg', margin: 2 }) };
}

/**
 * Confirms the pending secret with a code from the app: two-factor sign-in is on, ten recovery
 * codes (answered once, stored as hashes) replace any earlier ones, audited in the same write.
 * The code's step counts as used.
 */
export async function confirmEnrolment(
  context: TwoFactorContext,
  userId: string,
  code: string,
  audit: { address?: string; correlationId: string },
  now = new Date(),
): Promise<{ user: User; recoveryCodes: string[]; tokensRevokedBefore?: Date }> {
  const doc = await activeAccount(context.models, userId);
  if (doc.totp?.confirmed) throw conflict(USER_MESSAGES.alreadyEnrolled);
  const pending = doc.totp?.pending;
  if (!pending) throw conflict('Start setting up two-factor sign-in first');
  const step = totpStepOf(secretOf(context, pending), doc.username, code, now);
  if (step === null) throw invalid(USER_MESSAGES.wrongCode);
  const recoveryCodes = newRecoveryCodes();
  const user = toUser({ ...doc, totp: { confirmed: true, lastStep: step } });
  const entry = auditEvent(
    'auth',
    {
      action: 'two-factor-enrolled',
      actor: { id: user.id, username: user.username, role: user.role },
      subject: `user ${user.username}`,
      address: audit.address,
    },
    audit.correlationId,
  );
  const { matchedCount } = await context.models.User.updateOne(
    { _id: doc._id, 'totp.pending': pending, 'totp.confirmed': false, status: 'active' },
    {
      $set: { totp: { secret: pending, confirmed: true, lastStep: step }, recoveryCodes: recoveryCodes.map((c) => recoveryCodeHash(context.totpKey, c)) },
      $push: { outbox: entry },
    },
  );
  if (matchedCount !== 1) throw conflict(USER_MESSAGES.alreadyEnrolled);
  context.relay.publishDocument(context.models.User, user.id);
  return { user, recoveryCodes, tokensRevokedBefore: doc.tokensRevokedBefore };
}

/**
 * The second step of a sign-in: a code of a step after the last accepted one (so a code seen
 * once cannot be replayed), or an unused recovery code (pulled as it is used: of two uses at
 * once, one matches). Each is one guarded write with the sign-in's audit entry. Null: wrong.
 */
export async function checkSecondFactor(
  context: TwoFactorContext,
  userId: string,
  answer: { code?: string; recoveryCode?: string },
  audit: { address?: string; correlationId: string },
  now = new Date(),
): Promise<SignedIn | null> {
  const { models } = context;
  const doc = await accountOfSubject(models.User, userId);
  if (!doc || statusOf(doc) !== 'active' || !doc.totp?.confirmed || !doc.totp.secret) return null;
  const user = toUser(doc);
  const actor = { id: user.id, username: user.username, role: user.role };
  const signedIn = { user, tokensRevokedBefore: doc.tokensRevokedBefore };
  if (answer.code !== undefined) {
    const step = totpStepOf(secretOf(context, doc.totp.secret), doc.username, answer.code, now);
    if (step === null || step <= doc.totp.lastStep) return null;
    const { matchedCount } = await models.User.updateOne(
      { _id: doc._id, status: 'active', 'totp.confirmed': true, 'totp.lastStep': { $lt: step } },
      { $set: { 'totp.lastStep': step, lastSignInAt: now }, $push: { outbox: signInEntry(user, audit) } },
    );
    if (matchedCount !== 1) return null;
    context.relay.publishDocument(models.User, user.id);
    return signedIn;
  }
  if (answer.recoveryCode === undefined) return null;
  const hash = recoveryCodeHash(context.totpKey, answer.recoveryCode);
  const used = auditEvent('auth', { action: 'recovery-code-used', actor, subject: `user ${user.username}`, address: audit.address }, audit.correlationId);
  const { matchedCount } = await models.User.updateOne(
    { _id: doc._id, status: 'active', recoveryCodes: hash },
    { $pull: { recoveryCodes: hash }, $set: { lastSignInAt: now }, $push: { outbox: { $each: [used, signInEntry(user, audit)] } } },
  );
  if (matchedCount !== 1) return null;
  context.relay.publishDocument(models.User, user.id);
  return signedIn;
}
