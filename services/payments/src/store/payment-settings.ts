import type { PaymentSettings } from '@bb/contracts';
import { auditEventBy, settingChanges, type AuditBy, type OutboxRelay } from '@bb/service-kit';
import type { PaymentModels } from '../models';
import { DEFAULT_SETTINGS, SETTINGS_ID } from '../models/settings';

/**
 * The payment settings, read from the database where they are needed (a pay page, a receipt, a
 * checkout): one small read, and every replica sees a change at once.
 */
export class PaymentSettingsStore {
  constructor(
    private readonly models: PaymentModels,
    private readonly relay: OutboxRelay,
  ) {}

  async read(): Promise<PaymentSettings> {
    const doc = await this.models.Settings.findById(SETTINGS_ID).lean();
    if (!doc) return DEFAULT_SETTINGS;
    return {
      transferAccounts: doc.transferAccounts.map(({ kind, bankName, accountName, accountNumber }) => ({
        kind,
        bankName: bankName ?? '',
        accountName,
        accountNumber,
      })),
      reviewHoldMinutes: doc.reviewHoldMinutes,
      paymongoMethods: doc.paymongoMethods,
    };
  }

  /** One write with its audit entry (what changed from the settings read just before). */
  async save(settings: PaymentSettings, by: AuditBy): Promise<PaymentSettings> {
    const current = await this.read();
    const entry = auditEventBy('payments', by, { action: 'setting-changed', subject: 'payment settings', ...settingChanges(current, settings) });
    await this.models.Settings.updateOne({ _id: SETTINGS_ID }, { $set: settings, $push: { outbox: entry } }, { upsert: true });
    this.relay.publishDocument(this.models.Settings, SETTINGS_ID);
    return settings;
  }
}
