import { blocksCovering, manilaInstant, weekdayOf } from '@bb/service-kit';
import { POLICY_MESSAGES } from '@bb/contracts';
import {
  bookingDuration,
  checkSlot,
  datesOf,
  daySlots,
  lastBookableDate,
  longDate,
  planDay,
  slotsAnswer,
  slotsResponse,
  type CapacityHold,
  type DayRequest,
  type OfficeDay,
  type SlotPolicy,
} from '../src/domain/slots';

const MONDAY = '2030-01-07';
const SUNDAY = '2030-01-06';
const NINE_TO_FIVE: OfficeDay = { isActive: true, startTime: '09:00', endTime: '17:00' };
const LONG_AGO = new Date('2020-01-01T00:00:00Z');

const at = (time: string, date = MONDAY) => {
  const [h, m] = time.split(':').map(Number);
  return manilaInstant(date, h * 60 + m);
};
const booked = (time: string, minutes: number, status: CapacityHold['status'] = 'pending'): CapacityHold => ({
  startTime: at(time),
  endTime: new Date(at(time).getTime() + minutes * 60000),
  status,
});
const plan = (over: Partial<DayRequest> = {}) =>
  planDay({ date: MONDAY, hours: NINE_TO_FIVE, durationMinutes: 60, capacity: 1, holds: [], now: LONG_AGO, ...over });
const response = (over: Partial<DayRequest> = {}) => slotsResponse(plan(over), 'clinic');
const availableTimes = (over: Partial<DayRequest> = {}) =>
  response(over)
    .slots.filter((s) => s.available)
    .map((s) => s.time);
const unavailableTimes = (over: Partial<DayRequest> = {}) =>
  response(over)
    .slots.filter((s) => !s.available)
    .map((s) => s.time);

describe('Manila time', () => {
  it('places a Manila wall-clock time 8 hours ahead of UTC', () => {
    expect(at('09:00').toISOString()).toBe('2030-01-07T01:00:00.000Z');
    expect(manilaInstant(MONDAY, 0).toISOString()).toBe('2030-01-06T16:00:00.000Z');
    expect(weekdayOf(MONDAY)).toBe(1);
    expect(weekdayOf(SUNDAY)).toBe(0);
  });

  it('counts every 30-minute block an interval overlaps, on the :00/:30 grid', () => {
    expect(blocksCovering(at('09:00'), at('10:30')).map((b) => b.toISOString())).toEqual([
      '2030-01-07T01:00:00.000Z',
      '2030-01-07T01:30:00.000Z',
      '2030-01-07T02:00:00.000Z',
    ]);
    expect(blocksCovering(at('09:15'), at('09:45'))).toHaveLength(2);
  });
});

describe('booking duration', () => {
  it('adds up the chosen items and counts 60 minutes for an item without a duration', () => {
    expect(bookingDuration([{ defaultDuration: 30 }, { defaultDuration: 45 }])).toBe(75);
    expect(bookingDuration([{ defaultDuration: 30 }, { defaultDuration: null }])).toBe(90);
  });

  it('is 60 minutes when nothing is chosen', () => {
    expect(bookingDuration([])).toBe(60);
  });
});

