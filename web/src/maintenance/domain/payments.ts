import {
  METHOD_TYPE_LABELS,
  paymentSettingsSchema,
  type Payment,
  type PaymentListQuery,
  type PaymentMethod,
  type PaymentSettings,
  type PaymentStatus,
  type PaymongoMethodType,
  type Side,
  type TransferAccount,
} from '@bb/contracts';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { formatCentavos } from '../../shared/format';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting: 'Awaiting',
  in_review: 'In review',
  paid: 'Paid',
  expired: 'Expired',
  refund_due: 'Refund due',
  refunding: 'Refunding',
  refunded: 'Refunded',
  kept: 'Kept',
};

export const PAYMENT_STATUS_PALETTE: Record<PaymentStatus, string> = {
  awaiting: 'orange',
  in_review: 'yellow',
  paid: 'green',
  expired: 'gray',
  refund_due: 'red',
  refunding: 'blue',
  refunded: 'blue',
  kept: 'purple',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { paymongo: 'PayMongo', transfer: 'Transfer' };

/** How it was paid, in words: "PayMongo · GCash", "Transfer · Maya", or "—" before anything was paid or sent. */
export function methodText(p: Pick<Payment, 'method' | 'methodType'>): string {
  if (!p.method) return '—';
  return p.methodType ? `${PAYMENT_METHOD_LABELS[p.method]} · ${METHOD_TYPE_LABELS[p.methodType]}` : PAYMENT_METHOD_LABELS[p.method];
}

/** The amount, and what was refunded of it: "₱500", "₱500 (₱500 refunded)". */
export const amountText = (p: Pick<Payment, 'amount' | 'refundedAmount'>): string =>
  p.refundedAmount > 0 ? `${formatCentavos(p.amount)} (${formatCentavos(p.refundedAmount)} refunded)` : formatCentavos(p.amount);

/** The Payments screen's filters as its fields hold them ('' for any). */
export interface PaymentFilters {
  status: PaymentStatus | '';
  method: PaymentMethod | '';
  offering: Side | '';
  from: string;
  to: string;
  search: string;
}

export const NO_PAYMENT_FILTERS: PaymentFilters = { status: '', method: '', offering: '', from: '', to: '', search: '' };

/** The list's query (`GET /api/payments`), blanks left out. */
export function paymentQuery(f: PaymentFilters): Partial<Record<keyof PaymentListQuery, string>> {
  const query: Partial<Record<keyof PaymentListQuery, string>> = {};
  for (const key of ['status', 'method', 'offering', 'from', 'to', 'search'] as const) {
    const value = f[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

/** A range that ends before it starts, in words; null when the dates are fine. */
export const rangeProblem = (f: Pick<PaymentFilters, 'from' | 'to'>): string | null =>
  f.from && f.to && f.from > f.to ? 'The end date must not be before the start date.' : null;

/** What staff can do with a payment now (the route table says who may; this says when). */
export interface PaymentActions {
  review: boolean;
  refund: boolean;
  refundSent: boolean;
}

export const paymentActions = (p: Pick<Payment, 'status'>): PaymentActions => ({
  review: p.status === 'in_review',
  refund: p.status === 'paid' || p.status === 'kept',
  refundSent: p.status === 'refund_due',
});

/** The payment settings as their card edits them: the review hold as typed. */
export interface PaymentSettingsDraft {
  transferAccounts: TransferAccount[];
  reviewHoldMinutes: string;
  paymongoMethods: PaymongoMethodType[];
}

export const paymentSettingsDraft = (s: PaymentSettings): PaymentSettingsDraft => ({
  transferAccounts: s.transferAccounts.map((a) => ({ ...a })),
  reviewHoldMinutes: String(s.reviewHoldMinutes),
  paymongoMethods: [...s.paymongoMethods],
});

export const BLANK_ACCOUNT: TransferAccount = { kind: 'gcash', bankName: '', accountName: '', accountNumber: '' };

/**
 * The settings to send (PUT /api/payment-settings), or the problems by field (`reviewHoldMinutes`,
 * `transferAccounts.0.accountName`…) in the contract's words, checked by its own schema.
 */
export function paymentSettingsBody(draft: PaymentSettingsDraft): { body: PaymentSettings } | { problems: FieldErrors<string> } {
  const hold = draft.reviewHoldMinutes.trim();
  const parsed = paymentSettingsSchema.safeParse({ ...draft, reviewHoldMinutes: /^\d+$/.test(hold) ? Number(hold) : Number.NaN });
  if (parsed.success) return { body: parsed.data };
  const problems: FieldErrors<string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.map(String).join('.')] ??= issue.message;
  return { problems };
}
