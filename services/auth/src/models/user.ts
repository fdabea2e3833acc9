import { Schema, type Connection } from 'mongoose';
import type { User } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** A staff account; auth.user.sessions-revoked leaves through its outbox when its password is set again. */
export interface UserDoc extends WithOutbox {
  username: string;
  passwordHash: string;
  /** Its tokens issued before this are refused everywhere (its password was set again); absent until then. */
  tokensRevokedBefore?: Date;
  createdAt: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    username: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    tokensRevokedBefore: { type: Date },
    ...outboxFields,
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

userSchema.plugin(outboxPendingFlag);

export const userModel = (conn: Connection) => conn.model<UserDoc>('User', userSchema, 'users');

export const toUser = (doc: Pick<UserDoc, 'username'> & { _id: unknown }): User => ({ id: String(doc._id), username: doc.username });
