import type { Express } from 'express';
import { webhookRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { ChatDeps } from '../deps';
import { recentDeliveries } from '../store/webhook-deliveries';

const { deliveries: list } = webhookRoutes;

export function mountWebhookDeliveries(app: Express, { models }: ChatDeps): void {
  bind(app, list, ({ query }) => recentDeliveries(models, query.limit));
}
