import { manilaInstant, MINUTE_MS } from '@bb/service-kit';
import { assignSlot, blocksTakenOn, needsOf, worksThrough, type PractitionerDay, type ResourceNeeds } from '../src/domain/resources';
import { planDay } from '../src/domain/slots';

// Who takes a slot when items need a practitioner, rooms or equipment: pure rules.

const DATE = '2030-01-07';
const at = (hour: number, minute = 0) => manilaInstant(DATE, hour * 60 + minute);
const hours = (startTime: string, endTime: string) => ({ isActive: true, startTime, endTime });
const ana: PractitionerDay = { key: 'pana', name: 'Ana', hours: hours('09:00', '17:00') };
const bea: PractitionerDay = { key: 'pbea', name: 'Bea', hours: hours('12:00', '18:00') };
const onLeave: PractitionerDay = { key: 'pcy', name: 'Cy', hours: { isActive: false, startTime: '09:00', endTime: '17:00' } };
const laser = { key: 'xlaser', count: 1 };
const taken = (entries: [string, number, number][]) => {
  const map = new Map<string, Map<number, number>>();
  for (const [key, start, places] of entries) map.set(key, (map.get(key) ?? new Map<number, number>()).set(start, places));
  return map;
};
const hourSlot = (hour: number) => [at(hour), at(hour + 1), at(hour + 1)] as const;

describe('assigning a slot', () => {
  const needs: ResourceNeeds = { practitioners: [ana, bea, onLeave], rooms: [laser] };

  it('gives "any" to the least booked that day among those working and free, then by name', () => {
    expect(assignSlot(needs, taken([]), DATE, ...hourSlot(13))).toEqual({ ok: true, practitioner: ana });
    const anaBusyEarlier = taken([['pana', at(9).getTime(), 1]]);
    expect(assignSlot(needs, anaBusyEarlier, DATE, ...hourSlot(13))).toEqual({ ok: true, practitioner: bea });
    // Before noon only Ana works.
    expect(assignSlot(needs, anaBusyEarlier, DATE, ...hourSlot(10))).toEqual({ ok: true, practitioner: ana });
  });

  it('never assigns someone who does not work through the slot, is on leave, or is taken in one of its blocks', () => {
    expect(assignSlot({ practitioners: [bea, onLeave], rooms: [] }, taken([]), DATE, ...hourSlot(10))).toEqual({ ok: false, reason: 'nobody-works' });
    expect(assignSlot({ practitioners: [bea], rooms: [] }, taken([]), DATE, at(17, 30), at(18, 30), at(18, 30))).toEqual({ ok: false, reason: 'nobody-works' });
    const anaAt1330 = taken([['pana', at(13, 30).getTime(), 1]]);
    expect(assignSlot({ practitioners: [ana], rooms: [] }, anaAt1330, DATE, ...hourSlot(13))).toEqual({ ok: false, reason: 'taken' });
  });

  it('gives the one asked for, or nothing', () => {
    expect(assignSlot(needs, taken([]), DATE, ...hourSlot(13), 'pbea')).toEqual({ ok: true, practitioner: bea });
    expect(assignSlot(needs, taken([]), DATE, ...hourSlot(10), 'pbea')).toEqual({ ok: false, reason: 'nobody-works' });
  });

  it('needs every room free in every block, the buffer included', () => {
    const laserAt14 = taken([['xlaser', at(14).getTime(), 1]]);
    expect(assignSlot(needs, laserAt14, DATE, ...hourSlot(13))).toEqual({ ok: true, practitioner: ana });
    expect(assignSlot(needs, laserAt14, DATE, at(13), at(14), at(14, 30))).toEqual({ ok: false, reason: 'taken' });
    expect(assignSlot({ practitioners: null, rooms: [laser] }, laserAt14, DATE, ...hourSlot(14))).toEqual({ ok: false, reason: 'taken' });
    expect(assignSlot({ practitioners: null, rooms: [{ key: 'xlaser', count: 2 }] }, laserAt14, DATE, ...hourSlot(14))).toEqual({
      ok: true,
      practitioner: null,
    });
  });

  it('counts blocks booked per day, and hours per date', () => {
    const t = taken([
      ['pana', at(9).getTime(), 1],
      ['pana', at(9, 30).getTime(), 1],
      ['pana', manilaInstant('2030-01-08', 9 * 60).getTime(), 1],
    ]);
    expect(blocksTakenOn(t, 'pana', DATE)).toBe(2);
    expect(worksThrough(ana, DATE, at(16), at(17))).toBe(true);
    expect(worksThrough(ana, DATE, at(16), new Date(at(17).getTime() + MINUTE_MS))).toBe(false);
  });
});

