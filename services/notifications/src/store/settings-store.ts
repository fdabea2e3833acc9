import type { NotificationSettings, NotificationSettingsUpdate, Side } from '@bb/contracts';
import { defaultSettings } from '../domain/settings';
import type { NotificationModels } from '../models';
import { toSettings } from '../models/settings';

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

  /** Saves the whole set in one write; tells the lead time it replaced, for moving queued reminders. */
  async save(offering: Side, update: NotificationSettingsUpdate): Promise<{ settings: NotificationSettings; previousLeadHours: number }> {
    const before = await this.models.Settings.findOneAndUpdate({ _id: offering }, { $set: update }, { upsert: true, returnDocument: 'before' }).lean();
    return {
      settings: { offeringType: offering, ...update },
      previousLeadHours: before?.reminderLeadHours ?? defaultSettings(offering).reminderLeadHours,
    };
  }
}
