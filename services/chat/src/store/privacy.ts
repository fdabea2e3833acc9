import type { PrivacyCounts, PrivacyRecords } from '@bb/contracts';
import { documentsOfSubject, idsOfSubject, isoOrNull, keptOutbox, monthsBefore, retentionOf, type PrivacySubjectData } from '@bb/service-kit';
import type { ChatModels } from '../models';
import type { ConversationDoc } from '../models/conversation';

export const REDACTED = '[redacted]';
export const ERASED_NAME = 'Erased customer';
const ERASED_EMAIL = 'erased';
const CONVERSATION_FIELDS = { email: 'customerEmail' };
// A message appended while a conversation is erased makes the write miss (messageCount guards it): read and write again.
const ERASE_ATTEMPTS = 5;

/** The subject's conversations and every message in them. */
export async function chatRecordsOf(models: ChatModels, subject: PrivacySubjectData): Promise<PrivacyRecords> {
  const conversations = await documentsOfSubject<ConversationDoc, string>(models.Conversation, subject, CONVERSATION_FIELDS);
  return {
    conversations: conversations.map((c) => ({
      id: c._id,
      customerName: c.customerName,
      customerEmail: c.customerEmail,
      offeringType: c.offeringType,
      createdAt: isoOrNull(c.createdAt),
    })),
    'chat-messages': conversations.flatMap((c) =>
      c.messages.map((m) => ({
        conversationId: c._id,
        id: m.id,
        senderType: m.senderType,
        senderName: m.senderName,
        content: m.content,
        createdAt: isoOrNull(m.createdAt),
      })),
    ),
  };
}

/** Erases conversations, whoever they are about: every message's text, the customer's name and address, events still waiting to leave with them. */
export async function eraseConversations(models: ChatModels, ids: readonly string[]): Promise<number> {
  let erased = 0;
  for (const id of ids) {
    for (let attempt = 0; ; attempt++) {
      const doc = await models.Conversation.findById(id, {
        messageCount: 1,
        messages: 1,
        lastSenderType: 1,
        outbox: 1,
        outboxParked: 1,
      }).lean<ConversationDoc>();
      if (!doc) break;
      const outbox = keptOutbox(doc.outbox);
      const written = await models.Conversation.updateOne(
        { _id: doc._id, messageCount: doc.messageCount },
        {
          $set: {
            customerName: ERASED_NAME,
            customerEmail: ERASED_EMAIL,
            messages: doc.messages.map((m) => ({ ...m, content: REDACTED, senderName: m.senderType === 'customer' ? ERASED_NAME : m.senderName })),
            lastMessagePreview: doc.messageCount > 0 ? REDACTED : '',
            ...(doc.lastSenderType === 'customer' ? { lastSenderName: ERASED_NAME } : {}),
            outbox,
            outboxParked: keptOutbox(doc.outboxParked ?? []),
          },
          ...(outbox.length === 0 ? { $unset: { outboxPending: 1 } } : {}),
        },
      );
      if (written.matchedCount === 1) {
        erased += 1;
        break;
      }
      if (attempt + 1 >= ERASE_ATTEMPTS) throw new Error(`conversation ${String(id)} kept changing while it was erased`);
    }
  }
  return erased;
}

/** Erases the subject's conversations; an erased one no longer matches, so running it again changes nothing. */
export async function eraseFromChat(models: ChatModels, subject: PrivacySubjectData): Promise<PrivacyCounts> {
  return { conversations: await eraseConversations(models, await idsOfSubject<ConversationDoc, string>(models.Conversation, subject, CONVERSATION_FIELDS)) };
}

// One pass erases at most this many conversations; the next pass goes on.
const RETENTION_BATCH = 200;

/** Retention: conversations quiet for longer than `chatMonths` are erased as an erasure erases them. Idempotent. */
export async function expireTranscripts(models: ChatModels, now: Date): Promise<number> {
  const { chatMonths } = await retentionOf(models.RetentionCopy);
  if (chatMonths === null) return 0;
  const quiet = await models.Conversation.find({ updatedAt: { $lt: monthsBefore(now, chatMonths) }, customerEmail: { $ne: ERASED_EMAIL } }, { _id: 1 })
    .limit(RETENTION_BATCH)
    .lean();
  return eraseConversations(
    models,
    quiet.map((doc) => doc._id),
  );
}
