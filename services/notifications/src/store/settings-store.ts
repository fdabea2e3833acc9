import type { NotificationSettings, NotificationSettingsUpdate, Side } from '@bb/contracts';
import { auditEventBy, settingChanges, type AuditBy, type OutboxRelay } from '@bb/service-kit';
import { defaultSettings } from '../domain/settings';
import type { NotificationModels } from '../models';
import { toSettings } from '../models/settings';

/** The settings as one level of fields, each mail kind's switch as `enabled.<kind>`. */
const flatSettings = ({ enabled, ...rest }: Omit<NotificationSettings, 'offeringType'>): Record<string, unknown> => ({
  ...rest,
  ...Object.fromEntries(Object.entries(enabled).map(([kind, on]) => [`enabled.${kind}`, on])),
});

/**
 * Each offering's mail settings. Read from the database for every mail, so a change saved
 * through one replica applies to the next mail of every replica.
 */
export class SettingsStore {
  constructor(private readonly models: NotificationModels) {}

  async read(offering: Side): Promise<NotificationSettings> {
    const doc = await this.models.Settings.findById(offering).lean();
    return doc ? toSettings(doc) : defaultSettings(offering);
  }

  /**
   * Saves the whole set in one write with its audit entry (what changed from the set read just
   * before; addresses only as changed); tells the lead time it replaced, for moving queued reminders.
   */
  async save(
    offering: Side,
    update: NotificationSettingsUpdate,
    audit: { relay: OutboxRelay; by: AuditBy },
  ): Promise<{ settings: NotificationSettings; previousLeadHours: number }> {
    const current = await this.read(offering);
    const changes = settingChanges(flatSettings(current), flatSettings(update), ['staffAlertEmail', 'senderEmail']);
    const entry = auditEventBy('notifications', audit.by, { action: 'setting-changed', subject: `notification settings ${offering}`, ...changes });
    const before = await this.models.Settings.findOneAndUpdate(
      { _id: offering },
      { $set: update, $push: { outbox: entry } },
      { upsert: true, returnDocument: 'before' },
    ).lean();
    audit.relay.publishDocument(this.models.Settings, offering);
    return {
      settings: { offeringType: offering, ...update },
      previousLeadHours: before?.reminderLeadHours ?? defaultSettings(offering).reminderLeadHours,
    };
  }
}
