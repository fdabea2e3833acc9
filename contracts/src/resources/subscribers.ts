import { z } from 'zod';
import { idParamsSchema, messageSchema, offeringTypeSchema } from '../common';
import { route } from '../route';

export const SUBSCRIBER_SOURCES = ['booking', 'chat', 'newsletter'] as const;
export const subscriberSourceSchema = z.enum(SUBSCRIBER_SOURCES);

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  source: subscriberSourceSchema,
  offeringType: offeringTypeSchema,
  subscribed: z.boolean(),
  consentMarketing: z.boolean(),
  createdAt: z.string(),
  lastInteraction: z.string(),
  tags: z.array(z.string()),
  notes: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscribeRequestSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254)
    .refine((v) => v.length > 0 && v.includes('@'), { error: 'Please enter a valid email address.' }),
  source: subscriberSourceSchema.default('newsletter'),
  offeringType: offeringTypeSchema.default('both'),
  consentMarketing: z.boolean().default(true),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string({ error: 'token is required' }).min(1).max(500) });

export const SUBSCRIBER_CSV_COLUMNS = [
  'Email', 'Full Name', 'Phone', 'Source', 'Offering', 'Subscribed', 'Consent Marketing', 'Created At', 'Last Interaction', 'Tags', 'Notes',
] as const;

const tag = 'Subscribers';
export const subscriberRoutes = [
  route({ method: 'post', path: '/api/email-subscribers', service: 'subscribers', access: 'public', tag, summary: 'Subscribe to the newsletter (an existing address is a success)', body: subscribeRequestSchema, response: subscriberSchema, status: 201 }),
  route({ method: 'get', path: '/api/email-subscribers', service: 'subscribers', access: 'admin', tag, summary: 'All subscribers, newest first', response: z.array(subscriberSchema) }),
  route({ method: 'delete', path: '/api/email-subscribers/:id', service: 'subscribers', access: 'admin', tag, summary: 'Delete a subscriber', params: idParamsSchema, response: messageSchema }),
  route({ method: 'get', path: '/api/email-subscribers/unsubscribe', service: 'subscribers', access: 'public', tag, summary: 'Unsubscribe with the signed token from an e-mail link', query: unsubscribeQuerySchema, response: messageSchema }),
] as const;
