import { Schema, type Connection } from 'mongoose';

/**
 * Payment requests to one address within one hour (domain/recipient-limit): `_id` is the
 * hashed address and the hour, `appointmentIds` the requests counted, so a redelivered request
 * is not counted twice. No address is kept.
 */
export interface MailCountDoc {
  _id: string;
  /** The hashed address alone, for an erasure. */
  key: string;
  /** The UTC hour counted ("2026-11-26T14"), for dropping past hours. */
  hour: string;
  n: number;
  appointmentIds: string[];
}

const mailCountSchema = new Schema<MailCountDoc>(
  {
    _id: String,
    key: { type: String, required: true },
    hour: { type: String, required: true },
    n: { type: Number, required: true },
    // No default (mongoose's own is []): the first request's $push makes it.
    appointmentIds: { type: [String], default: undefined },
  },
  { versionKey: false },
);

export const mailCountModel = (conn: Connection) => conn.model<MailCountDoc>('MailCount', mailCountSchema, 'mail_counts');
