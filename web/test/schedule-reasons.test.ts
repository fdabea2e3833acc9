// Issue 26: the schedule tells the truth about each slot, names every chip, and finds the first free time.
import { POLICY_MESSAGES, type SlotUnavailableReason } from '@bb/contracts';
import {
  firstFreeSlot,
  isSlotsKey,
  manageSlotsUrl,
  scheduleProblem,
  slotChoice,
  slotName,
  slotState,
  TAKEN_LABEL,
  type DayOfSlots,
} from '../src/public/booking/domain/schedule';
import { weekDays, weekQueries } from '../src/public/booking/slots-query';

const now = { today: '2026-11-25', time: '13:10' };

describe('a slot the server says cannot be booked', () => {
  it('is Booked only when full, and says Past, Too soon or Not yet open for the other reasons', () => {
    const label = (reason: SlotUnavailableReason) => {
      const state = slotState({ time: '15:00', available: false, reason }, '2026-11-25', now);
      return state === 'free' ? 'free' : TAKEN_LABEL[state];
    };
    expect(label('full')).toBe('Booked');
    expect(label('notice')).toBe('Too soon');
    expect(label('horizon')).toBe('Not yet open');
    expect(label('past')).toBe('Past');
  });

  it('falls back, on a server that names no reason, to Booked for a full slot and to Unavailable (never Booked) otherwise', () => {
    expect(TAKEN_LABEL[slotState({ time: '15:00', available: false, full: true }, '2026-11-26', now) as 'booked']).toBe('Booked');
    expect(slotState({ time: '15:00', available: false }, '2026-11-26', now)).toBe('unavailable');
    expect(TAKEN_LABEL.unavailable).toBe('Unavailable');
    // A reason this page does not know yet reads as the fallback does.
    expect(slotState({ time: '15:00', available: false, reason: 'held' as SlotUnavailableReason }, '2026-11-26', now)).toBe('unavailable');
    expect(slotState({ time: '15:00', available: false, reason: 'held' as SlotUnavailableReason, full: true }, '2026-11-26', now)).toBe('booked');
  });

  it('is past once it has started by the Manila clock, whatever reason the server gave', () => {
    expect(slotState({ time: '13:00', available: false, reason: 'notice' }, '2026-11-25', now)).toBe('past');
    expect(slotState({ time: '13:00', available: true }, '2026-11-25', now)).toBe('past');
  });

  it('shows the visitor’s own slot as theirs when moving a booking, the neighbours as the server says', () => {
    const current = { date: '2026-11-26', time: '10:00' };
    expect(slotChoice({ time: '10:00', available: true }, '2026-11-26', now, current)).toBe('current');
    expect(slotChoice({ time: '10:30', available: true }, '2026-11-26', now, current)).toBe('free');
    expect(TAKEN_LABEL.current).toBe('Your time');
  });
});

describe('the name of each chip', () => {
  it('says the date and time of a free slot, and why for one that cannot be chosen', () => {
    expect(slotName('2026-12-08', '09:00', 'free')).toBe('Tuesday, December 8 at 9:00 AM');
    expect(slotName('2026-12-08', '09:00', 'booked')).toBe('Tuesday, December 8 at 9:00 AM: booked');
    expect(slotName('2026-12-08', '13:30', 'notice')).toBe('Tuesday, December 8 at 1:30 PM: too soon to book online');
    expect(slotName('2026-12-08', '13:30', 'horizon')).toBe('Tuesday, December 8 at 1:30 PM: not open for booking yet');
    expect(slotName('2026-12-08', '08:30', 'past')).toBe('Tuesday, December 8 at 8:30 AM: past');
    expect(slotName('2026-12-08', '10:00', 'current')).toBe('Tuesday, December 8 at 10:00 AM: your current time');
    expect(slotName('2026-12-08', '10:00', 'unavailable')).toBe('Tuesday, December 8 at 10:00 AM: unavailable');
  });
});

