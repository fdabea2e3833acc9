import type { DepositPolicy } from '@bb/contracts';
import { depositFor, itemDeposit, paymentStateAt, releaseOnCancel, unconfirmed, type NoShowCase } from '../src/domain/deposit';
import { decodeEntry, encodeEntry, expired, expiringState, takenPlaces } from '../src/domain/ledger';

// The rules of deposits, without a database: the amount a booking pays ahead, what reads show of
// a hold that passed, what cancelling gives back, and the ledger's expiring entry of a waiting
// appointment.

const noRule: NoShowCase = { rule: 0, amount: 50_000, noShows: 5 };
const item = (priceCentavos: number | null, policy: DepositPolicy) => ({ priceCentavos, policy });
const FIXED_500: DepositPolicy = { kind: 'fixed', amount: 50_000 };

describe('the deposit of one item', () => {
  it('follows its policy: none, fixed (never above its price), a share of its price, its price', () => {
    expect(itemDeposit(item(150_000, { kind: 'none' }))).toBe(0);
    expect(itemDeposit(item(150_000, FIXED_500))).toBe(50_000);
    expect(itemDeposit(item(30_000, FIXED_500))).toBe(30_000);
    expect(itemDeposit(item(null, FIXED_500))).toBe(50_000);
    expect(itemDeposit(item(150_000, { kind: 'percent', percent: 30 }))).toBe(45_000);
    // Rounded to the centavo.
    expect(itemDeposit(item(99_999, { kind: 'percent', percent: 33 }))).toBe(33_000);
    expect(itemDeposit(item(150_000, { kind: 'full' }))).toBe(150_000);
  });

  it('asks nothing for a share or the whole of a price that is a range or words', () => {
    expect(itemDeposit(item(null, { kind: 'percent', percent: 50 }))).toBe(0);
    expect(itemDeposit(item(null, { kind: 'full' }))).toBe(0);
  });
});

describe('the deposit of a booking', () => {
  it('is none when no item asks for one', () => {
    expect(depositFor([item(150_000, { kind: 'none' }), item(null, { kind: 'none' })], noRule)).toBeNull();
    expect(depositFor([], noRule)).toBeNull();
  });

  it('adds its items up', () => {
    expect(depositFor([item(150_000, FIXED_500), item(200_000, { kind: 'percent', percent: 10 })], noRule)).toEqual({ amount: 70_000, purpose: 'deposit' });
  });

  it('is never above the total price, and `full` when it is the whole of it', () => {
    expect(depositFor([item(150_000, { kind: 'full' }), item(80_000, { kind: 'full' })], noRule)).toEqual({ amount: 230_000, purpose: 'full' });
    expect(depositFor([item(40_000, FIXED_500), item(0, { kind: 'none' })], noRule)).toEqual({ amount: 40_000, purpose: 'full' });
    expect(depositFor([item(150_000, { kind: 'percent', percent: 100 })], noRule)).toEqual({ amount: 150_000, purpose: 'full' });
  });

  it('is at least ₱20, PayMongo’s smallest charge, and none for a booking that costs less', () => {
    expect(depositFor([item(100_000, { kind: 'percent', percent: 1 })], noRule)).toEqual({ amount: 2000, purpose: 'deposit' });
    expect(depositFor([item(1500, { kind: 'full' })], noRule)).toBeNull();
  });

  it('ignores a share of an item whose price is a range, and has no cap then', () => {
    expect(depositFor([item(null, { kind: 'percent', percent: 50 })], noRule)).toBeNull();
    expect(depositFor([item(null, { kind: 'percent', percent: 50 }), item(10_000, FIXED_500)], noRule)).toEqual({ amount: 10_000, purpose: 'deposit' });
    expect(depositFor([item(null, FIXED_500), item(10_000, { kind: 'none' })], noRule)).toEqual({ amount: 50_000, purpose: 'deposit' });
  });

  it('asks a contact with enough no-shows for the rule’s amount even where the items ask none', () => {
    const free = [item(150_000, { kind: 'none' })];
    expect(depositFor(free, { rule: 2, amount: 50_000, noShows: 1 })).toBeNull();
    expect(depositFor(free, { rule: 2, amount: 50_000, noShows: 2 })).toEqual({ amount: 50_000, purpose: 'deposit' });
    expect(depositFor(free, { rule: 1, amount: 50_000, noShows: 3 })).toEqual({ amount: 50_000, purpose: 'deposit' });
    // Off: no count matters.
    expect(depositFor(free, { rule: 0, amount: 50_000, noShows: 9 })).toBeNull();
    // The larger of the two, and still within the price.
    expect(depositFor([item(150_000, { kind: 'percent', percent: 50 })], { rule: 1, amount: 50_000, noShows: 1 })).toEqual({
      amount: 75_000,
      purpose: 'deposit',
    });
    expect(depositFor([item(30_000, { kind: 'none' })], { rule: 1, amount: 50_000, noShows: 1 })).toEqual({ amount: 30_000, purpose: 'full' });
  });
});

