import {
  METHOD_TYPE_LABELS,
  PAYMENT_MESSAGES,
  receiptFieldsSchema,
  type PaymentLinkView,
  type PaymentStatus,
  type PaymongoMethodType,
  type TransferAccount,
  type TransferKind,
} from '@bb/contracts';
import { errorStatus, serverMessage } from '../../../shared/api/request';
import { imageFileProblem } from '../../../shared/forms/image-file';
import { formatCentavos, manilaMomentText } from '../../../shared/format';
import type { LoadProblem } from '../../manage/domain/manage';

/**
 * A payment that cannot be read: none asked for this link (404 once payments had time to hear
 * of it, 400 for a malformed token), said in the server's words with no Try again; or a failure
 * worth retrying.
 */
export function paymentProblem(error: unknown): LoadProblem {
  const status = errorStatus(error);
  if (status === 404 || status === 400) return { title: 'Nothing to pay here', text: serverMessage(error) ?? '', canRetry: false };
  return { title: 'Your payment could not be loaded', text: 'Please check your connection and try again.', canRetry: true };
}

/** Where the visitor came back from PayMongo's hosted checkout (`?result=`), if they did. */
export type CheckoutResult = 'success' | 'cancelled' | null;

export const checkoutResult = (value: string | null): CheckoutResult => (value === 'success' || value === 'cancelled' ? value : null);

/** How often, and how many times, the page asks again after a successful checkout while the payment still says awaiting (PayMongo's webhook is on its way). */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_POLLS = 10;
/** While a receipt is under review the page looks now and then, so the visitor sees it confirmed. */
export const REVIEW_POLL_MS = 15_000;
/** Right after booking, payments may not have heard of the request yet: the page asks again this often and this many times while it answers 404. */
export const NOT_YET_RETRY_MS = 1500;
export const NOT_YET_RETRIES = 12;

/**
 * When to read the payment again (ms), or not: after a successful checkout while it still says
 * awaiting (`reads` so far, up to CONFIRM_POLLS), and now and then while a receipt is reviewed.
 */
export function pollMs(view: Pick<PaymentLinkView, 'status'> | undefined, reads: number, result: CheckoutResult): number | false {
  if (view?.status === 'awaiting' && result === 'success') return reads < CONFIRM_POLLS ? CONFIRM_POLL_MS : false;
  return view?.status === 'in_review' ? REVIEW_POLL_MS : false;
}

/** The status at `now`: an awaited payment past its hold has run out, as booking gave its time up then. */
export const statusAt = (view: Pick<PaymentLinkView, 'status' | 'holdExpiresAt'>, now: Date): PaymentStatus =>
  view.status === 'awaiting' && Date.parse(view.holdExpiresAt) <= now.getTime() ? 'expired' : view.status;

