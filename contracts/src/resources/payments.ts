import { z } from 'zod';
import { idParamsSchema, sideSchema } from '../common';
import { route } from '../route';
import { FRONT_DESK, MANAGEMENT } from '../roles';
import { calendarDateSchema } from './appointments';
import { DEPOSIT_RELEASE_REASONS, depositPurposeSchema } from './deposits';

/**
 * Deposits and prepayments (issue 31). Booking asks for a payment per appointment by event
 * (`booking.deposit.requested`); the visitor pays through PayMongo's hosted checkout or by a
 * transfer whose receipt staff review; payments says so by event (`payments.payment.paid`…).
 * Amounts are integer centavos, always booking's: no route takes an amount from a client.
 */

/**
 * Where a payment stands. awaiting: nothing paid yet; in_review: a transfer receipt waits for
 * staff; paid; expired: released unpaid (a payment arriving later still counts: booking then
 * confirms or releases it with `slot-lost`); refund_due: a transfer to send back by hand;
 * refunding: a PayMongo refund under way; refunded; kept: paid and kept (a late cancellation).
 * The allowed moves are services/payments/src/domain/payment-state.ts.
 */
export const PAYMENT_STATUSES = ['awaiting', 'in_review', 'paid', 'expired', 'refund_due', 'refunding', 'refunded', 'kept'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES, { error: `status must be one of ${PAYMENT_STATUSES.join(', ')}` });
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** How it was paid: PayMongo's hosted checkout, or a transfer to the clinic's account that staff confirm. */
export const PAYMENT_METHODS = ['paymongo', 'transfer'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: `method must be one of ${PAYMENT_METHODS.join(', ')}` });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The checkout's payment method types we offer (PayMongo's `payment_method_types` names). */
export const PAYMONGO_METHOD_TYPES = ['gcash', 'paymaya', 'qrph', 'card'] as const;
export const paymongoMethodTypeSchema = z.enum(PAYMONGO_METHOD_TYPES, { error: `method type must be one of ${PAYMONGO_METHOD_TYPES.join(', ')}` });
export type PaymongoMethodType = z.infer<typeof paymongoMethodTypeSchema>;

/** The kinds of account a transfer goes to. */
export const TRANSFER_KINDS = ['gcash', 'paymaya', 'bank'] as const;
export const transferKindSchema = z.enum(TRANSFER_KINDS, { error: `kind must be one of ${TRANSFER_KINDS.join(', ')}` });
export type TransferKind = z.infer<typeof transferKindSchema>;

/** What it was paid with: a PayMongo method type, or the kind of account a transfer went to. */
export const PAYMENT_METHOD_TYPES = ['gcash', 'paymaya', 'qrph', 'card', 'bank'] as const;
export const paymentMethodTypeSchema = z.enum(PAYMENT_METHOD_TYPES);
export type PaymentMethodType = z.infer<typeof paymentMethodTypeSchema>;

/** What people call each method type. */
export const METHOD_TYPE_LABELS: Record<PaymentMethodType, string> = { gcash: 'GCash', paymaya: 'Maya', qrph: 'QR Ph', card: 'Card', bank: 'Bank transfer' };

/** Why money went back: booking's release reasons, staff from the console, or a second payment of one request. */
export const REFUND_REASONS = [...DEPOSIT_RELEASE_REASONS, 'by-staff', 'duplicate'] as const;
export const refundReasonSchema = z.enum(REFUND_REASONS);
export type RefundReason = z.infer<typeof refundReasonSchema>;

