import type { PaymentStatus } from '@bb/contracts';
import {
  amountText,
  BLANK_ACCOUNT,
  methodText,
  NO_PAYMENT_FILTERS,
  paymentActions,
  paymentQuery,
  paymentSettingsBody,
  paymentSettingsDraft,
  rangeProblem,
} from '../src/maintenance/domain/payments';

describe('a payment in the console', () => {
  it('says how it was paid, and what of it was refunded', () => {
    expect(methodText({ method: null, methodType: null })).toBe('—');
    expect(methodText({ method: 'paymongo', methodType: 'gcash' })).toBe('PayMongo · GCash');
    expect(methodText({ method: 'transfer', methodType: 'bank' })).toBe('Transfer · Bank transfer');
    expect(amountText({ amount: 50_000, refundedAmount: 0 })).toBe('₱500');
    expect(amountText({ amount: 50_000, refundedAmount: 50_000 })).toBe('₱500 (₱500 refunded)');
  });

  it('offers a review while a receipt waits, a refund once paid or kept, and marking a refund sent while one is due', () => {
    const offered = (status: PaymentStatus) => paymentActions({ status });
    expect(offered('in_review')).toEqual({ review: true, refund: false, refundSent: false });
    expect(offered('paid')).toEqual({ review: false, refund: true, refundSent: false });
    expect(offered('kept')).toEqual({ review: false, refund: true, refundSent: false });
    expect(offered('refund_due')).toEqual({ review: false, refund: false, refundSent: true });
    for (const status of ['awaiting', 'expired', 'refunding', 'refunded'] as const) {
      expect(offered(status)).toEqual({ review: false, refund: false, refundSent: false });
    }
  });
});

describe('the Payments filters', () => {
  it('send what is set, trimmed, and leave the rest out', () => {
    expect(paymentQuery(NO_PAYMENT_FILTERS)).toEqual({});
    expect(paymentQuery({ ...NO_PAYMENT_FILTERS, status: 'in_review', offering: 'studio', search: '  ana ', from: '2020-01-01' })).toEqual({
      status: 'in_review',
      offering: 'studio',
      search: 'ana',
      from: '2020-01-01',
    });
  });

  it('refuse a range that ends before it starts', () => {
    expect(rangeProblem({ from: '2020-02-01', to: '2020-01-31' })).toBe('The end date must not be before the start date.');
    expect(rangeProblem({ from: '2020-02-01', to: '' })).toBeNull();
    expect(rangeProblem({ from: '2020-02-01', to: '2020-02-01' })).toBeNull();
  });
});

describe('the payment settings', () => {
  const stored = { transferAccounts: [], reviewHoldMinutes: 120, paymongoMethods: ['gcash' as const, 'card' as const] };

  it('send the accounts, the methods and the review hold as minutes', () => {
    const draft = {
      ...paymentSettingsDraft(stored),
      transferAccounts: [{ ...BLANK_ACCOUNT, accountName: 'Lumière', accountNumber: '0917 555 0148' }],
      reviewHoldMinutes: '90',
    };
    expect(paymentSettingsBody(draft)).toEqual({
      body: {
        transferAccounts: [{ kind: 'gcash', bankName: '', accountName: 'Lumière', accountNumber: '0917 555 0148' }],
        reviewHoldMinutes: 90,
        paymongoMethods: ['gcash', 'card'],
      },
    });
  });

  it('say on each field what the contract refuses', () => {
    const draft = { ...paymentSettingsDraft(stored), transferAccounts: [{ ...BLANK_ACCOUNT }], reviewHoldMinutes: '5' };
    expect(paymentSettingsBody(draft)).toEqual({
      problems: {
        'transferAccounts.0.accountName': 'accountName is required',
        'transferAccounts.0.accountNumber': 'accountNumber is required',
        reviewHoldMinutes: 'reviewHoldMinutes must be at least 15 minutes',
      },
    });
    expect(paymentSettingsBody({ ...paymentSettingsDraft(stored), reviewHoldMinutes: 'soon' })).toEqual({
      problems: { reviewHoldMinutes: 'reviewHoldMinutes must be a number of minutes' },
    });
  });
});
