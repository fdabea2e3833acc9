import type { Express } from 'express';
import { chatRoutes } from '@bb/contracts';
import { bind, unauthorized } from '@bb/service-kit';
import type { ChatDeps } from '../deps';

const { post } = chatRoutes;

export function mountMessages(app: Express, { conversations }: ChatDeps): void {
  bind(app, post, async ({ body, user, requestId }) => {
    // Visitors post as the customer only; answering as support is for staff (or the bot's own endpoint).
    if (body.senderType === 'csr' && !user) throw unauthorized('Replying as support requires a staff sign-in');
    return conversations.append(body, requestId);
  });
}