/** A refund's progress: pending at PayMongo, succeeded there, or due by hand (a transfer) and then sent. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'due', 'sent'] as const;

export const PAYMENT_MESSAGES = {
  notRequested: 'No payment is waiting for this booking. Please use the link from our e-mail, or contact us.',
  paid: 'This booking is already paid.',
  expired: 'The time to pay for this booking has run out. Please book again.',
  inReview: 'Your transfer receipt is waiting for our staff to check it.',
  notAwaiting: 'This payment is not waiting for a payment.',
  paymongoOff: 'Online payment is not offered at the moment. Please pay by transfer, or contact us.',
  transferOff: 'Payment by transfer is not offered at the moment.',
  providerDown: 'The payment provider could not be reached. Please try again in a moment.',
  checkoutBusy: 'Your checkout is being prepared. Please try again in a moment.',
  noReceipt: 'No receipt image received: send a JPG or PNG file in the multipart field "image".',
  notRefundable: 'Only a paid or kept payment can be refunded.',
  notRefundDue: 'Only a refund due by hand can be marked as sent.',
  notInReview: 'No transfer receipt waits for review on this payment.',
} as const;

/** A transfer receipt the visitor sent (a screenshot and the transfer's reference number) and its review. */
export const paymentReceiptSchema = z.object({
  referenceNumber: z.string(),
  /** The kind of account it was sent to. */
  kind: transferKindSchema,
  submittedAt: z.string(),
  /** The staff member who confirmed or rejected it (username); null until reviewed. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Why it was rejected (shown to the visitor); null unless rejected. */
  rejectionReason: z.string().nullable(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

export const paymentRefundSchema = z.object({
  /** Centavos. */
  amount: z.number().int(),
  reason: refundReasonSchema,
  /** A staff username, or `booking` for a refund booking's release caused. */
  by: z.string(),
  at: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** PayMongo's refund id (`ref_…`); null for a transfer's or until PayMongo answered. */
  paymongoRefundId: z.string().nullable(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** One payment of one appointment, as staff see it. */
export const paymentSchema = z.object({
  id: z.string(),
  appointmentId: z.string(),
  offeringType: sideSchema,
  customerName: z.string(),
  customerEmail: z.string(),
  /** What is paid for, as booking described it ("Deposit: Hydrafacial, 12 Dec 10:00"). */
  description: z.string(),
  /** The appointment's start (ISO). */
  startTime: z.string(),
  /** Centavos (₱1 = 100). */
  amount: z.number().int(),
  currency: z.literal('PHP'),
  purpose: depositPurposeSchema,
  /** null until it is paid or a receipt is sent. */
  method: paymentMethodSchema.nullable(),
  methodType: paymentMethodTypeSchema.nullable(),
  status: paymentStatusSchema,
  /** Until when booking holds the slot for it (ISO); moved by a receipt under review. */
  holdExpiresAt: z.string(),
  paymongo: z.object({
    /** Every checkout session made for it, the current one last. */
    checkoutSessionIds: z.array(z.string()),
    /** The payment that paid it (`pay_…`). */
    paymentId: z.string().nullable(),
  }),
  receipt: paymentReceiptSchema.nullable(),
  refunds: z.array(paymentRefundSchema),
  /** Centavos paid back or to pay back. */
  refundedAmount: z.number().int(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A transfer account shown on the pay page. */
export const transferAccountSchema = z.object({
  kind: transferKindSchema,
  /** The bank's name, for a bank account; blank for GCash and Maya. */
  bankName: z.string().trim().max(100, { error: 'bankName must be at most 100 characters' }).default(''),
  accountName: z.string({ error: 'accountName is required' }).trim().min(1, { error: 'accountName is required' }).max(100),
  accountNumber: z
    .string({ error: 'accountNumber is required' })
    .trim()
    .min(1, { error: 'accountNumber is required' })
    .max(40, { error: 'accountNumber must be at most 40 characters' }),
});
export type TransferAccount = z.infer<typeof transferAccountSchema>;

export const DEFAULT_REVIEW_HOLD_MINUTES = 120;

export const paymentSettingsSchema = z.object({
  /** Where a transfer may go; none: transfers are not offered. */
  transferAccounts: z.array(transferAccountSchema).max(10, { error: 'at most 10 transfer accounts' }),
  /** How long booking holds the slot after a receipt is sent, for staff to review it. */
  reviewHoldMinutes: z
    .number({ error: 'reviewHoldMinutes must be a number of minutes' })
    .int({ error: 'reviewHoldMinutes must be a whole number of minutes' })
    .min(15, { error: 'reviewHoldMinutes must be at least 15 minutes' })
    .max(7 * 24 * 60, { error: 'reviewHoldMinutes must be at most 7 days' }),
  /** The PayMongo methods the checkout offers; none: online payment is not offered. */
  paymongoMethods: z
    .array(paymongoMethodTypeSchema)
    .max(PAYMONGO_METHOD_TYPES.length)
    .transform((types) => [...new Set(types)]),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** What the visitor's pay page shows (through the manage link's token): no e-mail, no ids of PayMongo. */
export const paymentLinkViewSchema = z.object({
  amount: z.number().int(),
  currency: z.literal('PHP'),
  purpose: depositPurposeSchema,
  description: z.string(),
  offeringType: sideSchema,
  startTime: z.string(),
  status: paymentStatusSchema,
  holdExpiresAt: z.string(),
  /** What the visitor may use now (empty lists once it is no longer awaiting). */
  methods: z.object({ paymongo: z.array(paymongoMethodTypeSchema), transfer: z.boolean() }),
  transferAccounts: z.array(transferAccountSchema),
  /** The receipt sent, if any, with its review (a rejection says why). */
  receipt: paymentReceiptSchema.pick({ referenceNumber: true, kind: true, submittedAt: true, rejectionReason: true }).nullable(),
  paidAt: z.string().nullable(),
  refundedAmount: z.number().int(),
});
export type PaymentLinkView = z.infer<typeof paymentLinkViewSchema>;

export const checkoutResponseSchema = z.object({ checkoutUrl: z.string() });

/** The fields of the receipt form (multipart, beside the image). */
export const receiptFieldsSchema = z.object({
  referenceNumber: z
    .string({ error: 'Please enter the reference number of your transfer.' })
    .trim()
    .min(4, { error: 'Please enter the reference number of your transfer.' })
    .max(64, { error: 'The reference number must be at most 64 characters.' })
    .regex(/^[A-Za-z0-9 -]+$/, { error: 'The reference number may hold only letters, digits, spaces and dashes.' }),
  kind: transferKindSchema,
});

export const transferRejectionSchema = z.object({
  reason: z
    .string({ error: 'Please say why the receipt is rejected (the visitor sees it).' })
    .trim()
    .min(1, { error: 'Please say why the receipt is rejected (the visitor sees it).' })
    .max(500, { error: 'reason must be at most 500 characters' }),
});

/** A staff refund: all that is left; the note goes to the audit trail. */
export const staffRefundSchema = z.object({ note: z.string().trim().max(500, { error: 'note must be at most 500 characters' }).optional() });

export const paymentListQuerySchema = z.object({
  status: paymentStatusSchema.optional(),
  method: paymentMethodSchema.optional(),
  offering: sideSchema.optional(),
  /** Manila dates of the request (createdAt), inclusive. */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  /** Part of the name, the e-mail, or a reference (receipt reference, PayMongo payment id), any case. */
  search: z.string().trim().min(1).max(100, { error: 'search must be at most 100 characters' }).optional(),
  /** Payments older than this one (the previous page's `nextBefore`). */
  before: z
    .string()
    .regex(/^[0-9a-f]{24}$/, { error: 'before must be a payment id from the previous page' })
    .optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

export const paymentPageSchema = z.object({ payments: z.array(paymentSchema), nextBefore: z.string().optional() });
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** The header PayMongo signs its webhook deliveries with: `t=<unix seconds>,te=<hex>,li=<hex>`. */
export const PAYMONGO_SIGNATURE_HEADER = 'paymongo-signature';

/**
 * The pay page's address carries the appointment's manage-link token (service-kit's
 * `manageLinkToken`): the same 32 base64url characters as `/api/manage/:token`.
 */
export const paymentLinkParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: 'This payment link is not valid. Please use the link from our e-mail.' }),
});

const tag = 'Payments';
const linkParams = paymentLinkParamsSchema;
export const paymentRoutes = {
  // The visitor's, by the manage link's token: first, so /by-link/… is never read as an id.
  byLink: route({
    method: 'get',
    path: '/api/payments/by-link/:token',
    service: 'payments',
    access: 'public',
    tag,
    summary: 'The payment a booking waits for: amount, status, hold, methods and transfer accounts',
    description: '404 until booking asked for a payment for this appointment (or for a token that is not ours).',
    params: linkParams,
    response: paymentLinkViewSchema,
  }),
  checkout: route({
    method: 'post',
    path: '/api/payments/by-link/:token/checkout',
    service: 'payments',
    access: 'public',
    tag,
    summary: "Start paying through PayMongo's hosted checkout",
    description:
      'Answers the checkout URL to send the visitor to. One checkout session per payment: asking again answers the one still active, never a second that could also be paid. The body is ignored.',
    params: linkParams,
    response: checkoutResponseSchema,
    errors: { 409: 'Already paid, run out of time, or a receipt waits for review', 503: 'PayMongo could not be reached' },
  }),
  receipt: route({
    method: 'post',
    path: '/api/payments/by-link/:token/receipt',
    service: 'payments',
    access: 'public',
    tag,
    summary: 'Send the receipt of a transfer (multipart: `image` a JPG or PNG up to 5 MB, `referenceNumber`, `kind`)',
    description: 'The slot is held longer while staff review it (`reviewHoldMinutes`). 413 above 5 MB, 415 when not a JPG or PNG.',
    params: linkParams,
    body: 'multipart-image',
    response: paymentLinkViewSchema,
    status: 201,
    errors: { 409: 'Not waiting for a payment (paid, run out of time, or a receipt already waits)', 415: 'Not a JPG or PNG image' },
  }),
  webhook: route({
    method: 'post',
    path: '/api/payments/webhooks/paymongo',
    service: 'payments',
    access: 'signed',
    tag,
    summary: "PayMongo's webhook: payment and refund events",
    description:
      'Verified by the `Paymongo-Signature` header (HMAC-SHA256 of `<t>.<raw body>` with the webhook secret; `te` in test mode, `li` in live mode; `t` at most 5 minutes old). Idempotent per event id; the state is read again from PayMongo, so order does not matter.',
    response: z.object({ received: z.literal(true) }),
    errors: { 401: 'Missing, malformed, stale or wrong signature', 503: 'PayMongo could not be asked: the event is retried' },
  }),
  // Staff.
  list: route({
    method: 'get',
    path: '/api/payments',
    service: 'payments',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Payments, newest first, filtered and paged',
    query: paymentListQuerySchema,
    response: paymentPageSchema,
  }),
  read: route({
    method: 'get',
    path: '/api/payments/:id',
    service: 'payments',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'One payment',
    params: idParamsSchema,
    response: paymentSchema,
  }),
  receiptImage: route({
    method: 'get',
    path: '/api/payments/:id/receipt',
    service: 'payments',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: "A payment's transfer receipt image",
    params: idParamsSchema,
    response: 'binary',
  }),
  confirmTransfer: route({
    method: 'post',
    path: '/api/payments/:id/transfer-confirmation',
    service: 'payments',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Confirm a transfer receipt: the payment is paid',
    params: idParamsSchema,
    response: paymentSchema,
    errors: { 409: PAYMENT_MESSAGES.notInReview },
  }),
  rejectTransfer: route({
    method: 'post',
    path: '/api/payments/:id/transfer-rejection',
    service: 'payments',
    access: 'admin',
    roles: FRONT_DESK,
    tag,
    summary: 'Reject a transfer receipt, saying why: the visitor may pay again',
    params: idParamsSchema,
    body: transferRejectionSchema,
    response: paymentSchema,
    errors: { 409: PAYMENT_MESSAGES.notInReview },
  }),
  refund: route({
    method: 'post',
    path: '/api/payments/:id/refunds',
    service: 'payments',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Refund what is left of a paid or kept payment (through PayMongo, or due by hand for a transfer)',
    params: idParamsSchema,
    body: staffRefundSchema,
    response: paymentSchema,
    status: 201,
    errors: { 409: PAYMENT_MESSAGES.notRefundable, 503: 'PayMongo could not be reached: the refund is retried' },
  }),
  refundSent: route({
    method: 'post',
    path: '/api/payments/:id/refund-sent',
    service: 'payments',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Record that a transfer refund was sent back by hand',
    params: idParamsSchema,
    response: paymentSchema,
    errors: { 409: PAYMENT_MESSAGES.notRefundDue },
  }),
  settings: route({
    method: 'get',
    path: '/api/payment-settings',
    service: 'payments',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Transfer accounts, the review hold and the PayMongo methods offered',
    response: paymentSettingsSchema,
  }),
  saveSettings: route({
    method: 'put',
    path: '/api/payment-settings',
    service: 'payments',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Change the transfer accounts, the review hold and the PayMongo methods offered',
    body: paymentSettingsSchema,
    response: paymentSettingsSchema,
  }),
} as const;
