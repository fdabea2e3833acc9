import type { Express, NextFunction, Request, Response } from 'express';
import { WEBHOOK_SECRET_HEADER, webhookRoutes } from '@bb/contracts';
import { bind, onRoute, unauthorized } from '@bb/service-kit';
import { secretMatches } from '../domain/signature';
import type { ChatDeps } from '../deps';

const { reply } = webhookRoutes;

export function mountWebhookReply(app: Express, { conversations, webhookConfig }: ChatDeps): void {
  // The secret is checked before the body is read, so a caller without it learns nothing.
  onRoute(app, reply, async (req: Request, _res: Response, next: NextFunction) => {
    const presented = req.get(WEBHOOK_SECRET_HEADER);
    if (!presented) throw unauthorized('Missing X-Webhook-Secret header');
    const { replySecret } = await webhookConfig.read();
    if (!secretMatches(presented, replySecret)) throw unauthorized('Invalid webhook secret');
    next();
  });

  bind(app, reply, ({ body, requestId }) =>
    conversations.append({ conversationId: body.conversationId, senderType: 'csr', senderName: body.senderName, content: body.content }, requestId),
  );
}
