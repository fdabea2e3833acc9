// Bulk fixtures for tests and benchmarks outside the service: conversations written straight into
// chat's database in its own shape (through the API the set-up would take many minutes on local
// FerretDB, where every update and outbox scan costs time in proportion to the collection).
import type { Connection } from 'mongoose';
import type { OfferingType } from '@bb/contracts';
import { startHarness, type Harness } from '@bb/service-kit/testing';
import { chatEnvShape, type ChatConfig } from '../src/config';
import { newConversationId, newMessageId } from '../src/domain/ids';
import { createModels } from '../src/models';
import type { ConversationDoc, StoredMessage } from '../src/models/conversation';
import { wire } from '../src/wire';

export { createModels, type ChatModels } from '../src/models';

/** `count` conversations, each with one customer message; answers each one's id and last message id. */
export async function seedConversations(conn: Connection, count: number): Promise<{ id: string; lastMessageId: string }[]> {
  const { Conversation } = createModels(conn);
  const now = new Date();
  const docs = Array.from({ length: count }, (_, n) => {
    const message = {
      id: newMessageId(),
      senderType: 'customer' as const,
      senderName: `Bench Visitor ${n}`,
      content: 'Hello, is anyone there?',
      offeringType: 'clinic' as const,
      createdAt: now,
    };
    return {
      _id: newConversationId(),
      customerName: message.senderName,
      customerEmail: `bench-visitor-${n}@example.com`,
      offeringType: 'clinic' as const,
      createdAt: now,
      updatedAt: now,
      messageCount: 1,
      lastMessageId: message.id,
      lastMessageAt: now,
      lastSenderType: 'customer' as const,
      lastSenderName: message.senderName,
      lastMessagePreview: message.content,
      messages: [message],
    };
  });
  await Conversation.insertMany(docs);
  return docs.map((d) => ({ id: d._id, lastMessageId: d.lastMessageId }));
}

/** A past conversation: who started it, on which side, when, and when each of its messages came. */
export interface HistoricConversation {
  customerName: string;
  customerEmail: string;
  offeringType: OfferingType;
  /** Ascending; the first is the customer's, then staff and customer take turns. */
  messageTimes: Date[];
}

const CUSTOMER_LINES = ['Hello, do you have a slot this Saturday?', 'How long does the session take?', 'Is there parking near the clinic?', 'Thank you!'];
const STAFF_LINES = [
  'Hi! Yes, we have 10:00 and 14:30 free.',
  'About an hour, including the consultation.',
  'Yes, right across the street.',
  'You are welcome, see you soon.',
];

/** Stores past conversations with their messages (as their summary fields say) in chat's own shape; answers their ids. */
export async function seedConversationHistory(conn: Connection, history: HistoricConversation[]): Promise<string[]> {
  const { Conversation } = createModels(conn);
  const docs: ConversationDoc[] = history.map((c) => {
    const messages: StoredMessage[] = c.messageTimes.map((createdAt, i) => {
      const customer = i % 2 === 0;
      const lines = customer ? CUSTOMER_LINES : STAFF_LINES;
      return {
        id: newMessageId(),
        senderType: customer ? 'customer' : 'csr',
        senderName: customer ? c.customerName : 'Front desk',
        content: lines[Math.floor(i / 2) % lines.length],
        offeringType: c.offeringType,
        createdAt,
      };
    });
    const last = messages[messages.length - 1];
    return {
      _id: newConversationId(),
      customerName: c.customerName,
      customerEmail: c.customerEmail,
      offeringType: c.offeringType,
      createdAt: c.messageTimes[0],
      updatedAt: last.createdAt,
      messageCount: messages.length,
      lastMessageId: last.id,
      lastMessageAt: last.createdAt,
      lastSenderType: last.senderType,
      lastSenderName: last.senderName,
      lastMessagePreview: last.content,
      messages,
      outbox: [],
      outboxLockedUntil: null,
      outboxAttempts: 0,
      deletedAt: null,
    };
  });
  for (let i = 0; i < docs.length; i += 500) await Conversation.insertMany(docs.slice(i, i + 500), { lean: true });
  return docs.map((d) => d._id);
}

/** The chat service as main.ts wires it, on the given database, without the broker. */
export function startChatOn(mongoUrl: string): Promise<Harness<ChatConfig>> {
  return startHarness('chat', chatEnvShape, wire, {
    label: 'history',
    mongoUrl,
    connectBus: false,
    env: { WEBHOOK_SECRET_KEY: 'history-test-key-for-sealing-webhook-secrets' },
  });
}
