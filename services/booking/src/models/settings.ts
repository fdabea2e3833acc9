import { Schema, type Connection } from 'mongoose';
import type { Side } from '@bb/contracts';

/** Booking settings of an offering; `_id` is the offering. */
export interface SettingsDoc {
  _id: Side;
  maxSessionsPerSlot: number;
  /** Hours before the start when manage-link changes close; absent on settings saved before it existed. */
  changeCutoffHours?: number;
}

const settingsSchema = new Schema<SettingsDoc>(
  { _id: String, maxSessionsPerSlot: { type: Number, required: true }, changeCutoffHours: { type: Number } },
  { versionKey: false },
);

export const DEFAULT_MAX_SESSIONS_PER_SLOT = 1;

export const settingsModel = (conn: Connection) => conn.model<SettingsDoc>('Settings', settingsSchema, 'settings');
