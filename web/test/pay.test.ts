import { PAYMENT_MESSAGES, type PaymentLinkView } from '@bb/contracts';
import {
  accountTitle,
  checkoutResult,
  CONFIRM_POLL_MS,
  CONFIRM_POLLS,
  countdownText,
  methodsText,
  paymentLine,
  paymentProblem,
  pollMs,
  receiptProblems,
  REVIEW_POLL_MS,
  statusAt,
  statusText,
  transferKinds,
  unconfirmedPayment,
} from '../src/public/pay/domain/pay';
import { ApiError } from '../src/shared/api/request';
import { manilaMomentText } from '../src/shared/format';
import { inMinutes, now } from './moments';

const view = (over: Partial<PaymentLinkView> = {}): PaymentLinkView => ({
  amount: 25_000,
  currency: 'PHP',
  purpose: 'deposit',
  description: 'Deposit: Hydrafacial',
  offeringType: 'clinic',
  startTime: inMinutes(60 * 24 * 30),
  status: 'awaiting',
  holdExpiresAt: inMinutes(15),
  methods: { paymongo: ['gcash', 'paymaya', 'qrph', 'card'], transfer: true },
  transferAccounts: [],
  receipt: null,
  paidAt: null,
  refundedAmount: 0,
  ...over,
});

describe('the countdown of the time held', () => {
  it('shows minutes and seconds, hours from an hour, and stops at zero', () => {
    expect(countdownText(15 * 60_000)).toBe('15:00');
    expect(countdownText(59_001)).toBe('1:00');
    expect(countdownText(9_000)).toBe('0:09');
    expect(countdownText(65 * 60_000 + 9_000)).toBe('1:05:09');
    expect(countdownText(-5_000)).toBe('0:00');
  });

  it('reads an awaited payment past its hold as run out', () => {
    expect(statusAt(view({ holdExpiresAt: inMinutes(-1) }), now)).toBe('expired');
    expect(statusAt(view(), now)).toBe('awaiting');
    expect(statusAt(view({ status: 'in_review', holdExpiresAt: inMinutes(-1) }), now)).toBe('in_review');
  });
});

describe('the ways to pay', () => {
  it('name the checkout methods offered, in words', () => {
    expect(methodsText(['gcash', 'paymaya', 'qrph', 'card'])).toBe('GCash, Maya, QR Ph or card');
    expect(methodsText(['gcash', 'paymaya'])).toBe('GCash or Maya');
    expect(methodsText(['card'])).toBe('card');
  });

  it('name each transfer account by its kind or bank, and offer each kind once', () => {
    const gcash = { kind: 'gcash' as const, bankName: '', accountName: 'Lumière Clinic', accountNumber: '0917 555 0148' };
    const bank = { kind: 'bank' as const, bankName: 'BPI', accountName: 'Lumière Inc.', accountNumber: '1234-5678-90' };
    expect(accountTitle(gcash)).toBe('GCash');
    expect(accountTitle(bank)).toBe('BPI');
    expect(accountTitle({ ...bank, bankName: '' })).toBe('Bank transfer');
    expect(transferKinds([gcash, bank, { ...gcash, accountNumber: '0918' }])).toEqual(['gcash', 'bank']);
  });
});

