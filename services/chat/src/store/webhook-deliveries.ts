import type { WebhookDelivery } from '@bb/contracts';
import type { ChatModels } from '../models';
import { toWebhookDelivery } from '../models/webhook-delivery';

/** The latest delivery attempts, newest first. */
export async function recentDeliveries(models: ChatModels, limit: number): Promise<WebhookDelivery[]> {
  const rows = await models.WebhookDelivery.find().sort({ createdAt: -1, attempt: -1 }).limit(limit).lean();
  return rows.map(toWebhookDelivery);
}
