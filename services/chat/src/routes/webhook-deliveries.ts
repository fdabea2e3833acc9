import type { Express } from 'express';
import { webhookRoutes, type WebhookDelivery } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { ChatRouteDeps } from './deps';

const { deliveries: list } = webhookRoutes;

export function mountWebhookDeliveries(app: Express, { models }: ChatRouteDeps): void {
  bind(app, list, async ({ query }) => {
    const rows = await models.WebhookDelivery.find().sort({ createdAt: -1, attempt: -1 }).limit(query.limit).lean();
    return rows.map(
      (r): WebhookDelivery => ({
        id: String(r._id),
        deliveryId: r.deliveryId,
        messageId: r.messageId,
        conversationId: r.conversationId,
        url: r.url,
        attempt: r.attempt,
        outcome: r.outcome,
        httpStatus: r.httpStatus,
        error: r.error,
        durationMs: r.durationMs,
        createdAt: r.createdAt.toISOString(),
      }),
    );
  });
}
