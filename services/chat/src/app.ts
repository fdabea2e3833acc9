import type { Express } from 'express';
import { createServiceApp, type ServiceAppContext } from '@bb/service-kit';
import type { ChatDeps } from './deps';
import { mountConversations } from './routes/conversations';
import { mountMessages } from './routes/messages';
import { mountWebhookConfig } from './routes/webhook-config';
import { mountWebhookDeliveries } from './routes/webhook-deliveries';
import { mountWebhookReply } from './routes/webhook-reply';

export function buildApp(context: ServiceAppContext, deps: ChatDeps): Express {
  return createServiceApp({
    service: 'chat',
    context,
    deps,
    mounts: [mountConversations, mountMessages, mountWebhookConfig, mountWebhookDeliveries, mountWebhookReply],
  });
}
