import { Schema, type Connection, type Types } from 'mongoose';
import {
  PAYMENT_METHOD_TYPES,
  PAYMENT_METHODS,
  DEPOSIT_PURPOSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  TRANSFER_KINDS,
  type Payment,
  type PaymentLinkView,
  type PaymentMethod,
  type PaymentMethodType,
  type DepositPurpose,
  type PaymentRefund,
  type PaymentStatus,
  type RefundReason,
  type Side,
  type TransferKind,
} from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';
import { statusAt } from '../domain/payment-state';

export interface ReceiptFields {
  /** Its image in the bucket: `receipts/<payment id>/<random>.<ext>`; blank once erased. */
  key: string;
  contentType: string;
  referenceNumber: string;
  kind: TransferKind;
  submittedAt: Date;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  rejectionReason: string | null;
}

export interface RefundFields {
  amount: number;
  reason: RefundReason;
  by: string;
  at: Date;
  status: PaymentRefund['status'];
  paymongoRefundId: string | null;
}

export interface PaymongoFields {
  /** Every checkout session made for the payment, the current one last. */
  sessionIds: string[];
  /** Their payment intents: PayMongo's payments name theirs. */
  paymentIntentIds: string[];
  /** The current session's page; null once it is expired or before one is made. */
  checkoutUrl: string | null;
  /** The payment that paid it. */
  paymentId: string | null;
  /** The failed attempts already announced (payments.payment.failed once each). */
  failedPaymentIds: string[];
  /** A replica making a checkout session holds this until `until`: never two sessions at once. */
  claim: { id: string; until: Date } | null;
}

export interface PaymentDoc extends WithOutbox {
  _id: Types.ObjectId;
  /** One payment per appointment: the unique index makes booking's request idempotent. */
  appointmentId: string;
  offeringType: Side;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  description: string;
  startTime: Date;
  /** The appointment's revision of the last move kept (-1: none): an older move arriving late is ignored. */
  startRevision: number;
  amount: number;
  currency: 'PHP';
  purpose: DepositPurpose;
  method: PaymentMethod | null;
  methodType: PaymentMethodType | null;
  status: PaymentStatus;
  holdExpiresAt: Date;
  paymongo: PaymongoFields;
  receipt: ReceiptFields | null;
  refunds: RefundFields[];
  paidAt: Date | null;
  /**
   * When the reconcile pass should next ask PayMongo about it (a checkout without an answer,
   * a refund under way); absent when nothing is awaited, which keeps it out of the sparse index.
   */
  reconcileAt?: Date;
  /** The pass's back-off for it: doubles each time nothing changed. */
  reconcileEveryMs?: number;
  createdAt: Date;
  updatedAt: Date;
}

const receiptSchema = new Schema<ReceiptFields>(
  {
    // Emptied when the customer is erased (the image goes with them).
    key: { type: String, default: '' },
    contentType: { type: String, required: true },
    referenceNumber: { type: String, required: true },
    kind: { type: String, enum: TRANSFER_KINDS, required: true },
    submittedAt: { type: Date, required: true },
    reviewedBy: { type: String, default: null },
    reviewedAt: { type: Date, default: null },
    rejectionReason: { type: String, default: null },
  },
  { _id: false },
);

const refundSchema = new Schema<RefundFields>(
  {
    amount: { type: Number, required: true },
    reason: { type: String, enum: REFUND_REASONS, required: true },
    by: { type: String, required: true },
    at: { type: Date, required: true },
    status: { type: String, enum: REFUND_STATUSES, required: true },
    paymongoRefundId: { type: String, default: null },
  },
  { _id: false },
);

