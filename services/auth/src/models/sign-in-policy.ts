import { Schema, type Connection } from 'mongoose';
import { STAFF_ROLES, type StaffRole } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

export const SIGN_IN_POLICY_ID = 'sign-in';

/**
 * The one sign-in policy document (its audit entries leave through its outbox). It also holds
 * the lease that lets one change at a time take an owner away (store/owners-lease.ts).
 */
export interface SignInPolicyDoc extends WithOutbox {
  _id: string;
  twoFactorRequiredFor: StaffRole[];
  /** Raised by every change of the policy: a change is written only over the version it read. */
  version: number;
  /** Held by a change that may leave no active owner, until then; the epoch when free. */
  ownersLeaseUntil: Date;
  ownersLeaseHolder?: string;
}

const signInPolicySchema = new Schema<SignInPolicyDoc>(
  {
    _id: String,
    twoFactorRequiredFor: { type: [{ type: String, enum: STAFF_ROLES }], default: [] },
    version: { type: Number, default: 0 },
    ownersLeaseUntil: { type: Date, default: () => new Date(0) },
    ownersLeaseHolder: { type: String },
    ...outboxFields,
  },
  { versionKey: false },
);

signInPolicySchema.plugin(outboxPendingFlag);

export const signInPolicyModel = (conn: Connection) => conn.model<SignInPolicyDoc>('SignInPolicy', signInPolicySchema, 'sign_in_policy');
