import { PAYMENT_STATUSES, type PaymentStatus } from '@bb/contracts';
import { checkoutSessionAttributes, payPageUrl } from '../src/domain/checkout';
import {
  awaitsPaymongo,
  nextReconcileWait,
  nextStatus,
  PAYMENT_ACTIONS,
  refundAction,
  releaseAction,
  statusAt,
  unpayableReason,
  type PaymentAction,
} from '../src/domain/payment-state';
import { reviewHoldUntil, receiptKey } from '../src/domain/receipts';

// Every allowed move, written out once more by hand: the machine must allow exactly these.
const ALLOWED: [PaymentStatus, PaymentAction, PaymentStatus][] = [
  ['awaiting', 'receipt-submitted', 'in_review'],
  ['awaiting', 'paid', 'paid'],
  ['awaiting', 'expired', 'expired'],
  ['in_review', 'receipt-rejected', 'awaiting'],
  ['in_review', 'paid', 'paid'],
  ['in_review', 'expired', 'expired'],
  ['expired', 'paid', 'paid'],
  ['expired', 'receipt-rejected', 'expired'],
  ['paid', 'kept', 'kept'],
  ['paid', 'refund-started', 'refunding'],
  ['paid', 'refund-due', 'refund_due'],
  ['kept', 'refund-started', 'refunding'],
  ['kept', 'refund-due', 'refund_due'],
  ['refunding', 'refund-completed', 'refunded'],
  ['refund_due', 'refund-completed', 'refunded'],
];

describe('the state machine of a payment', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, action, to) => {
    expect(nextStatus(from, action)).toBe(to);
  });

  const refused = PAYMENT_STATUSES.flatMap((from) =>
    PAYMENT_ACTIONS.filter((action) => !ALLOWED.some(([f, a]) => f === from && a === action)).map((action) => [from, action] as const),
  );
  it.each(refused)('refuses %s --%s--> (nothing changes)', (from, action) => {
    expect(nextStatus(from, action)).toBeNull();
  });

  it('ends at refunded: nothing moves a refunded payment', () => {
    expect(PAYMENT_ACTIONS.map((a) => nextStatus('refunded', a)).filter(Boolean)).toEqual([]);
  });

  it('never goes back to awaiting once paid, nor to paid once refunded', () => {
    for (const from of ['paid', 'kept', 'refunding', 'refund_due', 'refunded'] as const) {
      for (const action of PAYMENT_ACTIONS) expect(['awaiting', 'in_review', 'expired']).not.toContain(nextStatus(from, action));
    }
    for (const action of PAYMENT_ACTIONS) expect(nextStatus('refunded', action)).not.toBe('paid');
  });
});

describe("booking's release", () => {
  const full = { refund: 'full', reason: 'cancelled-by-customer' } as const;
  const none = { refund: 'none', reason: 'cancelled-by-customer' } as const;

  it('expires an unpaid payment, whatever the refund says', () => {
    expect(releaseAction('awaiting', null, full)).toBe('expired');
    expect(releaseAction('awaiting', null, { refund: 'none', reason: 'hold-expired' })).toBe('expired');
    expect(releaseAction('in_review', 'transfer', none)).toBe('expired');
  });

  it('refunds a paid payment in full through PayMongo, or by hand for a transfer', () => {
    expect(releaseAction('paid', 'paymongo', full)).toBe('refund-started');
    expect(releaseAction('paid', 'transfer', full)).toBe('refund-due');
    expect(releaseAction('kept', 'paymongo', full)).toBe('refund-started');
  });

  it('keeps a paid payment without a refund, except a lost slot, which is always refunded', () => {
    expect(releaseAction('paid', 'paymongo', none)).toBe('kept');
    expect(releaseAction('paid', 'paymongo', { refund: 'none', reason: 'slot-lost' })).toBe('refund-started');
    expect(releaseAction('paid', 'transfer', { refund: 'none', reason: 'slot-lost' })).toBe('refund-due');
  });

  it('does nothing to what is already released, refunded or under way', () => {
    for (const status of ['expired', 'refunding', 'refund_due', 'refunded'] as const) expect(releaseAction(status, 'paymongo', full)).toBeNull();
    expect(releaseAction('kept', 'paymongo', none)).toBeNull();
  });

  it('refunds what was paid online online, anything else by hand', () => {
    expect(refundAction('paymongo')).toBe('refund-started');
    expect(refundAction('transfer')).toBe('refund-due');
    expect(refundAction(null)).toBe('refund-due');
  });
});

