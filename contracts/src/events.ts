import { z } from 'zod';
import { offeringTypeSchema, sideSchema } from './common';
import { appointmentStatusSchema } from './resources/appointments';
import { auditRecordSchema } from './resources/audit';
import { depositPurposeSchema, depositRefundSchema, depositReleaseReasonSchema } from './resources/deposits';
import { staffRoleSchema } from './roles';
import { chatMessageSchema } from './resources/chat';
import { paymentMethodSchema, paymentMethodTypeSchema, refundReasonSchema, transferKindSchema } from './resources/payments';
import { privacyCountsSchema, privacyRecordsSchema, privacyServiceSchema, retentionSchema } from './resources/privacy';

export const changedBySchema = z.enum(['customer', 'staff']);
/** Who moved or cancelled an appointment. */
export type ChangedBy = z.infer<typeof changedBySchema>;

/**
 * What every appointment lifecycle event carries: enough for a mail, a calendar entry and a
 * reminder, without asking booking. `revision` counts the appointment's changes (0 when
 * booked): a consumer ignores an event older than what it holds, and it is the iCalendar
 * SEQUENCE.
 */
export const appointmentFacts = z.object({
  appointmentId: z.string(),
  revision: z.number().int().min(0),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  contact: z.string(),
  offeringType: sideSchema,
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Manila date and time (yyyy-MM-dd, HH:mm). */
  preferredDate: z.string(),
  preferredTime: z.string(),
  /** ISO instants of the booked interval. */
  startTime: z.string(),
  endTime: z.string(),
  status: appointmentStatusSchema,
  /** Who takes it, when its items need a practitioner (their staff id and name, for mails and calendars). */
  practitioner: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type AppointmentFacts = z.infer<typeof appointmentFacts>;

/**
 * Where the appointment's practitioner gets their staff alerts, as booking had it when the event
 * was made; absent without a practitioner or an address. Only the lifecycle events carry it,
 * beside the facts: it is staff's, never part of an appointment answer or the manage view.
 */
const practitionerAlertFields = { practitionerAlertEmail: z.string().optional() };

/** The catalog's public lists, each cached by every catalog replica. */
export const CATALOG_LISTS = ['treatments', 'results', 'news', 'staff', 'packages', 'portfolio'] as const;
export type CatalogList = (typeof CATALOG_LISTS)[number];

/** Whom an access or erasure request is about, as staff typed it (services compare with `isPrivacySubject`). */
const privacySubjectEvent = z.object({ requestId: z.string(), email: z.string().optional(), phone: z.string().optional() });

/**
 * What every payments.* event carries besides its own fields: whose payment it is, enough for
 * a mail (notifications) without asking payments, and the appointment booking acts on.
 */
const paymentFacts = z.object({
  paymentId: z.string(),
  appointmentId: z.string(),
  offeringType: sideSchema,
  customerName: z.string(),
  customerEmail: z.string(),
  description: z.string(),
});

/** Centavos, always booking's: no amount ever comes from a client. */
const centavos = z.number().int().positive();

/** Every event type on the bus and the schema of its `data`. The type is the routing key. */
export const eventSchemas = {
  'catalog.bookable.changed': z.object({
    id: z.string(),
    kind: z.enum(['treatment', 'package']),
    name: z.string(),
    defaultDuration: z.number().int().nullable(),
    offeringType: offeringTypeSchema,
    deleted: z.boolean(),
    /** Orders changes of one item: a consumer ignores a version older than what it holds. */
    version: z.number().int(),
    /**
     * Its one price in centavos (a package's number, a treatment's text when it names one
     * amount), null when it names none; absent on events published before prices were sent.
     */
    priceCentavos: z.number().int().nullable().optional(),
  }),
  /** A staff member was added, changed or removed: booking keeps its practitioners' names, pictures and sides by it. */
  'catalog.staff.changed': z.object({
    id: z.string(),
    name: z.string(),
    imageUrl: z.string(),
    offeringType: offeringTypeSchema,
    deleted: z.boolean(),
    /** Orders changes of one staff member: a consumer ignores a version older than what it holds. */
    version: z.number().int(),
  }),
  /**
   * Catalog content of these public lists was written: every catalog replica drops its cached
   * lists of them (its own per-process queue), so a visitor polling another replica sees the write.
   */
  'catalog.lists.changed': z.object({ lists: z.array(z.enum(CATALOG_LISTS)).min(1) }),
  /**
   * Booked. No manage link token: it is derived from the appointment id and MANAGE_LINK_SECRET
   * (service-kit's manageLinkToken), so neither the outbox nor the broker carries one.
   */
  'booking.appointment.created': appointmentFacts.extend({
    ...practitionerAlertFields,
    createdAt: z.string(),
  }),
  /** The customer (through the manage link) or staff moved the appointment to a new time. */
  'booking.appointment.rescheduled': appointmentFacts.extend({
    ...practitionerAlertFields,
    previousDate: z.string(),
    previousTime: z.string(),
    previousStartTime: z.string().nullable(),
    by: changedBySchema,
  }),
  /**
   * The appointment will not take place: cancelled by the customer or staff, or deleted by
   * staff (`notifyCustomer` false: no mail, but its reminder is dropped).
   */
  'booking.appointment.cancelled': appointmentFacts.extend({
    ...practitionerAlertFields,
    by: changedBySchema,
    notifyCustomer: z.boolean(),
  }),
  /** Staff set another status: done, or pending again (a cancelled appointment re-opened). */
  'booking.appointment.status-changed': appointmentFacts.extend({
    ...practitionerAlertFields,
    previousStatus: appointmentStatusSchema,
  }),
  /** Settings, office hours or date overrides of an offering were saved: every booking replica reads them again. */
  'booking.schedule.changed': z.object({ offeringType: sideSchema }),
  /**
   * A slot a visitor waits for has room again (a cancellation, a move, more capacity): mail
   * them a link to book it. One event per waitlist entry, in sign-up order.
   */
  'booking.waitlist.slot-opened': z.object({
    entryId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    offeringType: sideSchema,
    items: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Manila date and time (yyyy-MM-dd, HH:mm). */
    preferredDate: z.string(),
    preferredTime: z.string(),
    /** ISO instant of the slot's start. */
    startTime: z.string(),
    /** 1 for the first to sign up for the slot. */
    position: z.number().int(),
  }),
  /**
   * Booking holds a slot "pending payment" and asks for a payment (a deposit, or the full
   * price); payments creates it once per appointment. The pay page is `/pay/<manage-link token>`.
   */
  'booking.deposit.requested': z.object({
    appointmentId: z.string(),
    offeringType: sideSchema,
    amount: centavos,
    currency: z.literal('PHP'),
    purpose: depositPurposeSchema,
    customerName: z.string(),
    customerEmail: z.string(),
    /** The booking's contact number: a privacy request may name the person by it. */
    customerPhone: z.string(),
    /** What is paid for, in words, for the checkout page and the mails. */
    description: z.string(),
    /** ISO instants: the appointment's start, and the end of booking's hold on the slot. */
    startTime: z.string(),
    holdExpiresAt: z.string(),
  }),
  /**
   * Booking lets the payment go: unpaid, it expires; paid, it is refunded in full (`refund:
   * 'full'`, and always for `slot-lost`) or kept (`refund: 'none'`, a late cancellation).
   */
  'booking.deposit.released': z.object({
    appointmentId: z.string(),
    refund: depositRefundSchema,
    reason: depositReleaseReasonSchema,
  }),
  /** Booking moved its hold on the slot (after `payments.receipt.submitted`): payments shows the new time. */
  'booking.deposit.hold-extended': z.object({ appointmentId: z.string(), holdExpiresAt: z.string() }),
  /** Paid (through PayMongo, or a transfer staff confirmed): booking confirms the appointment, or releases it with `slot-lost`. */
  'payments.payment.paid': paymentFacts.extend({
    amount: centavos,
    currency: z.literal('PHP'),
    method: paymentMethodSchema,
    methodType: paymentMethodTypeSchema,
    paidAt: z.string(),
  }),
  /** A payment attempt on PayMongo's checkout failed; the visitor may try again (nothing else changes). */
  'payments.payment.failed': paymentFacts.extend({
    methodType: paymentMethodTypeSchema.nullable(),
    message: z.string(),
    failedAt: z.string(),
  }),
  /** Money went back: a PayMongo refund succeeded, or staff sent a transfer back by hand. */
  'payments.payment.refunded': paymentFacts.extend({
    /** Centavos refunded by this refund. */
    amount: centavos,
    currency: z.literal('PHP'),
    method: paymentMethodSchema,
    reason: refundReasonSchema,
    /** A staff username, or `booking` for a refund booking's release caused. */
    by: z.string(),
    refundedAt: z.string(),
  }),
  /** A transfer receipt waits for staff: booking extends its hold to `holdExpiresAt` (the review hold setting). */
  'payments.receipt.submitted': paymentFacts.extend({
    holdExpiresAt: z.string(),
    referenceNumber: z.string(),
    kind: transferKindSchema,
  }),
  /** Staff rejected a transfer receipt (`reason` is shown to the visitor), who may pay again until `holdExpiresAt`. */
  'payments.receipt.rejected': paymentFacts.extend({ reason: z.string(), holdExpiresAt: z.string() }),
  /** Released unpaid: nothing can be paid on it any more (a PayMongo payment arriving later still counts as paid). */
  'payments.payment.expired': paymentFacts.extend({ reason: depositReleaseReasonSchema }),
  /** A newsletter sign-up waits for its address to be confirmed (double opt-in is on). */
  'subscribers.confirmation.requested': z.object({
    subscriberId: z.string(),
    email: z.string(),
    offeringType: offeringTypeSchema,
    /** Goes into the confirmation link; subscribers keeps only its hash. */
    confirmToken: z.string(),
    requestedAt: z.string(),
    /**
     * The address's signed unsubscribe link, for the mail's List-Unsubscribe header (RFC 8058
     * one-click). Absent on requests published before it existed: their mail goes without.
     */
    unsubscribeUrl: z.string().optional(),
  }),
  'chat.conversation.started': z.object({
    conversationId: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    offeringType: offeringTypeSchema,
    createdAt: z.string(),
  }),
  // The message as the API answers it, its id named messageId.
  'chat.message.created': chatMessageSchema.omit({ id: true }).extend({ messageId: z.string() }),
  'auth.session.revoked': z.object({
    jti: z.string(),
    /** Unix seconds: after this the token is expired anyway and the entry can go. */
    expiresAt: z.number().int(),
  }),
  /**
   * A staff user's password was set: every token of that user issued before `issuedBefore`
   * (Unix seconds, compared with the token's `iat`) is refused by every process from now on,
   * including tokens nobody has seen. One record per user, kept for good, the latest winning.
   */
  'auth.user.sessions-revoked': z.object({
    userId: z.string(),
    issuedBefore: z.number().int(),
  }),
  /**
   * A staff member was invited: notifications mails `email` the set-password link made from
   * `token` (one-time; auth keeps only its hash).
   */
  'auth.user.invited': z.object({
    userId: z.string(),
    username: z.string(),
    email: z.string(),
    role: staffRoleSchema,
    token: z.string(),
    expiresAt: z.string(),
  }),
  /** Something the audit trail records happened; auth appends it to the chain. */
  'audit.recorded': auditRecordSchema,
  /** Staff asked what every service holds of a person: each of PRIVACY_SERVICES answers `privacy.access.answered`. */
  'privacy.access.requested': privacySubjectEvent,
  /** A service's records of the person, by kind (`appointments`, `mails`…). */
  'privacy.access.answered': z.object({ requestId: z.string(), service: privacyServiceSchema, records: privacyRecordsSchema }),
  /** The owner asked to erase a person: each of PRIVACY_SERVICES erases and then answers `privacy.erasure.completed`. */
  'privacy.erasure.requested': privacySubjectEvent,
  /** A service erased the person (its writes are done); counts of what it erased or anonymised, by kind. */
  'privacy.erasure.completed': z.object({ requestId: z.string(), service: privacyServiceSchema, counts: privacyCountsSchema }),
  /** The retention setting was saved: every service keeps its own copy (the latest `version` wins) for its periodic pass. */
  'privacy.retention.changed': retentionSchema.extend({ version: z.number().int() }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
