import type { SubscriberSettings } from '@bb/contracts';
import { auditEventBy, settingChanges, type AuditBy, type OutboxRelay } from '@bb/service-kit';
import type { SubscriberModels } from '../models';
import { DEFAULT_SETTINGS, SETTINGS_ID } from '../models/settings';

/**
 * The newsletter settings, read from the database at every sign-up rather than kept in
 * memory: one small read, and every replica sees a change at once.
 */
export class NewsletterSettings {
  constructor(
    private readonly models: SubscriberModels,
    private readonly relay: OutboxRelay,
  ) {}

  async read(): Promise<SubscriberSettings> {
    const doc = await this.models.Settings.findById(SETTINGS_ID).lean();
    return { doubleOptIn: doc?.doubleOptIn ?? DEFAULT_SETTINGS.doubleOptIn };
  }

  /** One write with its audit entry (what changed from the settings read just before). */
  async save(settings: SubscriberSettings, by: AuditBy): Promise<SubscriberSettings> {
    const current = await this.read();
    const entry = auditEventBy('subscribers', by, { action: 'setting-changed', subject: 'subscriber settings', ...settingChanges(current, settings) });
    await this.models.Settings.updateOne({ _id: SETTINGS_ID }, { $set: { doubleOptIn: settings.doubleOptIn }, $push: { outbox: entry } }, { upsert: true });
    this.relay.publishDocument(this.models.Settings, SETTINGS_ID);
    return { doubleOptIn: settings.doubleOptIn };
  }
}
