import { POLICY_MESSAGES, WAITLIST_MESSAGES, type SlotsRangeResponse } from '@bb/contracts';
import { bookingPrefill } from '../src/public/booking/domain/prefill';
import { canWaitFor, dayView, dayViewsOfRange, isSlotsKey, rangeSlotsUrl, scheduleProblem } from '../src/public/booking/domain/schedule';
import { EMPTY_BOOKING } from '../src/public/booking/domain/validation';
import { isChosen, toWaitlistRequest, waitlistProblems } from '../src/public/booking/domain/waitlist';

describe('the schedule week in one call', () => {
  it('asks for the range with one treatmentId per chosen item, under the slots prefix', () => {
    const url = rangeSlotsUrl('clinic', '2026-11-22', '2026-11-28', ['a', 'b']);
    expect(url).toBe('/api/available-slots?offeringType=clinic&from=2026-11-22&to=2026-11-28&treatmentId=a&treatmentId=b');
    // A booking refreshes every cached day: the week's answer too.
    expect(isSlotsKey([url])).toBe(true);
  });

  const week = ['2026-11-22', '2026-11-23', '2026-11-24'];
  const answer: SlotsRangeResponse = {
    days: [
      { date: '2026-11-22', closed: true, slots: [], message: 'The clinic is closed on Sundays.' },
      {
        date: '2026-11-23',
        closed: false,
        slots: [
          { time: '09:00', available: true },
          { time: '09:30', available: false, full: true },
        ],
      },
      { date: '2026-11-24', closed: true, slots: [], message: 'The clinic is closed on Tuesday, November 24, 2026 (Staff training).' },
    ],
  };

  it('gives each date its view: Closed with the reason, or its slots', () => {
    expect(dayViewsOfRange(week, { isPending: false, isError: false, data: answer })).toEqual([
      { kind: 'closed', message: 'The clinic is closed on Sundays.' },
      { kind: 'slots', slots: answer.days[1].slots },
      { kind: 'closed', message: 'The clinic is closed on Tuesday, November 24, 2026 (Staff training).' },
    ]);
  });

  it('is Closed by the flag even when the message does not say the word', () => {
    const data = { days: [{ date: '2026-11-22', closed: true, slots: [] }] };
    expect(dayViewsOfRange(['2026-11-22'], { isPending: false, isError: false, data })).toEqual([{ kind: 'closed' }]);
  });

  it('loads every day at once, fails every day at once, and reads a date missing from the answer as a failure', () => {
    expect(dayViewsOfRange(week, { isPending: true, isError: false })).toEqual(week.map(() => ({ kind: 'loading' })));
    expect(dayViewsOfRange(week, { isPending: false, isError: true })).toEqual(week.map(() => ({ kind: 'error' })));
    expect(dayViewsOfRange(['2026-11-30'], { isPending: false, isError: false, data: answer })).toEqual([{ kind: 'error' }]);
  });

  it('shows the named reason for a day beyond the horizon instead of a column of Booked', () => {
    const message = POLICY_MESSAGES.horizon(90);
    const data = { days: [{ date: '2027-06-01', closed: false, slots: [{ time: '09:00', available: false }], message }] };
    expect(dayViewsOfRange(['2027-06-01'], { isPending: false, isError: false, data })).toEqual([{ kind: 'note', message }]);
    // A full day is not a note: its slots can still be waited for.
    const full = { slots: [{ time: '09:00', available: false, full: true }], message: 'Fully booked' };
    expect(dayView({ isPending: false, isError: false, data: full })).toEqual({ kind: 'slots', slots: full.slots });
  });
});

describe('waiting for a full slot', () => {
  const now = { today: '2026-11-25', time: '13:10' };

  it('is offered for a slot that lacks only capacity and has not started', () => {
    expect(canWaitFor({ time: '14:00', available: false, full: true }, '2026-11-25', now)).toBe(true);
    expect(canWaitFor({ time: '14:00', available: false }, '2026-11-25', now)).toBe(false);
    expect(canWaitFor({ time: '13:00', available: false, full: true }, '2026-11-25', now)).toBe(false);
    expect(canWaitFor({ time: '14:00', available: true }, '2026-11-25', now)).toBe(false);
  });

  it('words a typed full time with the waitlist, and a date beyond the horizon with the policy', () => {
    const day = { kind: 'slots' as const, slots: [{ time: '14:00', available: false, full: true }] };
    expect(scheduleProblem('2026-11-26', '14:00', day, now)?.description).toBe(
      '2:00 PM on Thursday, November 26 is fully booked. Please pick one of the free times, or ask below to be told if it frees up.',
    );
    const message = POLICY_MESSAGES.horizon(90);
    expect(scheduleProblem('2027-06-01', '', { kind: 'note', message }, now)).toEqual({
      field: 'preferredDate',
      title: 'Date Not Available',
      description: message,
    });
  });

  // What a waitlist request carries of the form; the form also has a name to trim, an age and notes.
  const sent = {
    firstName: 'Ana',
    lastName: 'Cruz',
    email: 'ana@example.ph',
    contact: '0917 123 4567',
    preferredDate: '2026-11-26',
    preferredTime: '14:00',
    treatments: ['t1'],
  };
  const form = { ...EMPTY_BOOKING, ...sent, firstName: ' Ana ', age: 'abc', notes: 'x' };

  it('needs the booking form’s own fields, with its messages, but not age or notes', () => {
    expect(waitlistProblems(form, 'clinic')).toEqual([]);
    const problems = waitlistProblems({ ...form, firstName: '', email: 'nope', treatments: [] }, 'clinic');
    expect(problems.map((p) => p.field)).toEqual(['firstName', 'email', 'treatments']);
  });

  it('sends the form’s fields for the slot', () => {
    expect(toWaitlistRequest(form, 'clinic')).toEqual({ ...sent, offeringType: 'clinic' });
    expect(WAITLIST_MESSAGES.notFull).toMatch(/available now/);
  });

  it('follows the slot refused as full only while the form still holds it', () => {
    expect(isChosen({ date: '2026-11-26', time: '14:00' }, form)).toBe(true);
    expect(isChosen({ date: '2026-11-26', time: '14:30' }, form)).toBe(false);
    expect(isChosen(null, form)).toBe(false);
  });
});

describe('a booking link filling in the form', () => {
  const offered = ['t1', 't2', 't3'];
  const read = (query: string) => bookingPrefill(new URLSearchParams(query), offered);

  it("takes the waitlist mail's items, date and time", () => {
    expect(read('date=2026-12-08&time=14:30&item=t2&item=t1')).toEqual({ treatments: ['t2', 't1'], preferredDate: '2026-12-08', preferredTime: '14:30' });
  });

  it("takes a detail page's one item alone", () => {
    expect(read('item=t3')).toEqual({ treatments: ['t3'], preferredDate: '', preferredTime: '' });
  });

  it('drops items the form does not offer, repeats, and a date or time not in its format', () => {
    expect(read('item=gone&item=t1&item=t1&date=8/12/2026&time=14:30')).toEqual({ treatments: ['t1'], preferredDate: '', preferredTime: '' });
    expect(read('item=t1&date=2026-12-08&time=2pm')).toEqual({ treatments: ['t1'], preferredDate: '2026-12-08', preferredTime: '' });
  });

  it('fills in nothing without an item it offers', () => {
    expect(read('date=2026-12-08&time=14:30')).toBeNull();
    expect(read('item=gone')).toBeNull();
  });
});
