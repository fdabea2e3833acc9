import type { SubscriberSettings } from '@bb/contracts';
import type { SubscriberModels } from '../models';
import { DEFAULT_SETTINGS, SETTINGS_ID } from '../models/settings';

/**
 * The newsletter settings, read from the database at every sign-up rather than kept in
 * memory: one small read, and every replica sees a change at once.
 */
export class NewsletterSettings {
  constructor(private readonly models: SubscriberModels) {}

  async read(): Promise<SubscriberSettings> {
    const doc = await this.models.Settings.findById(SETTINGS_ID).lean();
    return { doubleOptIn: doc?.doubleOptIn ?? DEFAULT_SETTINGS.doubleOptIn };
  }

  async save(settings: SubscriberSettings): Promise<SubscriberSettings> {
    await this.models.Settings.updateOne({ _id: SETTINGS_ID }, { $set: { doubleOptIn: settings.doubleOptIn } }, { upsert: true });
    return { doubleOptIn: settings.doubleOptIn };
  }
}
