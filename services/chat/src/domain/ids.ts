import { randomBytes, randomUUID } from 'node:crypto';

/**
 * A conversation id is the visitor's only key to their thread (reading it is public), so it
 * carries 128 random bits instead of a guessable ObjectId.
 */
export const newConversationId = (): string => randomBytes(16).toString('base64url');

/** Message ids need no secrecy: the conversation id already guards the thread. */
export const newMessageId = (): string => randomUUID();

/** The webhook-id of every attempt to deliver one message: the bot can drop duplicates by it. */
export const deliveryIdOf = (messageId: string): string => `msg_${messageId}`;
