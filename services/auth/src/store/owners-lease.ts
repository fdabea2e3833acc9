import { randomUUID } from 'node:crypto';
import { unavailable } from '@bb/service-kit';
import type { AuthModels } from '../models';
import { SIGN_IN_POLICY_ID } from '../models/sign-in-policy';
import { ensurePolicyDocument } from './sign-in-policy';

const LEASE_MS = 10_000;
const WAIT_MS = 8_000;
const POLL_MS = 40;

/**
 * Runs `work` while holding the one lease on changes that may take an owner away, across every
 * replica (a guarded write on the policy document; no multi-document transactions on FerretDB).
 * So two owners demoting each other at once are counted one after the other, and the second
 * sees the first's change. A holder that stopped frees it when its lease runs out.
 */
export async function withOwnersLease<T>(models: AuthModels, work: () => Promise<T>): Promise<T> {
  await ensurePolicyDocument(models);
  const holder = randomUUID();
  const giveUpAt = Date.now() + WAIT_MS;
  for (;;) {
    const now = new Date();
    const { matchedCount } = await models.SignInPolicy.updateOne(
      { _id: SIGN_IN_POLICY_ID, ownersLeaseUntil: { $lt: now } },
      { $set: { ownersLeaseUntil: new Date(now.getTime() + LEASE_MS), ownersLeaseHolder: holder } },
    );
    if (matchedCount === 1) break;
    if (Date.now() > giveUpAt) throw unavailable('Another change of the accounts is under way; try again');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
  }
  try {
    return await work();
  } finally {
    await models.SignInPolicy.updateOne(
      { _id: SIGN_IN_POLICY_ID, ownersLeaseHolder: holder },
      { $set: { ownersLeaseUntil: new Date(0) }, $unset: { ownersLeaseHolder: '' } },
    );
  }
}
