import { Schema, type Connection } from 'mongoose';
import type { Side } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/**
 * Booking settings of an offering; `_id` is the offering. Fields added after the first
 * settings were saved are absent on those documents: read as their defaults. A save's audit
 * entry leaves through its outbox.
 */
export interface SettingsDoc extends WithOutbox {
  _id: Side;
  maxSessionsPerSlot: number;
  /** Hours before the start when manage-link changes close. */
  changeCutoffHours?: number;
  /** Moves a customer may make of one appointment through its manage link. */
  maxReschedulesPerBooking?: number;
  minimumNoticeMinutes?: number;
  horizonDays?: number;
  bufferMinutes?: number;
  maxUpcomingPerContact?: number;
}

const settingsSchema = new Schema<SettingsDoc>(
  {
    _id: String,
    maxSessionsPerSlot: { type: Number, required: true },
    changeCutoffHours: { type: Number },
    maxReschedulesPerBooking: { type: Number },
    minimumNoticeMinutes: { type: Number },
    horizonDays: { type: Number },
    bufferMinutes: { type: Number },
    maxUpcomingPerContact: { type: Number },
    ...outboxFields,
  },
  { versionKey: false },
);

settingsSchema.plugin(outboxPendingFlag);

export const DEFAULT_MAX_SESSIONS_PER_SLOT = 1;

export const settingsModel = (conn: Connection) => conn.model<SettingsDoc>('Settings', settingsSchema, 'settings');
