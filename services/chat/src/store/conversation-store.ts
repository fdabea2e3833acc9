import {
  MAX_MESSAGES_PER_CONVERSATION,
  type ChatMessage,
  type Conversation,
  type ConversationCreate,
  type ConversationSummary,
  type OfferingType,
  type SenderType,
} from '@bb/contracts';
import { AppError, conflict, invalid, notFound, type Logger, type OutboxRelay } from '@bb/service-kit';
import { messagesAfter, previewOf, senderNameFor } from '../domain/conversation';
import type { Head, HeadCache } from './head-cache';
import { newConversationId, newMessageId } from '../domain/ids';
import { conversationStarted, messageCreated } from '../events/chat-events';
import { toConversation, toMessage, toSummary, type StoredMessage, type Summary } from '../models/conversation';
import type { ChatModels } from '../models';

export interface NewMessage {
  conversationId: string;
  senderType: SenderType;
  senderName?: string;
  content: string;
  offeringType?: OfferingType;
}

const NOT_FOUND = 'Conversation not found';
/** Background re-reads of stale heads at once; beyond it a stale head waits for a later poll. */
const MAX_REFRESHES = 8;
const SUMMARY_FIELDS = { messages: 0, outbox: 0, outboxLockedUntil: 0, deletedAt: 0 } as const;
const HEAD_FIELDS = { messageCount: 1, lastMessageId: 1 } as const;

/**
 * Conversations and their messages, each change one atomic write carrying its event, handed
 * to the outbox relay at once.
 */
export class ConversationStore {
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly models: ChatModels,
    private readonly heads: HeadCache,
    private readonly relay: OutboxRelay,
    private readonly logger: Logger,
  ) {}

  async start(input: Required<ConversationCreate>, correlationId?: string): Promise<Conversation> {
    const now = new Date();
    const fields = {
      _id: newConversationId(),
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      offeringType: input.offeringType,
      createdAt: now,
      updatedAt: now,
    };
    await this.models.Conversation.create({ ...fields, outbox: [conversationStarted(fields, correlationId)] });
    this.relay.publishDocument(this.models.Conversation, fields._id);
    this.heads.record(fields._id, { messageCount: 0, lastMessageId: null });
    return toConversation(fields);
  }

  async append(input: NewMessage, correlationId?: string): Promise<ChatMessage> {
    const { Conversation } = this.models;
    const conversation = await Conversation.findById(input.conversationId, { customerName: 1, offeringType: 1 }).lean();
    if (!conversation) throw notFound(NOT_FOUND);
    const message: StoredMessage = {
      id: newMessageId(),
      senderType: input.senderType,
      senderName: senderNameFor(input.senderType, input.senderName, conversation.customerName),
      content: input.content,
      offeringType: input.offeringType ?? conversation.offeringType,
      createdAt: new Date(),
    };
    const written = await Conversation.updateOne(
      { _id: input.conversationId, messageCount: { $lt: MAX_MESSAGES_PER_CONVERSATION } },
      {
        $push: { messages: message, outbox: messageCreated(input.conversationId, message, correlationId) },
        $inc: { messageCount: 1 },
        // $max: two writes racing must not move the list's "updated" time backwards.
        $max: { updatedAt: message.createdAt },
        $set: {
          lastMessageId: message.id,
          lastMessageAt: message.createdAt,
          lastSenderType: message.senderType,
          lastSenderName: message.senderName,
          lastMessagePreview: previewOf(message.content),
        },
      },
    );
    if (written.matchedCount === 0) throw conflict('This conversation is full. Please start a new conversation.');
    this.relay.publishDocument(Conversation, input.conversationId);
    // The head as it is now, at least as new as this write (FerretDB's findAndModify takes no
    // projection, and returning the whole thread on every message would cost more than this read).
    await this.readHead(input.conversationId);
    return toMessage(input.conversationId, message);
  }

  /**
   * Messages after `after` (all without it). A poll that already holds the latest message is
   * answered from the head cache, without reading the database; a stale head is still the
   * answer and is read again in the background, so a slow database never delays the poll. Any
   * other poll reads the head and the thread in one read.
   */
  async messages(conversationId: string, after: string | undefined): Promise<ChatMessage[]> {
    const cached = this.heads.get(conversationId);
    if (cached?.stale) this.refresh(conversationId);
    if (cached && after === (cached.head.lastMessageId ?? undefined)) return [];
    const doc = await this.models.Conversation.findById(conversationId, { ...HEAD_FIELDS, messages: 1 }).lean();
    if (!doc) throw notFound(NOT_FOUND);
    this.heads.record(conversationId, { messageCount: doc.messageCount, lastMessageId: doc.lastMessageId });
    const newer = messagesAfter(doc.messages, after);
    if (!newer) throw invalid('after must be the id of a message in this conversation');
    return newer.map((m) => toMessage(conversationId, m));
  }

  private refresh(conversationId: string): void {
    if (this.refreshing.has(conversationId) || this.refreshing.size >= MAX_REFRESHES) return;
    this.refreshing.add(conversationId);
    this.readHead(conversationId)
      .catch((err: unknown) => {
        if (err instanceof AppError && err.kind === 'not_found') this.heads.forget(conversationId);
        else this.logger.warn({ err: (err as Error).message, conversationId }, 'could not re-read a conversation head');
      })
      .finally(() => this.refreshing.delete(conversationId));
  }

  private async readHead(conversationId: string): Promise<Head> {
    const doc = await this.models.Conversation.findById(conversationId, HEAD_FIELDS).lean<Head>();
    if (!doc) throw notFound(NOT_FOUND);
    return this.heads.record(conversationId, { messageCount: doc.messageCount, lastMessageId: doc.lastMessageId });
  }

  async list(): Promise<ConversationSummary[]> {
    const docs = await this.models.Conversation.find({}, SUMMARY_FIELDS).sort({ updatedAt: -1 }).lean<Summary[]>();
    return docs.map(toSummary);
  }
}
