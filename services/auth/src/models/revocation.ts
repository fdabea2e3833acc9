import { Schema, type Connection } from 'mongoose';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** A logged-out token; its auth.session.revoked event leaves through the outbox. */
export interface RevocationDoc extends WithOutbox {
  _id: string;
  expiresAt: Date;
}

const revocationSchema = new Schema<RevocationDoc>({ _id: String, expiresAt: { type: Date, required: true }, ...outboxFields }, { versionKey: false });

revocationSchema.plugin(outboxPendingFlag);

export const revocationModel = (conn: Connection) => conn.model<RevocationDoc>('Revocation', revocationSchema, 'revocations');