describe("a day's slots with resources", () => {
  const day = (resources: Parameters<typeof planDay>[0]['resources']) =>
    planDay({ date: DATE, hours: hours('09:00', '18:00'), capacity: 3, holds: [], durationMinutes: 60, now: new Date('2030-01-01T00:00:00Z'), resources });
  const slotsOf = (plan: ReturnType<typeof planDay>) => (plan.open ? plan.slots : []);

  it("are none while the only practitioner is on leave, and not the waitlist's", () => {
    const plan = slotsOf(day({ needs: { practitioners: [onLeave], rooms: [] }, taken: taken([]) }));
    expect(plan.every((slot) => slot.state === 'full' && !slot.lacksOnlyCapacity)).toBe(true);
  });

  it("are the chosen practitioner's hours only, each slot naming who takes it", () => {
    const plan = slotsOf(day({ needs: { practitioners: [ana, bea], rooms: [] }, taken: taken([]), wanted: 'pbea' }));
    expect(plan.filter((slot) => slot.state === 'available').map((slot) => slot.time)).toEqual([
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
    ]);
    expect(new Set(plan.flatMap((slot) => (slot.practitioner ? [slot.practitioner.name] : [])))).toEqual(new Set(['Bea']));
  });

  it('are full, for the waitlist, where the one laser is taken', () => {
    const plan = slotsOf(day({ needs: { practitioners: null, rooms: [laser] }, taken: taken([['xlaser', at(10).getTime(), 1]]) }));
    expect(plan.filter((slot) => slot.state === 'full').map((slot) => [slot.time, slot.lacksOnlyCapacity])).toEqual([
      ['09:30', true],
      ['10:00', true],
    ]);
  });

  it("without resources are the specification's, naming nobody", () => {
    const plan = slotsOf(day(undefined));
    expect(plan.every((slot) => slot.state === 'available' && slot.practitioner === null)).toBe(true);
  });
});

describe('what chosen items need', () => {
  const week = (startTime: string, endTime: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, isActive: true, startTime, endTime }));
  const profiles = [
    { id: 'ana', name: 'Ana', skills: ['laser-facial', 'peel'], hours: week('09:00', '17:00'), leave: [] },
    { id: 'bea', name: 'Bea', skills: ['peel'], hours: week('12:00', '18:00'), leave: [{ from: '2030-01-06', to: '2030-01-08' }] },
  ];
  const itemNeeds = new Map([
    ['laser-facial', { practitioner: true, rooms: ['laser', 'room'] }],
    ['peel', { practitioner: true, rooms: ['room'] }],
    ['consult', { practitioner: false, rooms: [] }],
  ]);
  const of = (ids: string[], date = '2030-01-09') =>
    needsOf(
      ids,
      (id) => itemNeeds.get(id) ?? null,
      profiles,
      [
        { id: 'laser', count: 1 },
        { id: 'room', count: 3 },
      ],
      date,
    );

  it('are those who perform every item, with their hours that date, and each room once', () => {
    expect(of(['peel'])).toEqual({
      practitioners: [
        { key: 'pana', name: 'Ana', hours: hours('09:00', '17:00') },
        { key: 'pbea', name: 'Bea', hours: hours('12:00', '18:00') },
      ],
      rooms: [{ key: 'xroom', count: 3 }],
    });
    expect(of(['laser-facial', 'peel'])).toEqual({
      practitioners: [{ key: 'pana', name: 'Ana', hours: hours('09:00', '17:00') }],
      rooms: [
        { key: 'xlaser', count: 1 },
        { key: 'xroom', count: 3 },
      ],
    });
  });

  it('take leave and days off into account', () => {
    expect(of(['peel'], '2030-01-07').practitioners?.map((p) => [p.name, p.hours.isActive])).toEqual([
      ['Ana', true],
      ['Bea', false],
    ]);
    expect(of(['peel'], '2030-01-12').practitioners?.every((p) => !p.hours.isActive)).toBe(true);
  });

  it("are nothing for items that need nothing or are not configured: the specification's slots", () => {
    expect(of(['consult', 'unknown'])).toEqual({ practitioners: null, rooms: [] });
  });
});
