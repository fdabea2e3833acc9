import type { Express } from 'express';
import { createServiceApp, type Logger } from '@bb/service-kit';
import { mountConversations } from './routes/conversations';
import type { ChatRouteDeps } from './routes/deps';
import { mountMessages } from './routes/messages';
import { mountWebhookConfig } from './routes/webhook-config';
import { mountWebhookDeliveries } from './routes/webhook-deliveries';
import { mountWebhookReply } from './routes/webhook-reply';

export interface ChatAppDeps extends ChatRouteDeps {
  logger: Logger;
  jwtSecret: string;
  isRevoked: (jti: string) => boolean;
  isReady: () => boolean;
}

export function buildApp(deps: ChatAppDeps): Express {
  return createServiceApp({
    service: 'chat',
    logger: deps.logger,
    jwtSecret: deps.jwtSecret,
    isRevoked: deps.isRevoked,
    isReady: deps.isReady,
    routes: (app) => {
      mountConversations(app, deps);
      mountMessages(app, deps);
      mountWebhookConfig(app, deps);
      mountWebhookDeliveries(app, deps);
      mountWebhookReply(app, deps);
    },
  });
}
