import { outboxEvent } from '@bb/service-kit';
import { toMessage, type ConversationDoc, type StoredMessage } from '../models/conversation';

/** chat.conversation.started, stored with the new conversation (the subscribers service captures the visitor). */
export const conversationStarted = (
  c: Pick<ConversationDoc, '_id' | 'customerName' | 'customerEmail' | 'offeringType' | 'createdAt'>,
  correlationId?: string,
) =>
  outboxEvent(
    'chat',
    'chat.conversation.started',
    { conversationId: c._id, customerName: c.customerName, customerEmail: c.customerEmail, offeringType: c.offeringType, createdAt: c.createdAt.toISOString() },
    correlationId,
  );

/** chat.message.created, stored in the same write that appends the message (the webhook worker delivers it). */
export function messageCreated(conversationId: string, m: StoredMessage, correlationId?: string) {
  const { id, ...message } = toMessage(conversationId, m);
  return outboxEvent('chat', 'chat.message.created', { messageId: id, ...message }, correlationId);
}
