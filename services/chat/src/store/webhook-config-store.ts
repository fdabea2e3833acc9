import type { WebhookConfig } from '@bb/contracts';
import { auditEventBy, isDuplicateKey, unavailable, type AuditBy, type Logger, type OutboxRelay } from '@bb/service-kit';
import type { SecretBox } from '../domain/secret-box';
import { generateReplySecret, generateWebhookSecret } from '../domain/signature';
import type { ChatModels } from '../models';
import { WEBHOOK_CONFIG_ID, type WebhookConfigDoc } from '../models/webhook-config';

/** A webhook URL as the audit trail shows it: no query or fragment (they may carry a token), at most 200 characters. */
function urlShown(url: string): string {
  if (!url) return 'none';
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`.slice(0, 200);
  } catch {
    return 'unreadable';
  }
}

/** The webhook configuration with its secrets opened; they are generated on first use. */
export class WebhookConfigStore {
  constructor(
    private readonly models: ChatModels,
    private readonly box: SecretBox,
    private readonly logger: Logger,
    private readonly relay: OutboxRelay,
  ) {}

  async read(): Promise<WebhookConfig> {
    return this.open(await this.ensure());
  }

  /**
   * A different URL has not been tested yet: its status goes back to pending. The change is an
   * audit entry in the same write (the URLs without their query, which may hold a token).
   */
  async saveUrl(webhookUrl: string, by: AuditBy): Promise<WebhookConfig> {
    const current = await this.ensure();
    if (current.webhookUrl === webhookUrl) return this.open(current);
    const entry = auditEventBy('chat', by, {
      action: 'webhook-changed',
      subject: 'chat webhook URL',
      before: urlShown(current.webhookUrl),
      after: urlShown(webhookUrl),
    });
    const saved = await this.models.WebhookConfig.findOneAndUpdate(
      { _id: WEBHOOK_CONFIG_ID },
      { $set: { webhookUrl, testStatus: 'pending', lastTestAt: null }, $push: { outbox: entry } },
      { returnDocument: 'after' },
    ).lean();
    this.relay.publishDocument(this.models.WebhookConfig, WEBHOOK_CONFIG_ID);
    return this.open(saved ?? current);
  }

  async recordTest(success: boolean, at: Date): Promise<void> {
    await this.models.WebhookConfig.updateOne({ _id: WEBHOOK_CONFIG_ID }, { $set: { testStatus: success ? 'success' : 'failed', lastTestAt: at } });
  }

  private async ensure(): Promise<WebhookConfigDoc> {
    const { WebhookConfig } = this.models;
    const existing = await WebhookConfig.findById(WEBHOOK_CONFIG_ID).lean();
    if (existing) return existing;
    try {
      const created = await WebhookConfig.create({
        _id: WEBHOOK_CONFIG_ID,
        webhookSecretSealed: this.box.seal(generateWebhookSecret()),
        replySecretSealed: this.box.seal(generateReplySecret()),
      });
      return created.toObject();
    } catch (err) {
      // Two first reads at once: the other one created it.
      if (!isDuplicateKey(err)) throw err;
      const raced = await WebhookConfig.findById(WEBHOOK_CONFIG_ID).lean();
      if (!raced) throw err;
      return raced;
    }
  }

  private open(doc: WebhookConfigDoc): WebhookConfig {
    try {
      return {
        webhookUrl: doc.webhookUrl,
        webhookSecret: this.box.open(doc.webhookSecretSealed),
        replySecret: this.box.open(doc.replySecretSealed),
        testStatus: doc.testStatus,
        lastTestAt: doc.lastTestAt ? doc.lastTestAt.toISOString() : null,
      };
    } catch (err) {
      this.logger.error({ err: (err as Error).message }, 'stored webhook secrets cannot be opened: was WEBHOOK_SECRET_KEY changed?');
      throw unavailable('The webhook secrets cannot be read with the configured key.');
    }
  }
}
