import { z } from 'zod';
import { emailAddressSchema, idParamsSchema, messageSchema, offeringTypeSchema } from '../common';
import { route } from '../route';
import { FRONT_DESK, MANAGEMENT } from '../roles';

export const SUBSCRIBER_SOURCES = ['booking', 'chat', 'newsletter'] as const;
export const subscriberSourceSchema = z.enum(SUBSCRIBER_SOURCES);
export type SubscriberSource = z.infer<typeof subscriberSourceSchema>;

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  /** How the address first reached the list; later channels add tags instead. */
  source: subscriberSourceSchema,
  /** clinic and studio both seen make 'both'. */
  offeringType: offeringTypeSchema,
  subscribed: z.boolean(),
  consentMarketing: z.boolean(),
  createdAt: z.string(),
  lastInteraction: z.string(),
  /** Every channel the person used: booking, chat, newsletter. */
  tags: z.array(z.string()),
  notes: z.string(),
  /** The signed link to put in e-mails to this person. */
  unsubscribeUrl: z.string(),
  /** A newsletter sign-up made while double opt-in is on, whose mailed link is not followed yet. */
  pendingConfirmation: z.boolean(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const SUBSCRIBE_MESSAGES = {
  email: 'Please enter a valid email address.',
  subscribed: "You've been subscribed to our newsletter.",
} as const;

export const subscribeRequestSchema = z.object({
  email: emailAddressSchema(SUBSCRIBE_MESSAGES.email),
  /** The form is the newsletter; booking and chat contacts arrive as events. */
  source: z.enum(['newsletter'], { error: "source must be 'newsletter'" }).default('newsletter'),
  offeringType: offeringTypeSchema.default('both'),
  consentMarketing: z.boolean({ error: 'consentMarketing must be true or false' }).default(true),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'This unsubscribe link is incomplete.' }).min(1, { error: 'This unsubscribe link is incomplete.' }).max(500),
});

export const confirmQuerySchema = z.object({
  token: z.string({ error: 'This confirmation link is incomplete.' }).regex(/^[A-Za-z0-9_-]{32}$/, { error: 'This confirmation link is not valid.' }),
});

/** Newsletter settings; double opt-in is off by default, as the spec records consent at sign-up. */
export const subscriberSettingsSchema = z.object({ doubleOptIn: z.boolean() });
export type SubscriberSettings = z.infer<typeof subscriberSettingsSchema>;
export const subscriberSettingsUpdateSchema = z.object({ doubleOptIn: z.boolean({ error: 'doubleOptIn must be true or false' }) });

export const SUBSCRIBER_CSV_COLUMNS = [
  'Email',
  'Full Name',
  'Phone',
  'Source',
  'Offering',
  'Subscribed',
  'Consent Marketing',
  'Created At',
  'Last Interaction',
  'Tags',
  'Notes',
] as const;

const tag = 'Subscribers';
export const subscriberRoutes = {
  subscribe: route({
    method: 'post',
    path: '/api/email-subscribers',
    service: 'subscribers',
    access: 'public',
    tag,
    summary: 'Subscribe to the newsletter',
    description:
      'An address already on the list is a success too (and is subscribed again): the answer is the same 201 either way, so it never tells whether an address was known.',
    body: subscribeRequestSchema,
    response: messageSchema,
    status: 201,
  }),
  list: route({
    method: 'get',
    path: '/api/email-subscribers',
    service: 'subscribers',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'All subscribers, newest first',
    response: z.array(subscriberSchema),
  }),
  remove: route({
    method: 'delete',
    path: '/api/email-subscribers/:id',
    service: 'subscribers',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Delete a subscriber',
    params: idParamsSchema,
    response: messageSchema,
  }),
  // The links in e-mails: a GET (or HEAD) only shows a page whose button POSTs, because mail
  // scanners and link prefetchers follow links; the POST makes the change.
  unsubscribePage: route({
    method: 'get',
    path: '/api/email-subscribers/unsubscribe',
    service: 'subscribers',
    access: 'public',
    tag,
    summary: 'The page of an unsubscribe link: asks to confirm, changes nothing',
    description: 'Answers a small HTML page with an Unsubscribe button (a form that POSTs to the same address) to a browser, JSON otherwise.',
    query: unsubscribeQuerySchema,
    response: messageSchema,
    errors: { 400: 'The token is missing or not signed by us' },
  }),
  unsubscribe: route({
    method: 'post',
    path: '/api/email-subscribers/unsubscribe',
    service: 'subscribers',
    access: 'public',
    tag,
    summary: 'Unsubscribe with the signed token from an e-mail link',
    description:
      'The token is in the query, as in the link. The body is ignored: none, JSON, or `List-Unsubscribe=One-Click` form-encoded (RFC 8058 one-click, sent by mail clients for the List-Unsubscribe header). ' +
      'Answers a small HTML page to a browser, JSON otherwise. Unsubscribing twice is a success both times.',
    query: unsubscribeQuerySchema,
    response: messageSchema,
    errors: { 400: 'The token is missing or not signed by us' },
  }),
  confirmPage: route({
    method: 'get',
    path: '/api/email-subscribers/confirm',
    service: 'subscribers',
    access: 'public',
    tag,
    summary: 'The page of a confirmation link (double opt-in): asks to confirm, changes nothing',
    description: 'Answers a small HTML page with a Confirm button (a form that POSTs to the same address) to a browser, JSON otherwise.',
    query: confirmQuerySchema,
    response: messageSchema,
    errors: { 400: 'The token is malformed', 404: 'No sign-up waits for this token (never issued, or the address unsubscribed since)' },
  }),
  confirm: route({
    method: 'post',
    path: '/api/email-subscribers/confirm',
    service: 'subscribers',
    access: 'public',
    tag,
    summary: 'Confirm a newsletter sign-up with the token from its confirmation mail (double opt-in)',
    description:
      'The token is in the query, as in the link; the body is ignored. Answers a small HTML page to a browser, JSON otherwise. Confirming twice is a success both times.',
    query: confirmQuerySchema,
    response: messageSchema,
    errors: { 400: 'The token is malformed', 404: 'No sign-up waits for this token (never issued, or the address unsubscribed since)' },
  }),
  settings: route({
    method: 'get',
    path: '/api/subscriber-settings',
    service: 'subscribers',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Newsletter settings (double opt-in)',
    response: subscriberSettingsSchema,
  }),
  saveSettings: route({
    method: 'put',
    path: '/api/subscriber-settings',
    service: 'subscribers',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Turn newsletter double opt-in on or off',
    body: subscriberSettingsUpdateSchema,
    response: subscriberSettingsSchema,
  }),
} as const;
