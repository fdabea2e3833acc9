import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, SENDER_TYPES, type ChatMessage, type Conversation, type ConversationSummary, type OfferingType, type SenderType } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

export interface StoredMessage {
  id: string;
  senderType: SenderType;
  senderName: string;
  content: string;
  offeringType: OfferingType;
  createdAt: Date;
}

/**
 * A conversation holds its messages: appending one, bumping the count and summary, and storing
 * its chat.message.created event is a single atomic document write, and the array's order is
 * the order writes happened in, so `?after=` can never skip a message written concurrently.
 * The summary fields let the console's list and the visitor's poll skip the array.
 */
export interface ConversationDoc extends WithOutbox {
  _id: string;
  customerName: string;
  customerEmail: string;
  offeringType: OfferingType;
  createdAt: Date;
  updatedAt: Date;
  messageCount: number;
  lastMessageId: string | null;
  lastMessageAt: Date | null;
  lastSenderType: SenderType | null;
  lastSenderName: string | null;
  lastMessagePreview: string;
  messages: StoredMessage[];
}

const messageSchema = new Schema<StoredMessage>(
  {
    id: { type: String, required: true },
    senderType: { type: String, enum: SENDER_TYPES, required: true },
    senderName: { type: String, required: true },
    content: { type: String, required: true },
    offeringType: { type: String, enum: OFFERINGS, required: true },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

// No mongoose timestamps: the outbox relay's own updates must not count as activity.
const conversationSchema = new Schema<ConversationDoc>(
  {
    _id: String,
    customerName: { type: String, required: true },
    customerEmail: { type: String, required: true },
    offeringType: { type: String, enum: OFFERINGS, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true, index: -1 },
    messageCount: { type: Number, default: 0 },
    lastMessageId: { type: String, default: null },
    lastMessageAt: { type: Date, default: null },
    lastSenderType: { type: String, enum: [...SENDER_TYPES, null], default: null },
    lastSenderName: { type: String, default: null },
    lastMessagePreview: { type: String, default: '' },
    messages: { type: [messageSchema], default: [] },
    ...outboxFields,
  },
  { versionKey: false },
);

conversationSchema.plugin(outboxPendingFlag);

export const conversationModel = (conn: Connection) => conn.model<ConversationDoc>('Conversation', conversationSchema, 'conversations');

/** A stored message as the API answers it. */
export const toMessage = (conversationId: string, m: StoredMessage): ChatMessage => ({
  id: m.id,
  conversationId,
  senderType: m.senderType,
  senderName: m.senderName,
  content: m.content,
  offeringType: m.offeringType,
  createdAt: m.createdAt.toISOString(),
});

/** A conversation as its list reads it: everything but its messages. */
export type Summary = Omit<ConversationDoc, 'messages' | 'outbox'>;
export const toConversation = (
  c: Pick<ConversationDoc, '_id' | 'customerName' | 'customerEmail' | 'offeringType' | 'createdAt' | 'updatedAt'>,
): Conversation => ({
  id: c._id,
  customerName: c.customerName,
  customerEmail: c.customerEmail,
  offeringType: c.offeringType,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
export const toSummary = (c: Summary): ConversationSummary => ({
  ...toConversation(c),
  messageCount: c.messageCount,
  lastMessageAt: c.lastMessageAt ? c.lastMessageAt.toISOString() : null,
  lastSenderType: c.lastSenderType,
  lastSenderName: c.lastSenderName,
  lastMessagePreview: c.lastMessagePreview,
});
