import { Schema, type Connection } from 'mongoose';
import { STAFF_ROLES, type StaffRole, type User } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** A staff account; auth.user.sessions-revoked leaves through its outbox when its password is set again. */
export interface UserDoc extends WithOutbox {
  username: string;
  passwordHash: string;
  role: StaffRole;
  /** Its tokens issued before this are refused everywhere (its password was set again); absent until then. */
  tokensRevokedBefore?: Date;
  createdAt: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    username: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    // Accounts from before roles were owners: there was one kind of staff, who could do everything.
    role: { type: String, enum: STAFF_ROLES, default: 'owner' },
    tokensRevokedBefore: { type: Date },
    ...outboxFields,
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

userSchema.plugin(outboxPendingFlag);

export const userModel = (conn: Connection) => conn.model<UserDoc>('User', userSchema, 'users');

export const toUser = (doc: Pick<UserDoc, 'username' | 'role'> & { _id: unknown }): User => ({
  id: String(doc._id),
  username: doc.username,
  role: doc.role ?? 'owner',
  twoFactor: false,
  mustEnrol: false,
});
