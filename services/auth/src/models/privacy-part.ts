import { Schema, type Connection } from 'mongoose';
import type { PrivacyRecords, PrivacyService } from '@bb/contracts';

/**
 * One service's records of an access request's subject (`privacy_parts`, `_id` = request id and
 * service, so a redelivered answer is stored once). Removed 7 days after it came by auth's periodic
 * pass (FerretDB v1 has no TTL indexes), and at once by an erasure of the same subject.
 */
export interface PrivacyPartDoc {
  _id: string;
  requestId: string;
  service: PrivacyService;
  records: PrivacyRecords;
  createdAt: Date;
}

const privacyPartSchema = new Schema<PrivacyPartDoc>(
  {
    _id: String,
    requestId: { type: String, required: true, index: 1 },
    service: { type: String, required: true },
    records: { type: Schema.Types.Mixed, default: {} },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);
privacyPartSchema.index({ createdAt: 1 });

export const privacyPartModel = (conn: Connection) => conn.model<PrivacyPartDoc>('PrivacyPart', privacyPartSchema, 'privacy_parts');
export const privacyPartId = (requestId: string, service: PrivacyService) => `${requestId}:${service}`;
