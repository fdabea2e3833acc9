// Bulk fixtures for tests and benchmarks outside the service: conversations written straight into
// chat's database in its own shape (through the API the set-up would take many minutes on local
// FerretDB, where every update and outbox scan costs time in proportion to the collection).
import type { Connection } from 'mongoose';
import { newConversationId, newMessageId } from '../src/domain/ids';
import { createModels } from '../src/models';

export { createModels, type ChatModels } from '../src/models';

/** `count` conversations, each with one customer message; answers each one's id and last message id. */
export async function seedConversations(conn: Connection, count: number): Promise<{ id: string; lastMessageId: string }[]> {
  const { Conversation } = createModels(conn);
  const now = new Date();
  const docs = Array.from({ length: count }, (_, n) => {
    const message = { id: newMessageId(), senderType: 'customer' as const, senderName: `Bench Visitor ${n}`, content: 'Hello, is anyone there?', offeringType: 'clinic' as const, createdAt: now };
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