describe('coming back from the checkout', () => {
  it('reads the result of the address, and nothing else', () => {
    expect([checkoutResult('success'), checkoutResult('cancelled'), checkoutResult('paid'), checkoutResult(null)]).toEqual([
      'success',
      'cancelled',
      null,
      null,
    ]);
  });

  it('reads the payment again a few times while it still says awaiting after a success, then stops', () => {
    expect(pollMs(view(), 1, 'success')).toBe(CONFIRM_POLL_MS);
    expect(pollMs(view(), CONFIRM_POLLS, 'success')).toBe(false);
    expect(pollMs(view({ status: 'paid' }), 1, 'success')).toBe(false);
    expect(pollMs(view(), 1, null)).toBe(false);
    expect(pollMs(view(), 1, 'cancelled')).toBe(false);
    expect(pollMs(view({ status: 'in_review' }), 50, null)).toBe(REVIEW_POLL_MS);
    expect(pollMs(undefined, 0, 'success')).toBe(false);
  });

  it('says it is confirming, then that it has not heard of the payment yet', () => {
    expect(statusText(view(), 'awaiting', 'success', true).title).toBe('Confirming your payment');
    expect(statusText(view(), 'awaiting', 'success', false).title).toBe('We have not heard of your payment yet');
    expect(statusText(view(), 'awaiting', 'cancelled', false)).toMatchObject({ title: 'Nothing was paid', done: false });
  });

  it('says where the payment stands in every state', () => {
    expect(statusText(view(), 'awaiting', null, false)).toMatchObject({ title: 'Pay ₱250 to confirm your booking', done: false });
    expect(statusText(view(), 'paid', 'success', true)).toMatchObject({ title: 'Paid: your booking is confirmed', done: true });
    expect(statusText(view(), 'in_review', null, false).text).toContain(PAYMENT_MESSAGES.inReview);
    expect(statusText(view(), 'expired', null, false)).toEqual({ title: 'The time to pay has run out', text: PAYMENT_MESSAGES.expired, done: true });
    expect(statusText(view({ refundedAmount: 25_000 }), 'refunded', null, false).text).toContain('₱250 was returned to you');
    expect(statusText(view(), 'refund_due', null, false).title).toBe('Refund on its way');
    expect(statusText(view(), 'kept', null, false).text).toContain('the ₱250 paid is kept');
  });

  it('says why a transfer receipt was not accepted', () => {
    const receipt = { referenceNumber: 'ABC123', kind: 'gcash' as const, submittedAt: inMinutes(-5), rejectionReason: 'The amount sent was ₱25.' };
    expect(statusText(view({ receipt }), 'awaiting', null, false)).toEqual({
      title: 'Your receipt was not accepted',
      text: 'The amount sent was ₱25. Please pay again below.',
      done: false,
    });
  });
});

describe('the receipt of a transfer', () => {
  const png = { name: 'receipt.png', type: 'image/png', size: 20_000 };

  it('may be sent with where it went, its reference number and a JPG or PNG screenshot', () => {
    expect(receiptProblems({ kind: 'gcash', referenceNumber: '1009 223 445' }, png)).toEqual({});
  });

  it('says what is missing or wrong beside each field', () => {
    expect(receiptProblems({ kind: '', referenceNumber: '' }, null)).toEqual({
      kind: 'Please choose where you sent the transfer.',
      referenceNumber: 'Please enter the reference number of your transfer.',
      image: 'Please choose the screenshot of your transfer (JPG or PNG).',
    });
    expect(receiptProblems({ kind: 'bank', referenceNumber: 'ref#1;drop' }, { ...png, type: 'image/gif', name: 'r.gif' })).toEqual({
      referenceNumber: 'The reference number may hold only letters, digits, spaces and dashes.',
      image: 'Please upload a JPG or PNG image',
    });
    expect(receiptProblems({ kind: 'bank', referenceNumber: 'REF-12345' }, { ...png, size: 6 * 1024 * 1024 }).image).toBe('Image must be less than 5MB');
  });
});

describe('a pay page that cannot show its payment', () => {
  it("says nothing is to be paid in the server's words, with no Try again, when no payment was asked for the link", () => {
    expect(paymentProblem(new ApiError(404, { message: 'No payment for this link.' }, '{}'))).toEqual({
      title: 'Nothing to pay here',
      text: 'No payment for this link.',
      canRetry: false,
    });
    expect(paymentProblem(new ApiError(400, null, ''))).toMatchObject({ title: 'Nothing to pay here', canRetry: false });
  });

  it('offers Try again for a server failure or a dropped connection', () => {
    expect(paymentProblem(new ApiError(502, null, 'Bad Gateway'))).toMatchObject({ title: 'Your payment could not be loaded', canRetry: true });
    expect(paymentProblem(new TypeError('Failed to fetch')).canRetry).toBe(true);
  });
});

describe('the payment on the manage page', () => {
  it('says how much, and what became of it', () => {
    expect(paymentLine(view(), now)).toBe(`₱250 to pay by ${manilaMomentText(inMinutes(15), now)}`);
    expect(paymentLine(view({ status: 'paid' }), now)).toBe('₱250 paid');
    expect(paymentLine(view({ holdExpiresAt: inMinutes(-1) }), now)).toBe('₱250 not paid in time');
    expect(paymentLine(view({ status: 'refunded', refundedAmount: 25_000 }), now)).toBe('₱250 refunded');
    expect(paymentLine(view({ status: 'in_review' }), now)).toBe('₱250 sent by transfer, being checked');
  });

  it('counts a booking as not confirmed until its payment is in', () => {
    expect(['awaiting', 'in_review', 'expired', 'paid', 'refunded', 'kept'].map((s) => unconfirmedPayment(s as PaymentLinkView['status']))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
