import {
  canGoBack,
  dayView,
  freeTimes,
  isSlotsKey,
  longDate,
  scheduleProblem,
  shiftWeek,
  slotChoice,
  slotState,
  slotsUrl,
  weekOf,
} from '../src/public/booking/domain/schedule';
import { attemptFor } from '../src/public/booking/domain/idempotency';
import { bookedSummary } from '../src/public/booking/domain/summary';
import { manilaMomentText } from '../src/shared/format';

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
    expect(dayView({ isPending: false, isError: false, data: { slots: [], message: 'The clinic is closed on this day' } })).toEqual({
      kind: 'closed',
      message: 'The clinic is closed on this day',
    });
    expect(dayView({ isPending: false, isError: false, data: { slots: [], message: 'Closed' } })).toEqual({ kind: 'closed', message: 'Closed' });
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

  it('is booked when a later slot is full, only unavailable when a server names no reason and no capacity, and free otherwise', () => {
    expect(slotState({ time: '13:30', available: false, full: true }, '2026-11-25', now)).toBe('booked');
    expect(slotState({ time: '13:30', available: false }, '2026-11-25', now)).toBe('unavailable');
    expect(slotState({ time: '13:30', available: true }, '2026-11-25', now)).toBe('free');
    expect(slotState({ time: '09:00', available: true }, '2026-11-26', now)).toBe('free');
  });

  it('leaves only the free times to choose from', () => {
    const day = [
      { time: '13:00', available: true },
      { time: '13:30', available: false },
      { time: '14:00', available: true },
    ];
    expect(freeTimes(day, '2026-11-25', now)).toEqual(['14:00']);
  });
});

describe('a typed date and time, checked against the day', () => {
  const now = { today: '2026-11-25', time: '13:10' };
  const day = {
    kind: 'slots' as const,
    slots: [
      { time: '09:00', available: true },
      { time: '09:30', available: false, reason: 'full' as const },
      { time: '14:00', available: true },
    ],
  };

  it('accepts a free slot, and says nothing while the day is unknown', () => {
    expect(scheduleProblem('2026-11-26', '09:00', day, now)).toBeNull();
    expect(scheduleProblem('2026-11-26', '09:15', { kind: 'loading' }, now)).toBeNull();
    expect(scheduleProblem('2026-11-26', '09:15', { kind: 'error' }, now)).toBeNull();
    expect(scheduleProblem('', '09:00', day, now)).toBeNull();
  });

  it('refuses a time that is not a slot of the day, a booked one and a past one, on the time field', () => {
    expect(scheduleProblem('2026-11-26', '09:15', day, now)).toEqual({
      field: 'preferredTime',
      title: 'Time Not Available',
      description: '9:15 AM is not one of the times we book on Thursday, November 26. Please pick one of the free times.',
    });
    expect(scheduleProblem('2026-11-26', '09:30', day, now)?.description).toBe(
      '9:30 AM on Thursday, November 26 is fully booked. Please pick one of the free times.',
    );
    expect(scheduleProblem('2026-11-25', '09:00', day, now)?.description).toBe(
      '9:00 AM on Wednesday, November 25 has already passed. Please pick a later time.',
    );
    expect(scheduleProblem('2026-11-25', '14:00', day, now)).toBeNull();
  });

  it('refuses a closed day or a past date on the date field, even before a time is typed', () => {
    expect(scheduleProblem('2026-11-29', '', { kind: 'closed' }, now)).toEqual({
      field: 'preferredDate',
      title: 'Date Not Available',
      description: 'We are closed on Sunday, November 29. Please choose another date.',
    });
    expect(scheduleProblem('2026-11-24', '', { kind: 'loading' }, now)?.field).toBe('preferredDate');
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

describe('the summary of a booking', () => {
  const names = new Map([
    ['a', 'Hydrafacial'],
    ['b', 'LED Therapy'],
  ]);
  const request = { treatments: ['b', 'a'], preferredDate: '2026-12-08', preferredTime: '14:30', offeringType: 'clinic' as const };
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012_-9';

  it('names what was booked, in the order chosen, when, where, the reference and where the confirmation went', () => {
    expect(bookedSummary(request, { id: '665f1c2ab4e8d90012ab34cd', email: 'ana@example.ph', manageToken: token }, names)).toEqual({
      items: ['LED Therapy', 'Hydrafacial'],
      when: 'Tuesday, December 8, 2026 at 2:30 PM',
      offering: 'Lumière Clinic',
      reference: '12AB34CD',
      practitioner: null,
      email: 'ana@example.ph',
      links: { page: `/manage/${token}`, calendar: `/api/manage/${token}/calendar.ics`, pay: `/pay/${token}` },
      deposit: null,
    });
  });

  it('says the deposit a booking waits for, and until when its time is held', () => {
    const holdExpiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const payment = { state: 'awaiting' as const, amount: 50_000, purpose: 'deposit' as const, holdExpiresAt, paymentId: null };
    const summary = bookedSummary(request, { id: 'x1', email: 'ana@example.ph', manageToken: token, payment }, names);
    expect(summary.deposit).toEqual({ amount: '₱500', until: manilaMomentText(holdExpiresAt) });
    expect(bookedSummary(request, { id: 'x1', email: 'ana@example.ph', manageToken: token, payment: null }, names).deposit).toBeNull();
  });

  it('offers no links when the server answered a repeated request without a token', () => {
    const summary = bookedSummary({ ...request, offeringType: 'studio' }, { id: 'x1', email: 'ana@example.ph', manageToken: null }, names);
    expect(summary.links).toBeNull();
    expect(summary.offering).toBe('Lumière Studio');
  });
});

describe('the schedule when moving a booking', () => {
  const now = { today: '2026-11-24', time: '09:00' };
  const current = { date: '2026-11-26', time: '10:00' };

  it("shows the visitor's own slot as theirs, whatever its flag, and every other slot as before", () => {
    expect(slotChoice({ time: '10:00', available: false }, '2026-11-26', now, current)).toBe('current');
    expect(slotChoice({ time: '10:00', available: true }, '2026-11-26', now, current)).toBe('current');
    expect(slotChoice({ time: '10:00', available: false, reason: 'full' }, '2026-11-27', now, current)).toBe('booked');
    expect(slotChoice({ time: '10:30', available: true }, '2026-11-26', now, current)).toBe('free');
    expect(slotChoice({ time: '08:30', available: true }, '2026-11-24', now)).toBe('past');
  });
});
