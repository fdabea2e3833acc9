import { retentionTask, type Wire } from '@bb/service-kit';
import { buildApp } from './app';
import type { ChatConfig } from './config';
import { HeadCache } from './store/head-cache';
import { SecretBox } from './domain/secret-box';
import { consumeHeadChanges } from './events/head-events';
import { answerChatPrivacy } from './events/privacy-requests';
import { consumeForWebhookDelivery } from './events/webhook-delivery';
import { createModels } from './models';
import { ConversationStore } from './store/conversation-store';
import { expireTranscripts } from './store/privacy';
import { WebhookConfigStore } from './store/webhook-config-store';

/** The chat service from its context: conversations, messages, and delivery of customer messages to the bot. */
export const wire: Wire<ChatConfig> = (ctx) => {
  const { config, logger } = ctx;
  const models = createModels(ctx.conn);
  ctx.relay.watch(models.Conversation);
  const webhookConfig = new WebhookConfigStore(models, new SecretBox(config.WEBHOOK_SECRET_KEY), logger, ctx.relay);
  // A change of the webhook carries its audit entry.
  ctx.relay.watch(models.WebhookConfig);
  const heads = new HeadCache(config.POLL_CACHE_TTL_MS);
  consumeHeadChanges(ctx.bus, heads);
  answerChatPrivacy(ctx.bus, models);
  const retention = retentionTask('chat', () => expireTranscripts(models, ctx.now()).then(() => undefined), logger);
  consumeForWebhookDelivery(ctx.bus, {
    models,
    config: webhookConfig,
    logger,
    retryDelaysMs: config.WEBHOOK_RETRY_DELAYS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  return {
    app: buildApp(ctx, {
      models,
      conversations: new ConversationStore(models, heads, ctx.relay, logger),
      webhookConfig,
      webhookTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
    }),
    beforeServe: async () => retention.start(),
    onStop: () => retention.stop(),
  };
};
