import { Schema, type Connection } from 'mongoose';
import type { NotificationSettings, Side } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** An offering's saved mail settings; an offering without one uses the defaults (domain/settings). A save's audit entry leaves through its outbox. */
export interface SettingsDoc extends Omit<NotificationSettings, 'offeringType'>, WithOutbox {
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
    ...outboxFields,
  },
  { versionKey: false },
);

settingsSchema.plugin(outboxPendingFlag);

export const settingsModel = (conn: Connection) => conn.model<SettingsDoc>('NotificationSettings', settingsSchema, 'notification_settings');

export const toSettings = (doc: SettingsDoc): NotificationSettings => ({
  offeringType: doc._id,
  staffAlertEmail: doc.staffAlertEmail,
  senderName: doc.senderName,
  senderEmail: doc.senderEmail,
  reminderLeadHours: doc.reminderLeadHours,
  enabled: doc.enabled,
});
