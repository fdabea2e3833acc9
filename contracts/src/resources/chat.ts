import { z } from 'zod';
import { offeringTypeSchema } from '../common';
import { route } from '../route';

export const SENDER_TYPES = ['customer', 'csr'] as const;
export const senderTypeSchema = z.enum(SENDER_TYPES);
export const SUPPORT_SENDER_NAME = 'Support Team';

const nonBlank = (field: string, max: number) =>
  z.string({ error: `${field} is required` }).trim().min(1, { error: `${field} is required` }).max(max, { error: `${field} must be at most ${max} characters` });

export const conversationCreateSchema = z.object({
  customerName: nonBlank('customerName', 200),
  customerEmail: nonBlank('customerEmail', 254).refine((v) => v.includes('@'), { error: 'customerEmail must be an e-mail address' }),
  offeringType: offeringTypeSchema.default('clinic'),
});
export type ConversationCreate = z.input<typeof conversationCreateSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  offeringType: offeringTypeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** What the console's tabs need without loading every thread. */
export const conversationSummarySchema = conversationSchema.extend({
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  lastSenderType: senderTypeSchema.nullable(),
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
  senderName: z.string().trim().max(200).optional(),
  content: nonBlank('content', 5000),
  offeringType: offeringTypeSchema.optional(),
});
export type MessageCreate = z.input<typeof messageCreateSchema>;

export const conversationParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const messagesQuerySchema = z.object({ after: z.string().max(100).optional() });

const tag = 'Chat';
export const chatRoutes = [
  route({ method: 'post', path: '/api/conversations', service: 'chat', access: 'public', tag, summary: 'Start a conversation (the id is unguessable; keep it)', body: conversationCreateSchema, response: conversationSchema, status: 201 }),
  route({ method: 'get', path: '/api/conversations', service: 'chat', access: 'admin', tag, summary: 'All conversations with counts for the console', response: z.array(conversationSummarySchema) }),
  route({
    method: 'get', path: '/api/conversations/:id/messages', service: 'chat', access: 'public', tag,
    summary: 'Messages of one conversation, oldest first',
    description: '`?after=<message id>` returns only newer messages; an unchanged answer is 304 with the same ETag.',
    params: conversationParamsSchema, query: messagesQuerySchema, response: z.array(chatMessageSchema), cacheable: true,
  }),
  route({
    method: 'post', path: '/api/messages', service: 'chat', access: 'public', tag,
    summary: 'Post a message',
    description: 'senderType customer is public; senderType csr needs a staff token (the bot uses /api/webhook/reply).',
    body: messageCreateSchema, response: chatMessageSchema, status: 201,
  }),
] as const;
