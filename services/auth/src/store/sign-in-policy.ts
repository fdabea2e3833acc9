import { STAFF_ROLES, type AuditActor, type SignInPolicy, type StaffRole } from '@bb/contracts';
import { auditEvent, conflict, isDuplicateKey, type OutboxRelay } from '@bb/service-kit';
import { normalizedPolicyRoles, policyText } from '../domain/sign-in-policy';
import type { AuthModels } from '../models';
import { SIGN_IN_POLICY_ID } from '../models/sign-in-policy';

/** The roles that must set up two-factor sign-in besides owners in production (none until the owner says). */
export async function readPolicy(models: AuthModels): Promise<StaffRole[]> {
  const doc = await models.SignInPolicy.findById(SIGN_IN_POLICY_ID, { twoFactorRequiredFor: 1 }).lean();
  return doc?.twoFactorRequiredFor ?? [];
}

/** Makes the policy document when missing (replicas may race: one insert wins). */
export async function ensurePolicyDocument(models: AuthModels): Promise<void> {
  if (await models.SignInPolicy.exists({ _id: SIGN_IN_POLICY_ID })) return;
  try {
    await models.SignInPolicy.create({ _id: SIGN_IN_POLICY_ID, twoFactorRequiredFor: [], version: 0, ownersLeaseUntil: new Date(0) });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/**
 * Saves the owner's policy with its audit entry (setting-changed, before → after) in the same
 * write, guarded by the version it read, so two owners saving at once each record what they replaced.
 */
export async function updatePolicy(
  models: AuthModels,
  relay: OutboxRelay,
  change: { roles: StaffRole[]; actor: AuditActor; address?: string; correlationId: string },
): Promise<SignInPolicy> {
  await ensurePolicyDocument(models);
  const roles = normalizedPolicyRoles(change.roles, STAFF_ROLES);
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await models.SignInPolicy.findById(SIGN_IN_POLICY_ID, { twoFactorRequiredFor: 1, version: 1 }).orFail().lean();
    const before = normalizedPolicyRoles(stored.twoFactorRequiredFor, STAFF_ROLES);
    if (before.join() === roles.join()) return { twoFactorRequiredFor: roles };
    const audit = auditEvent(
      'auth',
      {
        action: 'setting-changed',
        actor: change.actor,
        subject: 'sign-in policy',
        before: policyText(before),
        after: policyText(roles),
        address: change.address,
      },
      change.correlationId,
    );
    const { matchedCount } = await models.SignInPolicy.updateOne(
      { _id: SIGN_IN_POLICY_ID, version: stored.version },
      { $set: { twoFactorRequiredFor: roles }, $inc: { version: 1 }, $push: { outbox: audit } },
    );
    if (matchedCount === 1) {
      relay.publishDocument(models.SignInPolicy, SIGN_IN_POLICY_ID);
      return { twoFactorRequiredFor: roles };
    }
  }
  throw conflict('The sign-in policy is being changed by someone else; try again');
}
