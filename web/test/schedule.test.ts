import { canGoBack, dayView, isSlotsKey, longDate, shiftWeek, slotState, slotsUrl, weekOf } from '../src/public/booking/domain/schedule';
import { attemptFor } from '../src/public/booking/domain/idempotency';

describe('schedule week', () => {
  it('is the seven days from the Sunday of the given date', () => {
    expect(weekOf('2026-11-25')).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(weekOf('2026-11-22')[0]).toBe('2026-11-22');
    expect(weekOf('2026-12-31')).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('moves a week at a time and never back before the week of today', () => {
    expect(shiftWeek('2026-11-22', 1)).toBe('2026-11-29');
    expect(shiftWeek('2026-11-22', -1)).toBe('2026-11-15');
    expect(canGoBack('2026-11-22', '2026-11-25')).toBe(false);
    expect(canGoBack('2026-11-29', '2026-11-25')).toBe(true);
  });

  it('asks for a day with one treatmentId per chosen treatment', () => {
    expect(slotsUrl('clinic', '2026-11-25', ['a', 'b'])).toBe('/api/available-slots?offeringType=clinic&date=2026-11-25&treatmentId=a&treatmentId=b');
    expect(isSlotsKey([slotsUrl('studio', '2026-11-25', [])])).toBe(true);
    expect(isSlotsKey(['/api/treatments'])).toBe(false);
  });

  it('words a calendar date without any time zone shift', () => {
    expect(longDate('2026-11-22')).toBe('Sunday, November 22');
    expect(longDate('2026-11-22', 'EEE')).toBe('Sun');
  });
});

describe('a day of the schedule', () => {
  const slots = [
    { time: '09:00', available: true },
    { time: '09:30', available: false },
  ];
  it('shows Loading..., a failure, Closed, No slots, or the slots', () => {
    expect(dayView({ isPending: true, isError: false })).toEqual({ kind: 'loading' });
    expect(dayView({ isPending: false, isError: true })).toEqual({ kind: 'error' });
    expect(dayView({ isPending: false, isError: false, data: { slots: [], message: 'The clinic is closed on this day' } })).toEqual({ kind: 'closed' });
    expect(dayView({ isPending: false, isError: false, data: { slots: [], message: 'Closed' } })).toEqual({ kind: 'closed' });
    expect(dayView({ isPending: false, isError: false, data: { slots: [] } })).toEqual({ kind: 'empty' });
    expect(dayView({ isPending: false, isError: false, data: { slots } })).toEqual({ kind: 'slots', slots });
  });

  it('is closed only when the message has the word closed', () => {
    expect(dayView({ isPending: false, isError: false, data: { slots: [], message: 'Fully booked' } })).toEqual({ kind: 'empty' });
    expect(dayView({ isPending: false, isError: false, data: { slots: [], message: 'enclosed garden' } })).toEqual({ kind: 'empty' });
  });
});

describe('a slot as the visitor sees it', () => {
  const now = { today: '2026-11-25', time: '13:10' };
  it('is past once it has started in Manila, not Booked, whatever its flag', () => {
    expect(slotState({ time: '09:00', available: false }, '2026-11-23', now)).toBe('past');
    expect(slotState({ time: '13:00', available: false }, '2026-11-25', now)).toBe('past');
    expect(slotState({ time: '13:00', available: true }, '2026-11-25', now)).toBe('past');
    expect(slotState({ time: '13:10', available: false }, '2026-11-25', now)).toBe('past');
  });

  it('is booked when a later slot is unavailable, and free otherwise', () => {
    expect(slotState({ time: '13:30', available: false }, '2026-11-25', now)).toBe('booked');
    expect(slotState({ time: '13:30', available: true }, '2026-11-25', now)).toBe('free');
    expect(slotState({ time: '09:00', available: true }, '2026-11-26', now)).toBe('free');
  });
});

describe('idempotency key of a booking attempt', () => {
  let n = 0;
  const next = () => `key-${++n}`;
  it('is reused when the same form is sent again, and new when anything changed', () => {
    const first = attemptFor('{"a":1}', null, next);
    expect(attemptFor('{"a":1}', first, next)).toBe(first);
    expect(attemptFor('{"a":2}', first, next).key).not.toBe(first.key);
  });
});