describe('slots of a day', () => {
  it('starts slots every 30 minutes from opening while start + duration fits before closing', () => {
    const times = response().slots.map((s) => s.time);
    expect(times[0]).toBe('09:00');
    expect(times[1]).toBe('09:30');
    expect(times.at(-1)).toBe('16:00');
    expect(times).toHaveLength(15);
  });

  it('offers the last slot that ends exactly at closing time and none that would run past it', () => {
    const times = response({ durationMinutes: 90 }).slots.map((s) => s.time);
    expect(times.at(-1)).toBe('15:30');
    expect(times).not.toContain('16:00');
    expect(
      response({ durationMinutes: 30 })
        .slots.map((s) => s.time)
        .at(-1),
    ).toBe('16:30');
  });

  it('makes a 90-minute booking take all three blocks it spans', () => {
    const holds = [booked('10:00', 90)];
    // 60-minute slots touching 10:00–11:30 are taken; 11:30 is free again.
    expect(unavailableTimes({ holds })).toEqual(['09:30', '10:00', '10:30', '11:00']);
    expect(availableTimes({ holds })).toContain('09:00');
    expect(availableTimes({ holds })).toContain('11:30');
  });

  it('with capacity 2 allows two overlapping appointments of different lengths and no third', () => {
    // 09:00–10:30 and 10:00–11:00 overlap in the 10:00 block only.
    const holds = [booked('09:00', 90), booked('10:00', 60)];
    const free = availableTimes({ holds, capacity: 2, durationMinutes: 30 });
    expect(free).toEqual(expect.arrayContaining(['09:00', '09:30', '10:30', '11:00']));
    expect(free).not.toContain('10:00');
    // A 60-minute booking at 09:30 covers 09:30 (one taken) and 10:00 (two taken): full.
    expect(checkSlot(plan({ holds, capacity: 2, durationMinutes: 60 }), '09:30')).toEqual({ ok: false, reason: 'full' });
    expect(checkSlot(plan({ holds, capacity: 2, durationMinutes: 60 }), '10:30')).toMatchObject({ ok: true });
  });

  it('ignores cancelled appointments', () => {
    const holds = [booked('09:00', 60, 'cancelled'), booked('09:00', 60, 'cancelled')];
    expect(availableTimes({ holds })).toContain('09:00');
  });

  it('counts each 30-minute seat of a stored booking like the part of the appointment it stands for', () => {
    const seat = (time: string): CapacityHold => ({ startTime: at(time), endTime: new Date(at(time).getTime() + 30 * 60000) });
    const fromSeats = response({ holds: [seat('10:00'), seat('10:30'), seat('11:00')] });
    expect(fromSeats).toEqual(response({ holds: [booked('10:00', 90)] }));
  });

  it('counts done appointments like pending ones', () => {
    expect(unavailableTimes({ holds: [booked('09:00', 60, 'done')] })).toContain('09:00');
  });

  it('marks the slots of today that have started, in Manila time, as unavailable', () => {
    // 10:15 in Manila is 02:15 UTC: the 10:00 slot has started, 10:30 has not.
    const now = new Date('2030-01-07T02:15:00Z');
    expect(unavailableTimes({ now })).toEqual(['09:00', '09:30', '10:00']);
    expect(availableTimes({ now })[0]).toBe('10:30');
    expect(checkSlot(plan({ now }), '09:30')).toEqual({ ok: false, reason: 'past' });
  });

  it('treats a slot starting exactly now as past', () => {
    expect(checkSlot(plan({ now: at('10:00') }), '10:00')).toEqual({ ok: false, reason: 'past' });
  });

  it('answers a closed day with no slots and a message containing "closed"', () => {
    const closed = response({ date: SUNDAY, hours: { isActive: false, startTime: '09:00', endTime: '17:00' } });
    expect(closed.slots).toEqual([]);
    expect(closed.message).toContain('closed');
    expect(closed.message).toContain('Sunday');
    expect(checkSlot(plan({ hours: { isActive: false, startTime: '09:00', endTime: '17:00' } }), '09:00')).toEqual({ ok: false, reason: 'closed' });
  });

  it('reads office hours written as HH:mm:ss', () => {
    const times = response({ hours: { isActive: true, startTime: '08:30:00', endTime: '12:00:00' } }).slots.map((s) => s.time);
    expect(times).toEqual(['08:30', '09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('says why there are no slots when the services take longer than the opening hours', () => {
    const result = response({ hours: { isActive: true, startTime: '09:00', endTime: '10:00' }, durationMinutes: 120 });
    expect(result.slots).toEqual([]);
    expect(result.message).not.toContain('closed');
  });

  it('refuses a time that is not one of the slots', () => {
    expect(checkSlot(plan(), '09:10')).toEqual({ ok: false, reason: 'not-a-slot' });
    expect(checkSlot(plan(), '18:00')).toEqual({ ok: false, reason: 'not-a-slot' });
  });

  it('gives a bookable slot its start and end instants', () => {
    const check = checkSlot(plan({ durationMinutes: 90 }), '13:00');
    expect(check).toMatchObject({ ok: true, slot: { start: at('13:00'), end: at('14:30') } });
  });
});

describe('date overrides in the slots', () => {
  it('names the date and the note when an override closes the day', () => {
    const closed = slotsResponse(
      planDay({
        date: '2026-12-25',
        hours: { isActive: false, startTime: '', endTime: '' },
        override: { note: 'Christmas Day' },
        durationMinutes: 60,
        capacity: 1,
        holds: [],
        now: LONG_AGO,
      }),
      'clinic',
    );
    expect(closed).toEqual({ slots: [], message: 'The clinic is closed on Friday, 25 December 2026 (Christmas Day).' });
    expect(longDate('2030-01-07')).toBe('Monday, 7 January 2030');
  });

  it('answers a day of a range as the single date, with the date and whether it is closed', () => {
    expect(daySlots(plan(), 'clinic')).toEqual({ date: MONDAY, closed: false, ...response() });
    const sunday = planDay({
      date: SUNDAY,
      hours: { isActive: false, startTime: '09:00', endTime: '17:00' },
      durationMinutes: 60,
      capacity: 1,
      holds: [],
      now: LONG_AGO,
    });
    expect(daySlots(sunday, 'studio')).toEqual({ date: SUNDAY, closed: true, slots: [], message: 'The studio is closed on Sundays.' });
  });
});

describe('booking policy in the slots', () => {
  const POLICY: SlotPolicy = { minimumNoticeMinutes: 120, horizonDays: 90, bufferMinutes: 0 };
  const withPolicy = (policy: Partial<SlotPolicy>, over: Partial<DayRequest> = {}) => plan({ policy: { ...POLICY, ...policy }, ...over });
  const stateOf = (p: ReturnType<typeof plan>, time: string) => (p.open ? p.slots.find((s) => s.time === time)?.state : 'closed');

  it('refuses a slot starting inside the minimum notice and takes one starting exactly at its end', () => {
    const p = withPolicy({}, { now: at('08:00') });
    expect(stateOf(p, '09:00')).toBe('notice');
    expect(stateOf(p, '09:30')).toBe('notice');
    expect(stateOf(p, '10:00')).toBe('available');
    expect(checkSlot(p, '09:30')).toEqual({ ok: false, reason: 'notice' });
  });

  it('says past before notice, and full before notice and horizon', () => {
    const now = at('10:15');
    expect(checkSlot(withPolicy({}, { now }), '10:00')).toEqual({ ok: false, reason: 'past' });
    expect(checkSlot(withPolicy({}, { now }), '10:30')).toEqual({ ok: false, reason: 'notice' });
    expect(checkSlot(withPolicy({}, { now, holds: [booked('11:00', 30)] }), '11:00')).toEqual({ ok: false, reason: 'full' });
    const farAhead = withPolicy({ horizonDays: 1 }, { now: LONG_AGO, holds: [booked('11:00', 30)] });
    expect(checkSlot(farAhead, '11:00')).toEqual({ ok: false, reason: 'full' });
    expect(checkSlot(farAhead, '13:00')).toEqual({ ok: false, reason: 'horizon' });
  });

  it('marks full only a slot that lacks capacity alone', () => {
    const holds = [booked('11:00', 30), booked('15:00', 30)];
    const slots = slotsResponse(withPolicy({}, { now: at('10:15'), holds }), 'clinic').slots;
    // 11:00 is full but inside the notice too: freeing it would not make it bookable.
    expect(slots.find((s) => s.time === '11:00')).toEqual({ time: '11:00', available: false, reason: 'full' });
    expect(slots.find((s) => s.time === '15:00')).toEqual({ time: '15:00', available: false, full: true, reason: 'full' });
    expect(slots.find((s) => s.time === '16:00')).toEqual({ time: '16:00', available: true });
    expect(slots.find((s) => s.time === '09:00')).toEqual({ time: '09:00', available: false, reason: 'past' });
  });

  it('opens dates up to today + horizonDays in Manila and closes every slot after, with a message naming the rule', () => {
    const now = new Date('2030-01-01T17:00:00Z'); // 01:00 on 2 January in Manila
    expect(lastBookableDate(now, 5)).toBe(MONDAY);
    const within = withPolicy({ horizonDays: 5 }, { now });
    expect(slotsResponse(within, 'clinic').slots.every((s) => s.available)).toBe(true);
    const beyond = withPolicy({ horizonDays: 4 }, { now });
    const answer = slotsResponse(beyond, 'clinic');
    expect(answer.slots).toHaveLength(15);
    expect(answer.slots.some((s) => s.available || s.full)).toBe(false);
    expect(answer.message).toBe(POLICY_MESSAGES.horizon(4));
  });

  it('holds the buffer after each appointment: a buffer never lets two appointments touch, either way', () => {
    const early: OfficeDay = { isActive: true, startTime: '08:00', endTime: '17:00' };
    // An appointment 10:00–11:00 with a 30-minute buffer holds the seats of 10:00–11:30.
    const holds = [booked('10:00', 90)];
    const p = withPolicy({ minimumNoticeMinutes: 0, bufferMinutes: 30 }, { hours: early, holds, now: at('06:00') });
    // After it: 11:00 would start inside its buffer; 11:30 is the first.
    expect(stateOf(p, '11:00')).toBe('full');
    expect(stateOf(p, '11:30')).toBe('available');
    // Before it: 09:00–10:00 plus its own buffer would reach 10:30; 08:30–09:30 plus 30 ends at 10:00.
    expect(stateOf(p, '09:00')).toBe('full');
    expect(stateOf(p, '09:30')).toBe('full');
    expect(stateOf(p, '08:30')).toBe('available');
    // Without a buffer the same appointment (10:00–11:00) lets both neighbours touch it.
    const plain = withPolicy({ minimumNoticeMinutes: 0 }, { hours: early, holds: [booked('10:00', 60)], now: at('06:00') });
    expect(stateOf(plain, '09:00')).toBe('available');
    expect(stateOf(plain, '11:00')).toBe('available');
  });

  it('does not clip the buffer at closing: the last slot holds blocks after it', () => {
    const check = checkSlot(withPolicy({ minimumNoticeMinutes: 0, bufferMinutes: 60 }, { now: at('06:00') }), '16:00');
    expect(check).toMatchObject({ ok: true, slot: { end: at('17:00'), holdEnd: at('18:00') } });
  });
});

describe('why a slot cannot be booked', () => {
  // The business clock of these answers: Monday 7 January 2030, 10:15 in Manila.
  const NOW = at('10:15');
  const POLICY: SlotPolicy = { minimumNoticeMinutes: 120, horizonDays: 90, bufferMinutes: 0 };
  const day = (over: Partial<DayRequest> = {}) =>
    planDay({ date: MONDAY, hours: NINE_TO_FIVE, durationMinutes: 60, capacity: 1, holds: [], now: NOW, policy: POLICY, ...over });
  const slotOf = (answer: { slots: { time: string }[] }, time: string) => answer.slots.find((s) => s.time === time);

  it('names it in `reason`: past, inside the notice, full; an available slot has none', () => {
    const answer = slotsResponse(day({ holds: [booked('14:00', 30)] }), 'clinic');
    expect(slotOf(answer, '09:30')).toEqual({ time: '09:30', available: false, reason: 'past' });
    expect(slotOf(answer, '10:00')).toEqual({ time: '10:00', available: false, reason: 'past' });
    expect(slotOf(answer, '10:30')).toEqual({ time: '10:30', available: false, reason: 'notice' });
    expect(slotOf(answer, '12:00')).toEqual({ time: '12:00', available: false, reason: 'notice' });
    expect(slotOf(answer, '12:30')).toEqual({ time: '12:30', available: true });
    expect(slotOf(answer, '13:30')).toEqual({ time: '13:30', available: false, full: true, reason: 'full' });
    expect(slotOf(answer, '14:00')).toEqual({ time: '14:00', available: false, full: true, reason: 'full' });
    expect(slotOf(answer, '14:30')).toEqual({ time: '14:30', available: true });
  });

  it('says horizon for every free slot of a date beyond it, and full for one taken there', () => {
    // 7 January is more than 3 days after 2 January.
    const beyond = slotsResponse(day({ now: new Date('2030-01-02T01:00:00Z'), policy: { ...POLICY, horizonDays: 3 }, holds: [booked('11:00', 30)] }), 'clinic');
    expect(slotOf(beyond, '09:00')).toEqual({ time: '09:00', available: false, reason: 'horizon' });
    expect(slotOf(beyond, '11:00')).toEqual({ time: '11:00', available: false, reason: 'full' });
    expect(beyond.message).toBe(POLICY_MESSAGES.horizon(3));
  });

  it('gives a reason exactly when a slot is unavailable, for a single date and every day of a range alike', () => {
    const plans = [
      day({ holds: [booked('14:00', 30)] }),
      day({ date: '2030-01-08', holds: [{ startTime: at('09:00', '2030-01-08'), endTime: at('11:00', '2030-01-08') }] }),
      day({ date: '2030-01-09' }),
    ];
    const single = slotsAnswer([plans[0]], 'clinic', true);
    const range = slotsAnswer(plans, 'clinic', false);
    if (!('days' in range) || 'days' in single) throw new Error('a range answers days, a date its slots');
    expect(range.days[0]).toEqual({ date: MONDAY, closed: false, ...single });
    const every = range.days.flatMap((d) => d.slots);
    expect(every.filter((s) => s.available).length).toBeGreaterThan(0);
    for (const slot of every) expect([slot.time, slot.available, slot.reason === undefined]).toEqual([slot.time, slot.available, slot.available]);
    expect(slotOf(range.days[1], '09:30')).toEqual({ time: '09:30', available: false, full: true, reason: 'full' });
    expect(range.days[2].slots.every((s) => s.available)).toBe(true);
  });

  it('reads a range call as every date from `from` to `to`, and a single date as itself', () => {
    expect(datesOf({ date: MONDAY })).toEqual([MONDAY]);
    expect(datesOf({ from: '2030-12-30', to: '2031-01-02' })).toEqual(['2030-12-30', '2030-12-31', '2031-01-01', '2031-01-02']);
  });
});
