import { Schema, type Connection } from 'mongoose';
import type { SubscriberSettings } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** The one settings document of the newsletter. */
export const SETTINGS_ID = 'newsletter';

/** A save's audit entry leaves through its outbox. */
export interface SettingsDoc extends SubscriberSettings, WithOutbox {
  _id: string;
}

/** Until staff save settings: sign-ups are subscribed at once, as the spec records consent at sign-up. */
export const DEFAULT_SETTINGS: SubscriberSettings = { doubleOptIn: false };

const settingsSchema = new Schema<SettingsDoc>({ _id: String, doubleOptIn: { type: Boolean, required: true }, ...outboxFields }, { versionKey: false });
settingsSchema.plugin(outboxPendingFlag);

export const settingsModel = (conn: Connection) => conn.model<SettingsDoc>('Settings', settingsSchema, 'settings');