describe('a typed time the server refuses for a named reason', () => {
  const day = (reason: SlotUnavailableReason) => ({ kind: 'slots' as const, slots: [{ time: '15:00', available: false, reason }] });
  it('says why in words, never "fully booked" unless it is', () => {
    expect(scheduleProblem('2026-11-25', '15:00', day('notice'), now)?.description).toBe(
      '3:00 PM on Wednesday, November 25 is too soon to book online. Please pick a later time.',
    );
    expect(scheduleProblem('2026-11-25', '15:00', day('horizon'), now)?.description).toBe(
      '3:00 PM on Wednesday, November 25 is not open for booking yet. Please pick an earlier date.',
    );
    expect(scheduleProblem('2026-11-25', '15:00', day('full'), now)?.description).toMatch(/is fully booked/);
    expect(scheduleProblem('2026-11-25', '15:00', { kind: 'slots', slots: [{ time: '15:00', available: false }] }, now)?.description).toBe(
      '3:00 PM on Wednesday, November 25 cannot be booked. Please pick one of the free times.',
    );
  });
});

describe('the first free time', () => {
  const day = (date: string, slots: DayOfSlots['slots'], extra: Partial<DayOfSlots> = {}): DayOfSlots => ({ date, slots, ...extra });

  it('is the first free slot of the first day that has one, past and closed days skipped', () => {
    const days = [
      day('2026-11-22', [], { closed: true, message: 'The clinic is closed on Sundays.' }),
      day('2026-11-24', [{ time: '16:00', available: true }]),
      day('2026-11-25', [
        { time: '09:00', available: true },
        { time: '14:00', available: false, reason: 'notice' },
        { time: '15:30', available: false, reason: 'full' },
        { time: '16:00', available: true },
      ]),
      day('2026-11-26', [{ time: '09:00', available: true }]),
    ];
    expect(firstFreeSlot(days, now)).toEqual({ kind: 'found', slot: { date: '2026-11-25', time: '16:00' } });
  });

  it('asks for more days when none is free yet, and stops at the horizon (by reason, or by the message of an older server)', () => {
    expect(firstFreeSlot([day('2026-11-26', [{ time: '09:00', available: false, reason: 'full' }])], now)).toEqual({ kind: 'more' });
    expect(firstFreeSlot([day('2027-03-01', [{ time: '09:00', available: false, reason: 'horizon' }])], now)).toEqual({ kind: 'none' });
    expect(firstFreeSlot([day('2027-03-01', [{ time: '09:00', available: false }], { message: POLICY_MESSAGES.horizon(90) })], now)).toEqual({ kind: 'none' });
    // A full day with a message is not the horizon: the days after it may have room.
    expect(firstFreeSlot([day('2026-11-26', [{ time: '09:00', available: false, full: true }], { message: 'Fully booked' })], now)).toEqual({ kind: 'more' });
  });
});

describe('the week of a manage link', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012_-9';
  const days = ['2026-11-22', '2026-11-23'];

  it('asks the manage link for each day (its own seats count as free there), under the slots keys a move refreshes', () => {
    expect(manageSlotsUrl(token, '2026-11-23')).toBe(`/api/manage/${token}/available-slots?date=2026-11-23`);
    expect(weekQueries({ kind: 'manage', token }, days).map((q) => q.queryKey[0])).toEqual(days.map((d) => manageSlotsUrl(token, d)));
    expect(isSlotsKey([manageSlotsUrl(token, '2026-11-23')])).toBe(true);
    expect(isSlotsKey([`/api/manage/${token}`])).toBe(false);
  });

  it('asks an offering for the week in one call', () => {
    const [query, ...more] = weekQueries({ kind: 'offering', side: 'clinic', treatmentIds: ['t1'] }, ['2026-11-22', '2026-11-28']);
    expect(more).toEqual([]);
    expect(query.queryKey[0]).toBe('/api/available-slots?offeringType=clinic&from=2026-11-22&to=2026-11-28&treatmentId=t1');
  });

  it('puts the days together once every answer is in', () => {
    const source = { kind: 'manage' as const, token };
    expect(weekDays(source, days, [{ slots: [] }, undefined])).toBeNull();
    expect(weekDays(source, days, [{ slots: [], message: 'Closed' }, { slots: [{ time: '09:00', available: true }] }])).toEqual([
      { date: '2026-11-22', slots: [], message: 'Closed' },
      { date: '2026-11-23', slots: [{ time: '09:00', available: true }] },
    ]);
  });
});
