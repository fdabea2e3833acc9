import { Schema, type Connection } from 'mongoose';
import type { NotificationSettings, Side } from '@bb/contracts';

/** An offering's saved mail settings; an offering without one uses the defaults (domain/settings). */
export interface SettingsDoc extends Omit<NotificationSettings, 'offeringType'> {
  _id: Side;
}

const settingsSchema = new Schema<SettingsDoc>(
  {
    _id: String,
    staffAlertEmail: { type: String, default: '' },
    senderName: { type: String, required: true },
    senderEmail: { type: String, required: true },
    reminderLeadHours: { type: Number, required: true },
    enabled: {
      confirmation: Boolean,
      reschedule: Boolean,
      cancellation: Boolean,
      reminder: Boolean,
      'staff-alert': Boolean,
      'slot-opened': Boolean,
    },
  },
  { versionKey: false },
);

export const settingsModel = (conn: Connection) => conn.model<SettingsDoc>('NotificationSettings', settingsSchema, 'notification_settings');

export const toSettings = (doc: SettingsDoc): NotificationSettings => ({
  offeringType: doc._id,
  staffAlertEmail: doc.staffAlertEmail,
  senderName: doc.senderName,
  senderEmail: doc.senderEmail,
  reminderLeadHours: doc.reminderLeadHours,
  enabled: doc.enabled,
});
