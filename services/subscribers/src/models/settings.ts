import { Schema, type Connection } from 'mongoose';
import type { SubscriberSettings } from '@bb/contracts';

/** The one settings document of the newsletter. */
export const SETTINGS_ID = 'newsletter';

export interface SettingsDoc extends SubscriberSettings {
  _id: string;
}

/** Until staff save settings: sign-ups are subscribed at once, as the spec records consent at sign-up. */
export const DEFAULT_SETTINGS: SubscriberSettings = { doubleOptIn: false };

const settingsSchema = new Schema<SettingsDoc>({ _id: String, doubleOptIn: { type: Boolean, required: true } }, { versionKey: false });

export const settingsModel = (conn: Connection) => conn.model<SettingsDoc>('Settings', settingsSchema, 'settings');
