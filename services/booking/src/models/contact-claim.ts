import { createHash } from 'node:crypto';
import { Schema, type Connection, type Types } from 'mongoose';
import type { Side } from '@bb/contracts';

/**
 * One of the places a contact key (an e-mail or a phone number, `contactKeys`) has at an
 * offering under the per-contact cap: `_id` is `<offering>|<key hash>|<n>` with n < the cap,
 * so the unique `_id` makes the cap hold whatever number of booking processes race, as the
 * seats do for capacity. The key is hashed: a claim outlives its appointment until taken over,
 * and keeps no address.
 */
export interface ContactClaimDoc {
  _id: string;
  appointmentId: Types.ObjectId;
  /** Wall-clock time: a claim whose appointment is missing is taken over only after a grace period. */
  claimedAt: Date;
}

const contactClaimSchema = new Schema<ContactClaimDoc>(
  {
    _id: String,
    appointmentId: { type: Schema.Types.ObjectId, required: true },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const contactClaimId = (offering: Side, key: string, n: number) =>
  `${offering}|${createHash('sha256').update(key).digest('base64url').slice(0, 22)}|${n}`;

export const contactClaimModel = (conn: Connection) => conn.model<ContactClaimDoc>('ContactClaim', contactClaimSchema, 'contact_claims');
