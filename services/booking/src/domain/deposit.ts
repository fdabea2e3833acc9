import { MIN_DEPOSIT_CENTAVOS, type DepositPolicy, type DepositPurpose, type DepositReleaseReason, type PaymentState, type EventData } from '@bb/contracts';

// What a booking must pay ahead, and what becomes of it: rules without I/O. Amounts are integer
// centavos.

/** An item of the booking: its one price (null: a range or words) and its deposit policy. */
export interface DepositItem {
  priceCentavos: number | null;
  policy: DepositPolicy;
}

/** The offering's no-show rule (`rule` no-shows in 12 months, 0: off), its amount, and the contact's no-shows. */
export interface NoShowCase {
  rule: number;
  amount: number;
  noShows: number;
}

export interface Deposit {
  amount: number;
  purpose: DepositPurpose;
}

/**
 * What one item asks: a fixed amount (never above its price when it has one), a share of its
 * price, its price. A share or the price of an item with no single price is nothing: staff were
 * told so when they set it, and the catalog may have changed the price to a range since.
 */
export function itemDeposit({ priceCentavos: price, policy }: DepositItem): number {
  switch (policy.kind) {
    case 'none':
      return 0;
    case 'fixed':
      return price === null ? policy.amount : Math.min(policy.amount, price);
    case 'percent':
      return price === null ? 0 : Math.round((price * policy.percent) / 100);
    case 'full':
      return price ?? 0;
  }
}

/**
 * The deposit of a booking, or null when it needs none. Its items' deposits add up; a contact
 * with as many no-shows as the rule says (when it is on) pays at least the rule's amount. A
 * deposit is at least what PayMongo charges (₱20) and never above the booking's total price,
 * when every item has one; a total below ₱20 asks nothing. It is `full` when it is the whole
 * total.
 */
export function depositFor(items: readonly DepositItem[], noShow: NoShowCase): Deposit | null {
  const prices = items.map((item) => item.priceCentavos);
  const total = prices.every((price) => price !== null) ? prices.reduce<number>((sum, price) => sum + (price ?? 0), 0) : null;
  let amount = items.reduce((sum, item) => sum + itemDeposit(item), 0);
  if (noShow.rule > 0 && noShow.noShows >= noShow.rule) amount = Math.max(amount, noShow.amount);
  if (amount === 0) return null;
  amount = Math.max(amount, MIN_DEPOSIT_CENTAVOS);
  if (total !== null) amount = Math.min(amount, total);
  if (amount < MIN_DEPOSIT_CENTAVOS) return null;
  return { amount, purpose: total !== null && amount === total ? 'full' : 'deposit' };
}

/** The state of a deposit at `now`: one still awaiting payment past its hold has expired (read so; nothing writes it). */
export const paymentStateAt = (payment: { state: PaymentState; holdExpiresAt: Date }, now: Date): PaymentState =>
  payment.state === 'awaiting' && payment.holdExpiresAt.getTime() <= now.getTime() ? 'expired' : payment.state;

/** Whether an appointment was never confirmed: its deposit awaits payment or lapsed unpaid. It holds no places for good and is in no feed, report or reminder. */
export const unconfirmed = (payment: { state: PaymentState } | null | undefined) => payment?.state === 'awaiting' || payment?.state === 'expired';

export type DepositRelease = Pick<EventData<'booking.deposit.released'>, 'refund' | 'reason'> & {
  /** The payment part's state after the cancel: a paid deposit stays `paid` until payments says it went back. */
  state: PaymentState;
};

/**
 * What cancelling does to a deposit: one still awaited is given up (nothing was paid); a paid
 * one goes back whole when staff cancel or the customer does before the change cut-off, and is
 * kept when the customer cancels inside it. Null: nothing to release (none, or refunded, kept or
 * lapsed already).
 */
export function releaseOnCancel(payment: { state: PaymentState } | null | undefined, by: 'customer' | 'staff', insideCutoff: boolean): DepositRelease | null {
  if (payment?.state === 'awaiting') return { refund: 'none', reason: 'hold-expired', state: 'expired' };
  if (payment?.state !== 'paid') return null;
  const reason: DepositReleaseReason = by === 'staff' ? 'cancelled-by-staff' : 'cancelled-by-customer';
  return by === 'customer' && insideCutoff ? { refund: 'none', reason, state: 'kept' } : { refund: 'full', reason, state: 'paid' };
}

/** What the pay page and the payment say was booked: the items, and when (Manila). */
export const depositDescription = (items: readonly { name: string }[], date: string, time: string) =>
  `${items.map((item) => item.name).join(', ')} on ${date} at ${time}`;
