import { PAYMENT_MESSAGES, type PaymentMethod, type PaymentStatus, type DepositReleaseReason } from '@bb/contracts';

/**
 * What can happen to a payment. Its status moves only by these, and only forward: a late or
 * repeated event finds its move no longer allowed and changes nothing.
 *
 *   awaiting ──receipt-submitted──► in_review ──receipt-rejected──► awaiting
 *   awaiting / in_review ──paid──► paid          awaiting / in_review ──expired──► expired
 *   expired ──paid──► paid   (a payment that arrives after the release: booking decides)
 *   paid ──kept──► kept      paid / kept ──refund-started──► refunding ──refund-completed──► refunded
 *                            paid / kept ──refund-due──► refund_due ──refund-completed──► refunded
 *   expired ──receipt-rejected──► expired   (staff review a receipt that waited when the hold ran out)
 */
export const PAYMENT_ACTIONS = [
  'receipt-submitted',
  'receipt-rejected',
  'paid',
  'expired',
  'kept',
  'refund-started',
  'refund-due',
  'refund-completed',
] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

const TRANSITIONS: Record<PaymentStatus, Partial<Record<PaymentAction, PaymentStatus>>> = {
  awaiting: { 'receipt-submitted': 'in_review', paid: 'paid', expired: 'expired' },
  in_review: { 'receipt-rejected': 'awaiting', paid: 'paid', expired: 'expired' },
  expired: { paid: 'paid', 'receipt-rejected': 'expired' },
  paid: { kept: 'kept', 'refund-started': 'refunding', 'refund-due': 'refund_due' },
  kept: { 'refund-started': 'refunding', 'refund-due': 'refund_due' },
  refunding: { 'refund-completed': 'refunded' },
  refund_due: { 'refund-completed': 'refunded' },
  refunded: {},
};

/** The status an action leads to from `status`, or null when it is not allowed there. */
export const nextStatus = (status: PaymentStatus, action: PaymentAction): PaymentStatus | null => TRANSITIONS[status][action] ?? null;

/** Statuses from which nothing more is paid in: what booking holds a slot for is settled. */
export const isPaidIn = (status: PaymentStatus): boolean => ['paid', 'kept', 'refunding', 'refund_due', 'refunded'].includes(status);

/** A refund goes through PayMongo when it was paid there; a transfer is sent back by hand. */
export const refundAction = (method: PaymentMethod | null): PaymentAction => (method === 'paymongo' ? 'refund-started' : 'refund-due');

/**
 * What booking's release (`booking.deposit.released`) does: unpaid, it expires; paid, it is
 * refunded in full when booking says so (always when the slot was lost), or kept. Null: nothing
 * to do (already expired, refunded or under way, or kept and released again without a refund).
 */
export function releaseAction(
  status: PaymentStatus,
  method: PaymentMethod | null,
  release: { refund: 'full' | 'none'; reason: DepositReleaseReason },
): PaymentAction | null {
  const action: PaymentAction =
    status === 'awaiting' || status === 'in_review' ? 'expired' : release.refund === 'full' || release.reason === 'slot-lost' ? refundAction(method) : 'kept';
  return nextStatus(status, action) ? action : null;
}

/** What PayMongo must still tell: a checkout page still open (even after the release), or a refund under way. */
export const awaitsPaymongo = (payment: { status: PaymentStatus; paymongo: { checkoutUrl: string | null } }): boolean =>
  payment.status === 'refunding' || (['awaiting', 'in_review', 'expired'].includes(payment.status) && payment.paymongo.checkoutUrl !== null);

/** The reconcile pass's wait before it asks PayMongo again about one payment: doubling, from `first` up to `max`. */
export const nextReconcileWait = (lastMs: number | undefined, first: number, max: number): number => (lastMs ? Math.min(lastMs * 2, max) : first);

/**
 * The status at `now`: one still awaiting past its hold has expired, as booking shows it (read
 * so; nothing writes it, since a hold lapses by itself and nobody releases it).
 */
export const statusAt = (payment: { status: PaymentStatus; holdExpiresAt: Date }, now: Date): PaymentStatus =>
  payment.status === 'awaiting' && payment.holdExpiresAt.getTime() <= now.getTime() ? 'expired' : payment.status;

/** Why the visitor cannot pay (online or by a receipt) now, in their words; null when they can. */
export function unpayableReason(status: PaymentStatus, holdExpiresAt: Date, now: Date): string | null {
  if (status === 'in_review') return PAYMENT_MESSAGES.inReview;
  if (status === 'expired') return PAYMENT_MESSAGES.expired;
  if (status !== 'awaiting') return PAYMENT_MESSAGES.paid;
  return holdExpiresAt.getTime() <= now.getTime() ? PAYMENT_MESSAGES.expired : null;
}
