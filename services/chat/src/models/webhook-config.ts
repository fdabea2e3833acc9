import { Schema, type Connection } from 'mongoose';
import { WEBHOOK_TEST_STATUSES, type WebhookConfig } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

export const WEBHOOK_CONFIG_ID = 'webhook';

/** The one webhook configuration; the secrets are stored sealed (see domain/secret-box). A change's audit entry leaves through its outbox. */
export interface WebhookConfigDoc extends WithOutbox {
  _id: string;
  webhookUrl: string;
  webhookSecretSealed: string;
  replySecretSealed: string;
  testStatus: WebhookConfig['testStatus'];
  lastTestAt: Date | null;
}

const webhookConfigSchema = new Schema<WebhookConfigDoc>(
  {
    _id: String,
    webhookUrl: { type: String, default: '' },
    webhookSecretSealed: { type: String, required: true },
    replySecretSealed: { type: String, required: true },
    testStatus: { type: String, enum: WEBHOOK_TEST_STATUSES, default: 'pending' },
    lastTestAt: { type: Date, default: null },
    ...outboxFields,
  },
  { versionKey: false },
);

webhookConfigSchema.plugin(outboxPendingFlag);

export const webhookConfigModel = (conn: Connection) => conn.model<WebhookConfigDoc>('WebhookConfig', webhookConfigSchema, 'webhook_config');
