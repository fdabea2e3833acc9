import { Schema, type Connection } from 'mongoose';
import { DEFAULT_REVIEW_HOLD_MINUTES, PAYMONGO_METHOD_TYPES, TRANSFER_KINDS, type PaymentSettings } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** The one settings document of payments. */
export const SETTINGS_ID = 'payments';

/** A save's audit entry leaves through its outbox. */
export interface SettingsDoc extends PaymentSettings, WithOutbox {
  _id: string;
}

/** Until staff save settings: every PayMongo method, no transfer accounts (so no transfers), two hours to review a receipt. */
export const DEFAULT_SETTINGS: PaymentSettings = {
  transferAccounts: [],
  reviewHoldMinutes: DEFAULT_REVIEW_HOLD_MINUTES,
  paymongoMethods: [...PAYMONGO_METHOD_TYPES],
};

const settingsSchema = new Schema<SettingsDoc>(
  {
    _id: String,
    transferAccounts: {
      type: [new Schema({ kind: { type: String, enum: TRANSFER_KINDS }, bankName: String, accountName: String, accountNumber: String }, { _id: false })],
      default: [],
    },
    reviewHoldMinutes: { type: Number, required: true },
    paymongoMethods: { type: [String], enum: PAYMONGO_METHOD_TYPES, default: [] },
    ...outboxFields,
  },
  { versionKey: false },
);
settingsSchema.plugin(outboxPendingFlag);

export const settingsModel = (conn: Connection) => conn.model<SettingsDoc>('Settings', settingsSchema, 'settings');
