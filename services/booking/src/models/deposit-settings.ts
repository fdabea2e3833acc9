import { Schema, type Connection } from 'mongoose';
import type { Side } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** Deposit settings of an offering; `_id` is the offering. Fields never saved read as their defaults. A save's audit entry leaves through its outbox. */
export interface DepositSettingsDoc extends WithOutbox {
  _id: Side;
  holdMinutes?: number;
  noShowRule?: number;
  noShowDeposit?: number;
}

const depositSettingsSchema = new Schema<DepositSettingsDoc>(
  {
    _id: String,
    holdMinutes: { type: Number },
    noShowRule: { type: Number },
    noShowDeposit: { type: Number },
    ...outboxFields,
  },
  { versionKey: false },
);
depositSettingsSchema.plugin(outboxPendingFlag);

export const depositSettingsModel = (conn: Connection) => conn.model<DepositSettingsDoc>('DepositSettings', depositSettingsSchema, 'deposit_settings');
