import type { Express } from 'express';
import { createServiceApp, type Logger } from '@bb/service-kit';
import { conversationRoutes } from './routes/conversations';
import type { ChatRouteDeps } from './routes/deps';
import { messageRoutes } from './routes/messages';
import { webhookConfigRoutes } from './routes/webhook-config';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries';
import { webhookReplyRoutes } from './routes/webhook-reply';

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
      conversationRoutes(app, deps);
      messageRoutes(app, deps);
      webhookConfigRoutes(app, deps);
      webhookDeliveryRoutes(app, deps);
      webhookReplyRoutes(app, deps);
    },
  });
}
