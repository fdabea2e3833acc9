import { blocksCovering, manilaInstant, weekdayOf } from '@bb/service-kit';
import { bookingDuration, checkSlot, daySlots, longDate, planDay, slotsResponse } from '../src/domain/slots';
import { at, availableTimes, booked, LONG_AGO, MONDAY, plan, response, SUNDAY, unavailableTimes } from './support/slot-plans';

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

  it("counts the ledger's places per 30-minute block like the appointment they stand for", () => {
    const taken = new Map(['10:00', '10:30', '11:00'].map((time) => [at(time).getTime(), 1]));
    expect(response({ taken })).toEqual(response({ holds: [booked('10:00', 90)] }));
    expect(response({ taken, capacity: 2, holds: [booked('10:00', 30)] })).toEqual(
      response({ capacity: 2, holds: [booked('10:00', 90), booked('10:00', 30)] }),
    );
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
