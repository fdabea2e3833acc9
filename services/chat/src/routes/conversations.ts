import type { Express } from 'express';
import { chatRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { ChatDeps } from '../deps';

const { start, list, messages } = chatRoutes;

export function mountConversations(app: Express, { conversations }: ChatDeps): void {
  bind(app, start, ({ body, requestId }) => conversations.start(body, requestId));

  bind(app, list, () => conversations.list());

  // Polled every 1.5 s by each open widget: "nothing new" is an empty list whose ETag the
  // widget already holds, so the usual answer is a bodiless 304.
  bind(app, messages, ({ params, query }) => conversations.messages(params.id, query.after), { cacheControl: 'private, no-cache' });
}
