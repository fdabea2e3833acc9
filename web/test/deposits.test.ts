import { DEPOSIT_MESSAGES, type AppointmentPayment } from '@bb/contracts';
import { addDays, formatCentavos, manilaMomentText, manilaToday } from '../src/shared/format';
import {
  attendanceLabel,
  attendanceOffered,
  hasStarted,
  paymentBadgeText,
  paymentStateAt,
  statusChoices,
  statusLimit,
  unconfirmedAt,
} from '../src/maintenance/domain/deposits';
import {
  AMOUNT_PROBLEM,
  depositCentavos,
  depositSettingsChanges,
  depositSettingsDraft,
  policyDraft,
  policyFromDraft,
  policySummary,
} from '../src/maintenance/domain/deposit-policy';
import { appointment } from './maintenance-fixtures';
import { inMinutes, now } from './moments';

const payment = (over: Partial<AppointmentPayment> = {}): AppointmentPayment => ({
  state: 'awaiting',
  amount: 50_000,
  purpose: 'deposit',
  holdExpiresAt: inMinutes(15),
  paymentId: null,
  ...over,
});

describe('amounts in centavos', () => {
  it('are shown in pesos, with centavos only when there are some', () => {
    expect(formatCentavos(50_000)).toBe('₱500');
    expect(formatCentavos(150_050)).toBe('₱1,500.50');
    expect(formatCentavos(2_000)).toBe('₱20');
    expect(formatCentavos(1_000_000_000)).toBe('₱10,000,000');
  });
});

describe('the payment badge', () => {
  // Noon of today in Manila, whatever day the test runs on.
  const noon = new Date(`${manilaToday(now)}T12:00:00+08:00`);
  const later = (minutes: number) => new Date(noon.getTime() + minutes * 60_000).toISOString();

  it('says awaiting with the amount and until when the time is held', () => {
    expect(paymentBadgeText(payment({ holdExpiresAt: later(15) }), noon)).toBe('Awaiting ₱500 until 12:15 PM');
  });

  it('names the day of a hold that ends on another day', () => {
    const day = new Date(`${addDays(manilaToday(now), 3)}T00:00:00Z`);
    const name = `${day.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${day.getUTCDate()}`;
    expect(manilaMomentText(later(3 * 24 * 60 + 75), noon)).toBe(`${name}, 1:15 PM`);
  });

  it('reads an awaiting deposit past its hold as expired, as booking answers it', () => {
    const lapsed = payment({ holdExpiresAt: inMinutes(-1) });
    expect(paymentStateAt(lapsed, now)).toBe('expired');
    expect(paymentBadgeText(lapsed, now)).toBe('Expired ₱500');
    expect(paymentStateAt(payment({ state: 'paid', holdExpiresAt: inMinutes(-60) }), now)).toBe('paid');
  });

  it('says paid, refunded and kept with the amount, and a whole price paid ahead', () => {
    expect(paymentBadgeText(payment({ state: 'paid' }), now)).toBe('Paid ₱500');
    expect(paymentBadgeText(payment({ state: 'refunded', amount: 123_450 }), now)).toBe('Refunded ₱1,234.50');
    expect(paymentBadgeText(payment({ state: 'kept' }), now)).toBe('Kept ₱500');
    expect(paymentBadgeText(payment({ state: 'paid', purpose: 'full', amount: 250_000 }), now)).toBe('Paid ₱2,500 (full price)');
  });
});

describe('what staff may do with a booking waiting for its deposit', () => {
  it('offers only cancelling while the deposit is awaited or was never paid, and says why', () => {
    const waiting = appointment({ payment: payment() });
    expect(unconfirmedAt(waiting.payment, now)).toBe(true);
    expect(statusChoices(waiting, now)).toEqual(['pending', 'cancelled']);
    expect(statusLimit(waiting, now)).toBe(DEPOSIT_MESSAGES.awaiting);
    const neverPaid = appointment({ status: 'cancelled', payment: payment({ state: 'expired' }) });
    expect(statusChoices(neverPaid, now)).toEqual(['cancelled']);
    expect(statusLimit(neverPaid, now)).toBe(DEPOSIT_MESSAGES.notPaid);
  });

  it('offers every status once paid, or without a deposit', () => {
    expect(statusChoices(appointment({ payment: payment({ state: 'paid' }) }), now)).toEqual(['pending', 'done', 'cancelled']);
    expect(statusChoices(appointment(), now)).toEqual(['pending', 'done', 'cancelled']);
    expect(statusLimit(appointment(), now)).toBeNull();
  });
});