const paymentSchema = new Schema<PaymentDoc>(
  {
    appointmentId: { type: String, required: true, unique: true },
    offeringType: { type: String, enum: ['clinic', 'studio'], required: true },
    customerName: { type: String, default: '' },
    customerEmail: { type: String, default: '' },
    customerPhone: { type: String, default: '' },
    description: { type: String, default: '' },
    startTime: { type: Date, required: true },
    startRevision: { type: Number, default: -1 },
    amount: { type: Number, required: true },
    currency: { type: String, enum: ['PHP'], default: 'PHP' },
    purpose: { type: String, enum: DEPOSIT_PURPOSES, required: true },
    method: { type: String, enum: [...PAYMENT_METHODS, null], default: null },
    methodType: { type: String, enum: [...PAYMENT_METHOD_TYPES, null], default: null },
    status: { type: String, enum: PAYMENT_STATUSES, required: true },
    holdExpiresAt: { type: Date, required: true },
    paymongo: {
      sessionIds: { type: [String], default: [] },
      paymentIntentIds: { type: [String], default: [] },
      checkoutUrl: { type: String, default: null },
      paymentId: { type: String, default: null },
      failedPaymentIds: { type: [String], default: [] },
      claim: { type: new Schema({ id: String, until: Date }, { _id: false }), default: null },
    },
    receipt: { type: receiptSchema, default: null },
    refunds: { type: [refundSchema], default: [] },
    paidAt: { type: Date, default: null },
    reconcileAt: { type: Date },
    reconcileEveryMs: { type: Number },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    ...outboxFields,
  },
  { versionKey: false },
);
// A webhook finds its payment by any id PayMongo may name it by.
paymentSchema.index({ 'paymongo.sessionIds': 1 });
paymentSchema.index({ 'paymongo.paymentIntentIds': 1 });
paymentSchema.index({ 'paymongo.paymentId': 1 });
paymentSchema.index({ reconcileAt: 1 }, { sparse: true });
paymentSchema.index({ status: 1, _id: -1 });
// The deposit report reads by the appointment's start.
paymentSchema.index({ startTime: 1 });
paymentSchema.plugin(outboxPendingFlag);

export const paymentModel = (conn: Connection) => conn.model<PaymentDoc>('Payment', paymentSchema, 'payments');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Centavos paid back or due back: every refund recorded. */
export const refundedAmountOf = (doc: Pick<PaymentDoc, 'refunds'>) => doc.refunds.reduce((sum, r) => sum + r.amount, 0);

/** A stored payment as staff see it at `now`. */
export const toPayment = (doc: PaymentDoc, now: Date): Payment => ({
  id: String(doc._id),
  appointmentId: doc.appointmentId,
  offeringType: doc.offeringType,
  customerName: doc.customerName,
  customerEmail: doc.customerEmail,
  description: doc.description,
  startTime: doc.startTime.toISOString(),
  amount: doc.amount,
  currency: 'PHP',
  purpose: doc.purpose,
  method: doc.method,
  methodType: doc.methodType,
  status: statusAt(doc, now),
  holdExpiresAt: doc.holdExpiresAt.toISOString(),
  paymongo: { checkoutSessionIds: doc.paymongo.sessionIds, paymentId: doc.paymongo.paymentId },
  receipt: doc.receipt && {
    referenceNumber: doc.receipt.referenceNumber,
    kind: doc.receipt.kind,
    submittedAt: doc.receipt.submittedAt.toISOString(),
    reviewedBy: doc.receipt.reviewedBy,
    reviewedAt: iso(doc.receipt.reviewedAt),
    rejectionReason: doc.receipt.rejectionReason,
  },
  refunds: doc.refunds.map((r) => ({
    amount: r.amount,
    reason: r.reason,
    by: r.by,
    at: r.at.toISOString(),
    status: r.status,
    paymongoRefundId: r.paymongoRefundId,
  })),
  refundedAmount: refundedAmountOf(doc),
  paidAt: iso(doc.paidAt),
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

/** What the visitor's pay page shows at `now`, given what may be used then. */
export const toPaymentLinkView = (doc: PaymentDoc, offered: Pick<PaymentLinkView, 'methods' | 'transferAccounts'>, now: Date): PaymentLinkView => ({
  amount: doc.amount,
  currency: 'PHP',
  purpose: doc.purpose,
  description: doc.description,
  offeringType: doc.offeringType,
  startTime: doc.startTime.toISOString(),
  status: statusAt(doc, now),
  holdExpiresAt: doc.holdExpiresAt.toISOString(),
  methods: offered.methods,
  transferAccounts: offered.transferAccounts,
  receipt: doc.receipt && {
    referenceNumber: doc.receipt.referenceNumber,
    kind: doc.receipt.kind,
    submittedAt: doc.receipt.submittedAt.toISOString(),
    rejectionReason: doc.receipt.rejectionReason,
  },
  paidAt: iso(doc.paidAt),
  refundedAmount: refundedAmountOf(doc),
});