/** How long until the hold ends: "14:59", "1:05:09" from an hour; never below "0:00". */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** "GCash", "GCash or Maya", "GCash, Maya, QR Ph or card": what the checkout offers, in words. */
export function methodsText(types: readonly PaymongoMethodType[]): string {
  const names = types.map((t) => (t === 'card' ? 'card' : METHOD_TYPE_LABELS[t]));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** An account the visitor may send a transfer to, in words: its kind (and bank), the name and the number. */
export function accountTitle(account: TransferAccount): string {
  return account.kind === 'bank' ? account.bankName || METHOD_TYPE_LABELS.bank : METHOD_TYPE_LABELS[account.kind];
}

/** The kinds of account offered, once each, in the order the clinic listed them. */
export const transferKinds = (accounts: readonly TransferAccount[]): TransferKind[] => [...new Set(accounts.map((a) => a.kind))];

/** What the page says of where the payment stands, as a heading and a line under it. */
export interface PayStatusText {
  title: string;
  text: string;
  /** The booking stands (paid) or is over (expired, refunded): nothing more to pay. */
  done: boolean;
}

/**
 * `confirming`: back from a successful checkout and still reading again; once those reads are
 * over without the payment, the page says it has not heard of it yet.
 */
export function statusText(
  view: Pick<PaymentLinkView, 'amount' | 'refundedAmount' | 'receipt'>,
  status: PaymentStatus,
  result: CheckoutResult,
  confirming: boolean,
): PayStatusText {
  const amount = formatCentavos(view.amount);
  switch (status) {
    case 'awaiting':
      if (result === 'success' && confirming)
        return { title: 'Confirming your payment', text: 'PayMongo is telling us about your payment. This takes a few seconds.', done: false };
      if (result === 'success')
        return {
          title: 'We have not heard of your payment yet',
          text: 'If you paid, reload this page in a minute: it shows the payment once PayMongo tells us. If not, you can pay below.',
          done: false,
        };
      if (view.receipt?.rejectionReason)
        return { title: 'Your receipt was not accepted', text: `${view.receipt.rejectionReason} Please pay again below.`, done: false };
      if (result === 'cancelled')
        return { title: 'Nothing was paid', text: 'You left the checkout before paying. You can pay below while we hold your time.', done: false };
      return {
        title: `Pay ${amount} to confirm your booking`,
        text: 'We hold your time while you pay. Your booking is confirmed once the payment is in.',
        done: false,
      };
    case 'in_review':
      return { title: 'Receipt received', text: `${PAYMENT_MESSAGES.inReview} We keep your time meanwhile and e-mail you once it is confirmed.`, done: false };
    case 'paid':
      return { title: 'Paid: your booking is confirmed', text: `We received ${amount}. We've e-mailed your confirmation.`, done: true };
    case 'expired':
      return { title: 'The time to pay has run out', text: PAYMENT_MESSAGES.expired, done: true };
    case 'refund_due':
    case 'refunding':
      return {
        title: 'Refund on its way',
        text: `Your booking was cancelled; ${formatCentavos(view.refundedAmount || view.amount)} is being returned to you.`,
        done: true,
      };
    case 'refunded':
      return {
        title: 'Refunded',
        text: `Your booking was cancelled and ${formatCentavos(view.refundedAmount || view.amount)} was returned to you.`,
        done: true,
      };
    case 'kept':
      return { title: 'Booking cancelled', text: `It was cancelled after the change cut-off, so the ${amount} paid is kept.`, done: true };
  }
}

/** The receipt form as typed, and its file. */
export interface ReceiptDraft {
  kind: TransferKind | '';
  referenceNumber: string;
}

/** The receipt form's problems by field, in the contract's words for the fields and the uploads' for the file; empty when it may be sent. */
export function receiptProblems(
  draft: ReceiptDraft,
  file: { name: string; type: string; size: number } | null,
): Partial<Record<'kind' | 'referenceNumber' | 'image', string>> {
  const problems: Partial<Record<'kind' | 'referenceNumber' | 'image', string>> = {};
  const parsed = receiptFieldsSchema.safeParse(draft);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'referenceNumber') problems.referenceNumber ??= issue.message;
    if (field === 'kind') problems.kind ??= 'Please choose where you sent the transfer.';
  }
  if (!file) problems.image = 'Please choose the screenshot of your transfer (JPG or PNG).';
  else {
    const problem = imageFileProblem(file);
    if (problem) problems.image = problem.description;
  }
  return problems;
}

/** The payment as the manage page states it: "₱250 paid", "₱250 to pay by 2:15 PM"… */
export function paymentLine(view: Pick<PaymentLinkView, 'status' | 'amount' | 'holdExpiresAt' | 'refundedAmount'>, now: Date): string {
  const amount = formatCentavos(view.amount);
  switch (statusAt(view, now)) {
    case 'awaiting':
      return `${amount} to pay by ${manilaMomentText(view.holdExpiresAt, now)}`;
    case 'in_review':
      return `${amount} sent by transfer, being checked`;
    case 'paid':
      return `${amount} paid`;
    case 'expired':
      return `${amount} not paid in time`;
    case 'refund_due':
    case 'refunding':
      return `${formatCentavos(view.refundedAmount || view.amount)} being refunded`;
    case 'refunded':
      return `${formatCentavos(view.refundedAmount || view.amount)} refunded`;
    case 'kept':
      return `${amount} paid, kept (cancelled late)`;
  }
}

/** Until its payment is in, a booking is not confirmed: the manage page offers no move and no calendar file, and its badge says so. */
export const unconfirmedPayment = (status: PaymentStatus): boolean => status === 'awaiting' || status === 'in_review' || status === 'expired';