describe('attendance', () => {
  const past = { startTime: inMinutes(-90), preferredDate: '2000-01-01', preferredTime: '10:00' };
  const future = { startTime: inMinutes(90) };

  it('is offered once the appointment has started, not before', () => {
    expect(attendanceOffered(appointment(past), now)).toBe(true);
    expect(attendanceOffered(appointment(future), now)).toBe(false);
  });

  it('is not offered for a cancelled appointment, nor one left unpaid', () => {
    expect(attendanceOffered(appointment({ ...past, status: 'cancelled' }), now)).toBe(false);
    expect(attendanceOffered(appointment({ ...past, payment: payment({ state: 'expired' }) }), now)).toBe(false);
    expect(attendanceOffered(appointment({ ...past, payment: payment({ state: 'paid' }) }), now)).toBe(true);
  });

  it('reads the Manila date and time of an appointment stored without a start instant', () => {
    expect(hasStarted({ startTime: null, preferredDate: '2000-01-01', preferredTime: '10:00' }, now)).toBe(true);
    expect(hasStarted({ startTime: null, preferredDate: '2999-01-01', preferredTime: '10:00' }, now)).toBe(false);
  });

  it('is said in words', () => {
    expect([attendanceLabel('attended'), attendanceLabel('no_show'), attendanceLabel(null)]).toEqual(['Attended', 'No-show', 'Not set']);
  });
});

describe('deposit policies', () => {
  it('take pesos as staff type them, within what a deposit may ask', () => {
    expect(depositCentavos('500')).toBe(50_000);
    expect(depositCentavos('₱1,500.50')).toBe(150_050);
    expect(depositCentavos('19.99')).toBeNull();
    expect(depositCentavos('10000001')).toBeNull();
    expect(depositCentavos('five hundred')).toBeNull();
    expect(depositCentavos('')).toBeNull();
  });

  it('send a fixed amount in centavos, a whole percentage, or a kind alone', () => {
    expect(policyFromDraft({ kind: 'fixed', pesos: '750', percent: '' })).toEqual({ policy: { kind: 'fixed', amount: 75_000 } });
    expect(policyFromDraft({ kind: 'percent', pesos: '', percent: ' 30 ' })).toEqual({ policy: { kind: 'percent', percent: 30 } });
    expect(policyFromDraft({ kind: 'full', pesos: '9', percent: '9' })).toEqual({ policy: { kind: 'full' } });
    expect(policyFromDraft({ kind: 'none', pesos: '', percent: '' })).toEqual({ policy: { kind: 'none' } });
  });

  it('say what is wrong with an amount or a percentage instead of sending it', () => {
    expect(policyFromDraft({ kind: 'fixed', pesos: '10', percent: '' })).toEqual({ problem: AMOUNT_PROBLEM });
    expect(AMOUNT_PROBLEM).toBe('Enter an amount from ₱20 to ₱10,000,000, such as 500.');
    for (const percent of ['0', '101', '12.5', '', 'half']) {
      expect(policyFromDraft({ kind: 'percent', pesos: '', percent })).toEqual({ problem: 'percent must be a whole number from 1 to 100' });
    }
  });

  it('edit what is stored, and say in words what an item asks', () => {
    expect(policyDraft({ kind: 'fixed', amount: 50_050 })).toEqual({ kind: 'fixed', pesos: '500.50', percent: '' });
    expect(policyDraft({ kind: 'percent', percent: 20 })).toEqual({ kind: 'percent', pesos: '', percent: '20' });
    expect(policySummary({ policy: { kind: 'percent', percent: 30 }, priceCentavos: 90_000 })).toBe('30% of ₱900');
    expect(policySummary({ policy: { kind: 'full' }, priceCentavos: 90_000 })).toBe('Full price, ₱900');
    expect(policySummary({ policy: { kind: 'fixed', amount: 50_000 }, priceCentavos: null })).toBe('₱500');
    expect(policySummary({ policy: { kind: 'percent', percent: 30 }, priceCentavos: null })).toBe('30% of its price: nothing while it has no single price');
    expect(policySummary({ policy: { kind: 'none' }, priceCentavos: 90_000 })).toBe('No deposit');
  });
});

describe('deposit settings of an offering', () => {
  const stored = { offeringType: 'clinic' as const, holdMinutes: 15, noShowRule: 0, noShowDeposit: 50_000 };

  it('send only what changed, the no-show deposit in centavos', () => {
    const draft = depositSettingsDraft(stored);
    expect(draft).toEqual({ holdMinutes: '15', noShowRule: 0, noShowDeposit: '500' });
    expect(depositSettingsChanges(draft, stored)).toBeNull();
    expect(depositSettingsChanges({ ...draft, holdMinutes: '30', noShowRule: 2 }, stored)).toEqual({ update: { holdMinutes: 30, noShowRule: 2 } });
    expect(depositSettingsChanges({ ...draft, noShowDeposit: '₱750' }, stored)).toEqual({ update: { noShowDeposit: 75_000 } });
    expect(depositSettingsChanges({ ...draft, noShowDeposit: '500.00' }, stored)).toBeNull();
  });

  it('leave a blank field out while it is typed, and say what is wrong with the others', () => {
    const draft = depositSettingsDraft(stored);
    expect(depositSettingsChanges({ ...draft, holdMinutes: ' ' }, stored)).toBeNull();
    expect(depositSettingsChanges({ ...draft, holdMinutes: '200', noShowDeposit: '5' }, stored)).toEqual({
      problems: { holdMinutes: 'holdMinutes must be a whole number from 5 to 120', noShowDeposit: AMOUNT_PROBLEM },
    });
  });
});
