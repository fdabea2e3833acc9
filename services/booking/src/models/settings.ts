import { Schema, type Connection } from 'mongoose';
import type { Side } from '@bb/contracts';

/** Booking settings of an offering; `_id` is the offering. */
export interface SettingsDoc {
  _id: Side;
  maxSessionsPerSlot: number;
}

const settingsSchema = new Schema<SettingsDoc>({ _id: String, maxSessionsPerSlot: { type: Number, required: true } }, { versionKey: false });

export const DEFAULT_MAX_SESSIONS_PER_SLOT = 1;

export const settingsModel = (conn: Connection) => conn.model<SettingsDoc>('Settings', settingsSchema, 'settings');
