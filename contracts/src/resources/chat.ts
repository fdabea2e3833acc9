import { z } from 'zod';
import { emailAddressSchema, offeringTypeSchema } from '../common';
import { route } from '../route';
import { FRONT_DESK } from '../roles';

export const SENDER_TYPES = ['customer', 'csr'] as const;
export const senderTypeSchema = z.enum(SENDER_TYPES);
export type SenderType = z.infer<typeof senderTypeSchema>;
export const SUPPORT_SENDER_NAME = 'Support Team';

/** A chat line; with the per-conversation cap it keeps one conversation far below MongoDB's 16 MB document limit. */
export const MAX_MESSAGE_LENGTH = 2000;
/** Messages live inside their conversation's document (see docs/decisions.md); past this a visitor starts a new one. */
export const MAX_MESSAGES_PER_CONVERSATION = 1000;

const nonBlank = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

export const conversationCreateSchema = z.object({
  customerName: nonBlank('customerName', 200),
  customerEmail: z
    .string({ error: 'customerEmail is required' })
    .trim()
    .min(1, { error: 'customerEmail is required' })
    .pipe(emailAddressSchema('customerEmail must be an e-mail address')),
  offeringType: offeringTypeSchema.default('clinic'),
});
export type ConversationCreate = z.input<typeof conversationCreateSchema>;

export const conversationSchema = z.object({
  /** 128 random bits: knowing it is what lets a visitor read the conversation. */
  id: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  offeringType: offeringTypeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** What the console's tabs (All, Unseen, Unanswered) need without loading every thread. */
export const conversationSummarySchema = conversationSchema.extend({
  /** Compared with the count the admin last saw: more means unseen. */
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  /** customer means unanswered. */
  lastSenderType: senderTypeSchema.nullable(),
  lastSenderName: z.string().nullable(),
  lastMessagePreview: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderType: senderTypeSchema,
  senderName: z.string(),
  content: z.string(),
  offeringType: offeringTypeSchema,
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const messageCreateSchema = z.object({
  conversationId: nonBlank('conversationId', 100),
  senderType: senderTypeSchema.default('customer'),
  /** Blank means the conversation's customer name (customer) or 'Support Team' (csr). */
  senderName: z.string().trim().max(200, { error: 'senderName must be at most 200 characters' }).optional(),
  content: nonBlank('content', MAX_MESSAGE_LENGTH),
  /** Defaults to the conversation's offering. */
  offeringType: offeringTypeSchema.optional(),
});
export type MessageCreate = z.input<typeof messageCreateSchema>;

export const conversationParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const messagesQuerySchema = z.object({
  after: z.string().min(1, { error: 'after must be a message id' }).max(100).optional(),
});

const tag = 'Chat';
export const chatRoutes = {
  start: route({
    method: 'post',
    path: '/api/conversations',
    service: 'chat',
    access: 'public',
    tag,
    summary: 'Start a conversation (the id is unguessable; keep it)',
    description: 'Publishes `chat.conversation.started`, which adds the visitor to the subscriber list.',
    body: conversationCreateSchema,
    response: conversationSchema,
    status: 201,
  }),
  list: route({
    method: 'get',
    path: '/api/conversations',
    service: 'chat',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'All conversations, most recently updated first, with counts for the console',
    response: z.array(conversationSummarySchema),
  }),
  messages: route({
    method: 'get',
    path: '/api/conversations/:id/messages',
    service: 'chat',
    access: 'public',
    tag,
    summary: 'Messages of one conversation, oldest first',
    description: '`?after=<message id>` returns only newer messages; send the last ETag in If-None-Match and an unchanged answer is a bodiless 304.',
    params: conversationParamsSchema,
    query: messagesQuerySchema,
    response: z.array(chatMessageSchema),
    cacheable: true,
    errors: { 404: 'No conversation with this id' },
  }),
  post: route({
    method: 'post',
    path: '/api/messages',
    service: 'chat',
    access: 'public',
    roles: FRONT_DESK,
    tag,
    summary: 'Post a message',
    description:
      'senderType customer is public; senderType csr needs a front-desk staff token (the bot uses /api/webhook/reply). Publishes `chat.message.created`; customer messages are delivered to the bot webhook.',
    body: messageCreateSchema,
    response: chatMessageSchema,
    status: 201,
    errors: { 401: 'senderType csr without a valid staff token', 404: 'No conversation with this id', 409: 'The conversation is full; start a new one' },
  }),
} as const;
