import { OutboxRelay, startService } from '@bb/service-kit';
import { buildApp } from './app';
import { chatEnvShape, WEBHOOK_DELIVERY_QUEUE } from './config';
import { HeadCache } from './domain/head-cache';
import { SecretBox } from './domain/secret-box';
import { consumeForWebhookDelivery } from './events/webhook-delivery';
import { createModels } from './models';
import { ConversationStore } from './store/conversation-store';
import { WebhookConfigStore } from './store/webhook-config-store';

void startService('chat', chatEnvShape, (ctx) => {
  const { config, logger } = ctx;
  const models = createModels(ctx.conn);
  // The chat's own relay instead of the kit's one-second scan: conversations are the largest,
  // fastest-growing collection, and a scan of it costs time in proportion to its size on local
  // FerretDB. Writes kick the relay at once; the slow scan only picks up what a crash left.
  const relay = new OutboxRelay({ bus: ctx.bus, logger, intervalMs: config.OUTBOX_SCAN_INTERVAL_MS });
  relay.watch(models.Conversation);
  const webhookConfig = new WebhookConfigStore(models, new SecretBox(config.WEBHOOK_SECRET_KEY), logger);
  consumeForWebhookDelivery(ctx.bus, {
    queue: WEBHOOK_DELIVERY_QUEUE,
    models,
    config: webhookConfig,
    logger,
    retryDelaysMs: config.WEBHOOK_RETRY_DELAYS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  return {
    app: buildApp({
      logger,
      models,
      conversations: new ConversationStore(models, new HeadCache(config.POLL_CACHE_TTL_MS), logger),
      webhookConfig,
      relay,
      webhookTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
      jwtSecret: config.JWT_SECRET,
      isRevoked: (jti) => ctx.revocations.isRevoked(jti),
      isReady: ctx.isReady,
    }),
    beforeServe: async () => relay.start(),
    // After the bus has closed: a pass cut short leaves its events in the outbox for next time.
    onStop: () => relay.stop(),
  };
});