describe('what the visitor may still do', () => {
  const now = new Date('2031-03-01T02:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  it('pays while awaiting and the hold lasts; a reason otherwise', () => {
    expect(unpayableReason('awaiting', later, now)).toBeNull();
    expect(unpayableReason('awaiting', now, now)).toMatch(/run out/);
    expect(unpayableReason('expired', later, now)).toMatch(/run out/);
    expect(unpayableReason('in_review', later, now)).toMatch(/receipt/);
    for (const status of ['paid', 'kept', 'refunding', 'refund_due', 'refunded'] as const) expect(unpayableReason(status, later, now)).toMatch(/already paid/);
  });

  it('reads awaiting past its hold as expired, as booking does; every other status as stored', () => {
    expect(statusAt({ status: 'awaiting', holdExpiresAt: later }, now)).toBe('awaiting');
    expect(statusAt({ status: 'awaiting', holdExpiresAt: now }, now)).toBe('expired');
    for (const status of PAYMENT_STATUSES.filter((s) => s !== 'awaiting')) expect(statusAt({ status, holdExpiresAt: now }, now)).toBe(status);
  });

  it('holds the slot for the review time after a receipt, never shorter than before', () => {
    expect(reviewHoldUntil(later, now, 120)).toEqual(new Date(now.getTime() + 120 * 60_000));
    const far = new Date(now.getTime() + 10 * 3600_000);
    expect(reviewHoldUntil(far, now, 120)).toEqual(far);
  });

  it('keeps each receipt under its payment, by a random name with its type', () => {
    const key = receiptKey('65f000000000000000000001', { contentType: 'image/png', extension: 'png' });
    expect(key).toMatch(/^receipts\/65f000000000000000000001\/[0-9a-f]{24}\.png$/);
    expect(receiptKey('65f000000000000000000001', { contentType: 'image/png', extension: 'png' })).not.toBe(key);
  });
});

describe('the reconcile pass', () => {
  it('waits on a payment while PayMongo owes an answer: an open checkout page, or a refund', () => {
    const page = { checkoutUrl: 'https://checkout.example/cs_1' };
    expect(awaitsPaymongo({ status: 'awaiting', paymongo: page })).toBe(true);
    expect(awaitsPaymongo({ status: 'expired', paymongo: page })).toBe(true);
    expect(awaitsPaymongo({ status: 'refunding', paymongo: { checkoutUrl: null } })).toBe(true);
    expect(awaitsPaymongo({ status: 'awaiting', paymongo: { checkoutUrl: null } })).toBe(false);
    expect(awaitsPaymongo({ status: 'paid', paymongo: page })).toBe(false);
    expect(awaitsPaymongo({ status: 'refund_due', paymongo: { checkoutUrl: null } })).toBe(false);
  });

  it('asks less and less often, up to a limit', () => {
    expect(nextReconcileWait(undefined, 1000, 8000)).toBe(1000);
    expect(nextReconcileWait(0, 1000, 8000)).toBe(1000);
    expect(nextReconcileWait(1000, 1000, 8000)).toBe(2000);
    expect(nextReconcileWait(8000, 1000, 8000)).toBe(8000);
  });
});

describe('the checkout session asked of PayMongo', () => {
  const payment = {
    id: '65f000000000000000000001',
    appointmentId: '65f0000000000000000000aa',
    amount: 50_000,
    purpose: 'deposit' as const,
    description: 'Deposit: Hydrafacial, 12 Dec 10:00',
    customerName: 'Mia Cruz',
    customerEmail: 'mia@example.com',
  };

  it("has the amount booking asked for, our ids in its metadata, and the pay page's way back", () => {
    const attributes = checkoutSessionAttributes(payment, ['gcash', 'card'], 'https://booking.example.com/', 'T'.repeat(32));
    expect(attributes).toMatchObject({
      line_items: [{ amount: 50_000, currency: 'PHP', name: 'Deposit', quantity: 1 }],
      payment_method_types: ['gcash', 'card'],
      reference_number: payment.id,
      success_url: `https://booking.example.com/pay/${'T'.repeat(32)}?result=success`,
      cancel_url: `https://booking.example.com/pay/${'T'.repeat(32)}?result=cancelled`,
      metadata: { paymentId: payment.id, appointmentId: payment.appointmentId },
      billing: { name: 'Mia Cruz', email: 'mia@example.com' },
    });
    expect(Object.values(attributes.metadata).every((v) => typeof v === 'string')).toBe(true);
  });

  it('keeps texts within what PayMongo takes', () => {
    const long = checkoutSessionAttributes({ ...payment, description: 'x'.repeat(3000) }, ['qrph'], 'https://b.example', 'T'.repeat(32));
    expect(long.line_items[0].description).toHaveLength(255);
    expect(long.description).toHaveLength(1000);
  });

  it('names the pay page of a booking', () => {
    expect(payPageUrl('http://localhost:8080', 'abc')).toBe('http://localhost:8080/pay/abc');
  });
});
