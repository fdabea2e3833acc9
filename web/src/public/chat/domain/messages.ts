import type { ChatMessage, chatRoutes } from '@bb/contracts';
import { pathUrl, type RoutePath } from '../../../shared/api/routes';

// The chat widget is on every public page's first load: its paths are checked against the
// contract by type only (see RoutePath), so no route schemas load with it.
const MESSAGES: RoutePath<typeof chatRoutes.messages> = '/api/conversations/:id/messages';
export const START_CONVERSATION: RoutePath<typeof chatRoutes.start> = '/api/conversations';
export const POST_MESSAGE: RoutePath<typeof chatRoutes.post> = '/api/messages';

/** GET the conversation's messages, only those after `after` when a cursor is known. */
export const messagesUrl = (conversationId: string, after?: string): string => pathUrl(MESSAGES, { id: conversationId }, { after });

/**
 * Adds messages not seen yet, oldest first. A message the visitor sent is shown at once and
 * comes back in a later poll: it is kept once.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return current as ChatMessage[];
  return [...current, ...fresh].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Replies from the business (any sender that is not the customer) that arrived after the
 * first `seenCount` messages, i.e. since the chat was last open.
 */
export function countUnread(messages: readonly ChatMessage[], seenCount: number): number {
  return messages.slice(seenCount).filter((m) => m.senderType !== 'customer').length;
}
