import type { WebhookPayload } from '@bb/contracts';

export interface DeliverableMessage {
  messageId: string;
  conversationId: string;
  content: string;
  senderType: string;
  senderName: string;
  createdAt: string;
}

/** The documented body for one customer message. */
export const messagePayload = (m: DeliverableMessage, secret: string): WebhookPayload => ({
  type: 'message',
  conversationId: m.conversationId,
  message: { id: m.messageId, content: m.content, senderType: m.senderType, senderName: m.senderName, timestamp: m.createdAt },
  secret,
});

/**
 * What the Test Webhook button sends: the same shape, type 'test', so a bot can answer 2xx
 * without replying to a conversation that does not exist.
 */
export const testPayload = (secret: string, now: Date): WebhookPayload => ({
  type: 'test',
  conversationId: 'test',
  message: {
    id: 'test',
    content: 'Test message from the chat webhook settings.',
    senderType: 'customer',
    senderName: 'Webhook Test',
    timestamp: now.toISOString(),
  },
  secret,
});