describe('a deposit as read', () => {
  const holdExpiresAt = new Date('2030-01-02T01:15:00Z');

  it('awaiting until its hold expires, expired from then on; other states as stored', () => {
    expect(paymentStateAt({ state: 'awaiting', holdExpiresAt }, new Date(holdExpiresAt.getTime() - 1))).toBe('awaiting');
    expect(paymentStateAt({ state: 'awaiting', holdExpiresAt }, holdExpiresAt)).toBe('expired');
    expect(paymentStateAt({ state: 'paid', holdExpiresAt }, new Date('2031-01-01'))).toBe('paid');
    expect(paymentStateAt({ state: 'kept', holdExpiresAt }, new Date('2031-01-01'))).toBe('kept');
  });

  it('unconfirmed while awaited or lapsed; confirmed once paid, and without a deposit', () => {
    expect([unconfirmed({ state: 'awaiting' }), unconfirmed({ state: 'expired' })]).toEqual([true, true]);
    expect([
      unconfirmed({ state: 'paid' }),
      unconfirmed({ state: 'refunded' }),
      unconfirmed({ state: 'kept' }),
      unconfirmed(null),
      unconfirmed(undefined),
    ]).toEqual([false, false, false, false, false]);
  });
});

describe('a deposit on cancel', () => {
  it('goes back whole when staff cancel, or the customer before the cut-off; kept inside it', () => {
    const paid = { state: 'paid' as const };
    expect(releaseOnCancel(paid, 'staff', true)).toEqual({ refund: 'full', reason: 'cancelled-by-staff', state: 'paid' });
    expect(releaseOnCancel(paid, 'customer', false)).toEqual({ refund: 'full', reason: 'cancelled-by-customer', state: 'paid' });
    expect(releaseOnCancel(paid, 'customer', true)).toEqual({ refund: 'none', reason: 'cancelled-by-customer', state: 'kept' });
  });

  it('one still awaited is given up unpaid; nothing to release otherwise', () => {
    expect(releaseOnCancel({ state: 'awaiting' }, 'customer', false)).toEqual({ refund: 'none', reason: 'hold-expired', state: 'expired' });
    expect(releaseOnCancel({ state: 'awaiting' }, 'staff', false)).toEqual({ refund: 'none', reason: 'hold-expired', state: 'expired' });
    for (const state of ['expired', 'refunded', 'kept'] as const) expect(releaseOnCancel({ state }, 'staff', false)).toBeNull();
    expect(releaseOnCancel(null, 'customer', false)).toBeNull();
  });
});

describe('the ledger entry of an appointment waiting for its deposit', () => {
  const u = new Date('2030-01-07T01:15:00Z');
  const waiting = { b: ['07T0930', '07T1000'], s: 'p' as const, u };

  it('is an appointment’s expiring entry, written and read as one string', () => {
    expect(expiringState('a65f000000000000000000aa')).toBe('p');
    expect(expiringState('vAbCdEf')).toBe('v');
    expect(encodeEntry(waiting)).toBe('p 2030-01-07T01:15:00.000Z 07T0930 07T1000');
    expect(decodeEntry(encodeEntry(waiting))).toEqual(waiting);
  });

  it('counts until its hold expires, then its places read as free (nothing has to clear it)', () => {
    const doc = { _id: 'clinic|2030-01', b: { '07T0930': 1, '07T1000': 1 }, h: { aX: waiting } };
    expect(expired(waiting, new Date(u.getTime() - 1))).toBe(false);
    expect(expired(waiting, u)).toBe(true);
    expect(Object.fromEntries(takenPlaces(doc, new Date(u.getTime() - 1)))).toEqual({ '07T0930': 1, '07T1000': 1 });
    expect(Object.fromEntries(takenPlaces(doc, u))).toEqual({ '07T0930': 0, '07T1000': 0 });
  });
});
