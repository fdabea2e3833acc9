import { POLICY_MESSAGES } from '@bb/contracts';
import {
  checkSlot,
  datesOf,
  lastBookableDate,
  planDay,
  slotsAnswer,
  slotsResponse,
  type DayRequest,
  type OfficeDay,
  type SlotPolicy,
} from '../src/domain/slots';
import { at, booked, LONG_AGO, MONDAY, NINE_TO_FIVE, plan } from './support/slot-plans';

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
    // An appointment 10:00–11:00 with a 30-minute buffer holds the places of 10:00–11:30.
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
