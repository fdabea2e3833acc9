import { Schema, type Connection } from 'mongoose';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** The retention setting (one document, `_id` 'retention'); `version` orders its changes for the services' copies. */
export interface PrivacyRetentionDoc extends WithOutbox {
  _id: string;
  chatMonths: number | null;
  customerMonths: number | null;
  version: number;
}

const privacyRetentionSchema = new Schema<PrivacyRetentionDoc>(
  {
    _id: String,
    chatMonths: { type: Number, default: null },
    customerMonths: { type: Number, default: null },
    version: { type: Number, required: true },
    ...outboxFields,
  },
  { versionKey: false },
);
privacyRetentionSchema.plugin(outboxPendingFlag);

export const RETENTION_ID = 'retention';
export const privacyRetentionModel = (conn: Connection) => conn.model<PrivacyRetentionDoc>('PrivacyRetention', privacyRetentionSchema, 'privacy_retention');
