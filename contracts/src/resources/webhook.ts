import { z } from 'zod';
import { route } from '../route';

export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';
export const WEBHOOK_TEST_STATUSES = ['pending', 'success', 'failed'] as const;

export const webhookConfigSchema = z.object({
  webhookUrl: z.string(),
  webhookSecret: z.string(),
  replySecret: z.string(),
  testStatus: z.enum(WEBHOOK_TEST_STATUSES),
  lastTestAt: z.string().nullable(),
});
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

export const webhookConfigUpdateSchema = z.object({
  webhookUrl: z
    .string({ error: 'Please enter a webhook URL.' })
    .trim()
    .min(1, { error: 'Please enter a webhook URL.' })
    .max(2000)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, { error: 'webhookUrl must be an http or https URL' }),
});

export const webhookTestResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const webhookReplySchema = z.object({
  conversationId: z.string({ error: 'conversationId is required' }).trim().min(1, { error: 'conversationId is required' }).max(100),
  content: z.string({ error: 'content is required' }).trim().min(1, { error: 'content is required' }).max(5000),
  senderName: z.string().trim().max(200).optional(),
});
export type WebhookReply = z.infer<typeof webhookReplySchema>;

/** The body POSTed to the bot for every customer message. */
export const webhookPayloadSchema = z.object({
  type: z.literal('message'),
  conversationId: z.string(),
  message: z.object({ id: z.string(), content: z.string(), senderType: z.string(), senderName: z.string(), timestamp: z.string() }),
  secret: z.string(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  messageId: z.string(),
  conversationId: z.string(),
  url: z.string(),
  attempt: z.number().int(),
  outcome: z.enum(['success', 'retrying', 'failed']),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const tag = 'Bot webhook';
export const webhookRoutes = [
  route({ method: 'get', path: '/api/webhook-config', service: 'chat', access: 'admin', tag, summary: 'Webhook URL, secrets and last test', response: webhookConfigSchema }),
  route({ method: 'post', path: '/api/webhook-config', service: 'chat', access: 'admin', tag, summary: 'Save the webhook URL', body: webhookConfigUpdateSchema, response: webhookConfigSchema }),
  route({ method: 'post', path: '/api/webhook-config/test', service: 'chat', access: 'admin', tag, summary: 'Send a test payload now', response: webhookTestResultSchema }),
  route({ method: 'get', path: '/api/webhook-deliveries', service: 'chat', access: 'admin', tag, summary: 'Delivery attempts, newest first', response: z.array(webhookDeliverySchema) }),
  route({
    method: 'post', path: '/api/webhook/reply', service: 'chat', access: 'webhook', tag,
    summary: 'The bot answers a conversation',
    description: 'Header `X-Webhook-Secret` must equal the reply secret.',
    body: webhookReplySchema, response: z.object({ id: z.string() }).passthrough(), status: 201,
  }),
] as const;
