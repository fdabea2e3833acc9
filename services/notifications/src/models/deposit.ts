import { Schema, type Connection } from 'mongoose';
import { depositPurposeSchema, sideSchema, type DepositPurpose, type Side } from '@bb/contracts';
import type { DepositFacts } from '../domain/deposit-mails';

/** Why a deposit needs no reminder any more: paid, a transfer receipt waits for staff, given up by booking, or expired unpaid. */
export const DEPOSIT_CLOSURES = ['paid', 'receipt', 'released', 'expired'] as const;
export type DepositClosure = (typeof DEPOSIT_CLOSURES)[number];

/**
 * What this service knows of an appointment's deposit, by its id: the request's facts (the
 * payment events carry no address, so the receipt and the refund notice are addressed from
 * here) and whether it is still open. A payment event handled before the request makes the
 * record with `closedBy` alone; the request fills in the rest.
 */
export interface DepositDoc {
  _id: string;
  offeringType?: Side;
  amount?: number;
  purpose?: DepositPurpose;
  customerName?: string;
  customerEmail?: string;
  description?: string;
  startTime?: Date;
  /** The latest end of the hold heard of (the request, booking's extensions). */
  holdExpiresAt?: Date;
  requestedAt?: Date;
  /** Set once nothing is left to remind of; null while the visitor may still pay. */
  closedBy: DepositClosure | null;
  /** Over the limit of payment requests to its address: no request mail went, and no reminder goes. */
  limited: boolean;
  /** The customer was erased (a privacy request, retention): no mail names them any more. */
  erased: boolean;
}

const depositSchema = new Schema<DepositDoc>(
  {
    _id: String,
    offeringType: { type: String, enum: sideSchema.options },
    amount: Number,
    purpose: { type: String, enum: depositPurposeSchema.options },
    customerName: String,
    customerEmail: String,
    description: String,
    startTime: Date,
    holdExpiresAt: Date,
    requestedAt: Date,
    closedBy: { type: String, enum: [...DEPOSIT_CLOSURES, null], default: null },
    limited: { type: Boolean, default: false },
    erased: { type: Boolean, default: false },
  },
  { versionKey: false },
);

export const depositModel = (conn: Connection) => conn.model<DepositDoc>('Deposit', depositSchema, 'deposits');

/** The request's facts, or null when the request was not heard of yet (a payment event came first) or the customer was erased. */
export function toDepositFacts(doc: DepositDoc): DepositFacts | null {
  const { offeringType, amount, purpose, customerName, customerEmail, description, startTime, holdExpiresAt } = doc;
  if (doc.erased || !offeringType || amount === undefined || !purpose || customerEmail === undefined || !startTime || !holdExpiresAt) return null;
  return {
    appointmentId: doc._id,
    offeringType,
    amount,
    purpose,
    customerName: customerName ?? '',
    customerEmail,
    description: description ?? '',
    startTime,
    holdExpiresAt,
  };
}
