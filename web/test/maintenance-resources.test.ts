import type { Practitioner, Requirement } from '@bb/contracts';
import { bookableIndex } from '../src/maintenance/domain/bookables';
import {
  dropTarget,
  offBands,
  phoneColumn,
  practitionerErrors,
  practitionerForm,
  practitionerProblems,
  practitionerSummary,
  practitionerUpdate,
  practitionerWeek,
  reassignable,
  reassignChoices,
  resourceCells,
  resourceColumns,
  stepColumn,
  UNASSIGNED,
  worksAt,
} from '../src/maintenance/domain/resources';
import { appointment } from './maintenance-fixtures';

// 2026-03-10 is a Tuesday (weekday 2).
const TUESDAY = '2026-03-10';
const WINDOW = { start: 9 * 60, end: 13 * 60 };
const index = bookableIndex([
  { id: 't1', name: 'Laser Facial', defaultDuration: 90 },
  { id: 't2', name: 'Consult', defaultDuration: 30 },
]);

const weekdays = (startTime: string, endTime: string) =>
  Array.from({ length: 7 }, (_, weekday) => ({ weekday, isActive: weekday >= 1 && weekday <= 5, startTime, endTime }));

const practitioner = (over: Partial<Practitioner> = {}): Practitioner => ({
  id: 'p-ana',
  name: 'Ana',
  imageUrl: '',
  offeringType: 'clinic',
  skills: ['t1'],
  hours: weekdays('09:00', '17:00'),
  leave: [],
  email: null,
  bookable: true,
  ...over,
});

const ana = practitioner();
const ben = practitioner({ id: 'p-ben', name: 'Ben', skills: ['t1', 't2'], hours: weekdays('10:00', '12:00') });
const cora = practitioner({ id: 'p-cora', name: 'Cora', offeringType: 'studio' });
const dan = practitioner({ id: 'p-dan', name: 'Dan', bookable: false });
const needs: Requirement[] = [{ bookableId: 't1', practitioner: true, rooms: [] }];

describe('resource calendar columns', () => {
  it('gives each practitioner of the side who takes bookings a column, by name; others and studio staff have none', () => {
    const columns = resourceColumns([ben, cora, dan, ana], 'clinic', [], [TUESDAY]);
    expect(columns.map((c) => c.id)).toEqual(['p-ana', 'p-ben']);
    expect(resourceColumns([ben, cora, ana], 'studio', [], [TUESDAY]).map((c) => c.id)).toEqual(['p-cora']);
  });

  it('adds Unassigned and anyone an appointment of the shown dates is with, but not for cancelled or other dates', () => {
    const list = [
      appointment({ id: 'a1', practitioner: { id: 'p-dan', name: 'Dan' } }),
      appointment({ id: 'a2' }),
      appointment({ id: 'a3', practitioner: { id: 'p-gone', name: 'Gone' }, status: 'cancelled' }),
      appointment({ id: 'a4', practitioner: { id: 'p-eve', name: 'Eve' }, preferredDate: '2026-03-11' }),
    ];
    const columns = resourceColumns([ana, dan], 'clinic', list, [TUESDAY]);
    expect(columns.map((c) => [c.id, c.name])).toEqual([
      ['p-ana', 'Ana'],
      ['p-dan', 'Dan'],
      [UNASSIGNED, 'Unassigned'],
    ]);
    expect(columns[1].practitioner).toBe(dan);
    expect(resourceColumns([ana], 'clinic', list, [TUESDAY, '2026-03-11']).map((c) => c.id)).toEqual(['p-ana', 'p-dan', 'p-eve', UNASSIGNED]);
  });
});

describe('placing appointments', () => {
  it("places each appointment in its practitioner's column at its time and height, unassigned ones in Unassigned", () => {
    const list = [
      appointment({ id: 'a1', preferredTime: '10:00', treatments: ['t1'], practitioner: { id: 'p-ben', name: 'Ben' } }),
      appointment({ id: 'a2', preferredTime: '09:30', treatments: ['t2'] }),
      appointment({ id: 'a3', preferredTime: '09:00', offeringType: 'studio', practitioner: { id: 'p-ben', name: 'Ben' } }),
      appointment({ id: 'a4', preferredDate: '2026-03-11', practitioner: { id: 'p-ben', name: 'Ben' } }),
    ];
    const dates = [TUESDAY, '2026-03-11'];
    const columns = resourceColumns([ana, ben], 'clinic', list, dates);
    const cells = resourceCells(list, 'clinic', dates, columns, index, WINDOW);
    expect(cells.map((c) => [c.date, c.column.id])).toEqual([
      [TUESDAY, 'p-ana'],
      [TUESDAY, 'p-ben'],
      [TUESDAY, UNASSIGNED],
      ['2026-03-11', 'p-ana'],
      ['2026-03-11', 'p-ben'],
      ['2026-03-11', UNASSIGNED],
    ]);
    const placed = cells.map((c) => c.events.map((e) => [e.appointment.id, e.row, e.span]));
    expect(placed).toEqual([[], [['a1', 2, 3]], [['a2', 1, 1]], [], [['a4', 2, 3]], []]);
  });

  it('puts two appointments of one practitioner at the same time side by side', () => {
    const list = ['a1', 'a2'].map((id) => appointment({ id, practitioner: { id: 'p-ana', name: 'Ana' } }));
    const [cell] = resourceCells(list, 'clinic', [TUESDAY], resourceColumns([ana], 'clinic', list, [TUESDAY]), index, WINDOW);
    expect(cell.events.map((e) => [e.lane, e.lanes])).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });
});

describe('not-working shading', () => {
  it("shades the rows outside the practitioner's hours of that weekday", () => {
    expect(offBands(ben, TUESDAY, WINDOW)).toEqual([
      { row: 0, span: 2, reason: 'off' },
      { row: 6, span: 2, reason: 'off' },
    ]);
    expect(offBands(ana, TUESDAY, WINDOW)).toEqual([]);
  });

  it('shades a day off and a day of leave (both ends included) whole', () => {
    expect(offBands(ana, '2026-03-08', WINDOW)).toEqual([{ row: 0, span: 8, reason: 'off' }]);
    const away = practitioner({ leave: [{ from: '2026-03-09', to: TUESDAY, note: 'Seminar' }] });
    expect(offBands(away, TUESDAY, WINDOW)).toEqual([{ row: 0, span: 8, reason: 'leave' }]);
    expect(offBands(away, '2026-03-11', WINDOW)).toEqual([]);
  });

  it('counts a row as worked only when the whole 30 minutes are inside the hours', () => {
    const short = practitioner({ hours: weekdays('09:15', '10:00') });
    expect(worksAt(short, TUESDAY, 9 * 60)).toBe(false);
    expect(worksAt(short, TUESDAY, 9 * 60 + 30)).toBe(true);
    expect(worksAt(short, TUESDAY, 10 * 60)).toBe(false);
  });

  it('does not shade the Unassigned column', () => {
    const list = [appointment({ id: 'a1', preferredDate: '2026-03-08' })];
    const cells = resourceCells(list, 'clinic', ['2026-03-08'], resourceColumns([ana], 'clinic', list, ['2026-03-08']), index, WINDOW);
    expect(cells.map((c) => [c.column.id, c.off.length])).toEqual([
      ['p-ana', 1],
      [UNASSIGNED, 0],
    ]);
  });
});

describe('phone: one practitioner at a time', () => {
  const columns = resourceColumns([ana, ben], 'clinic', [], [TUESDAY]);
  it('shows the chosen column, else the first', () => {
    expect(phoneColumn(columns, 'p-ben')?.id).toBe('p-ben');
    expect(phoneColumn(columns, 'p-gone')?.id).toBe('p-ana');
    expect(phoneColumn([], null)).toBeUndefined();
  });

  it('steps to the next and previous column, wrapping round', () => {
    expect(stepColumn(columns, 'p-ana', 1)).toBe('p-ben');
    expect(stepColumn(columns, 'p-ben', 1)).toBe('p-ana');
    expect(stepColumn(columns, 'p-ana', -1)).toBe('p-ben');
    expect(stepColumn([], 'p-ana', 1)).toBeUndefined();
  });
});

describe('reassigning', () => {
  const booked = appointment({ treatments: ['t1', 't2'], practitioner: { id: 'p-ana', name: 'Ana' } });

  it('offers bookable practitioners of the side who perform every item that needs one, not the current one', () => {
    const eve = practitioner({ id: 'p-eve', name: 'Eve', skills: ['t2'] });
    const all = practitioner({ id: 'p-all', name: 'Al', offeringType: 'both', skills: ['t1'] });
    expect(reassignChoices(booked, [ana, ben, cora, dan, eve, all], needs).map((p) => p.id)).toEqual(['p-all', 'p-ben']);
  });

  it('lets nobody take a cancelled or started appointment', () => {
    expect(reassignable(booked, '2026-03-09', '23:00')).toBe(true);
    expect(reassignable(booked, TUESDAY, '09:59')).toBe(true);
    expect(reassignable(booked, TUESDAY, '10:00')).toBe(false);
    expect(reassignable(booked, '2026-03-11', '08:00')).toBe(false);
    expect(reassignable({ ...booked, status: 'cancelled' }, '2026-03-01', '08:00')).toBe(false);
  });

  it("drops onto another practitioner's column of the same date only", () => {
    const cell = (date: string, id: string) => ({ date, column: { id, name: id, practitioner: null } });
    expect(dropTarget(booked, cell(TUESDAY, 'p-ben'))).toBe('p-ben');
    expect(dropTarget(booked, cell(TUESDAY, 'p-ana'))).toBeNull();
    expect(dropTarget(booked, cell(TUESDAY, UNASSIGNED))).toBeNull();
    expect(dropTarget(booked, cell('2026-03-11', 'p-ben'))).toBeNull();
  });
});

describe('practitioner editor', () => {
  it('shows weekdays never set up as days off with default times', () => {
    const week = practitionerWeek([{ weekday: 1, isActive: true, startTime: '08:00:00', endTime: '12:00' }]);
    expect(week[1]).toEqual({ dayOfWeek: 1, isActive: true, startTime: '08:00', endTime: '12:00' });
    expect(week[0]).toEqual({ dayOfWeek: 0, isActive: false, startTime: '09:00', endTime: '17:00' });
    expect(week).toHaveLength(7);
  });

  it('saves the whole form: a blank address as none, all seven weekdays, trimmed leave notes', () => {
    const form = { ...practitionerForm(practitioner({ email: 'ana@example.com' })), email: '  ' };
    form.leave = [{ from: '2026-04-01', to: '2026-04-03', note: ' Holiday ' }];
    const update = practitionerUpdate(form);
    expect(update).toMatchObject({ bookable: true, email: null, skills: ['t1'], leave: [{ from: '2026-04-01', to: '2026-04-03', note: 'Holiday' }] });
    expect(update.hours).toHaveLength(7);
    expect(update.hours?.[2]).toEqual({ weekday: 2, isActive: true, startTime: '09:00', endTime: '17:00' });
  });
});

describe('practitioner editor errors', () => {
  it("puts the server's details at the form's fields, a leave entry's by its number", () => {
    expect(
      practitionerErrors([
        { path: 'email', message: 'email must be an e-mail address, or null for none' },
        { path: 'hours.2.endTime', message: 'endTime must be after startTime' },
        { path: 'leave.1.to', message: 'leave must not end (to) before it starts (from)' },
        { path: 'email', message: 'second' },
        { path: 'other', message: 'ignored' },
      ]),
    ).toEqual({
      email: 'email must be an e-mail address, or null for none',
      week: 'endTime must be after startTime',
      leave: 'Leave 2: leave must not end (to) before it starts (from)',
    });
  });

  it("checks the form by the contract's rules before it is sent", () => {
    const form = practitionerForm(practitioner());
    expect(practitionerProblems(form)).toEqual({});
    const wrong = { ...form, email: 'not an address', leave: [{ from: '2026-04-03', to: '2026-04-01', note: '' }] };
    const problems = practitionerProblems(wrong);
    expect(problems.email).toMatch(/^email/);
    expect(problems.leave).toBe('Leave 1: leave must not end (to) before it starts (from)');
  });
});

describe('practitioner summary', () => {
  it('says whether they take bookings, how many skills, which days (Monday first) and the leave still to come', () => {
    const sundays = practitioner({ hours: [...weekdays('09:00', '17:00'), { weekday: 0, isActive: true, startTime: '09:00', endTime: '12:00' }].slice(1) });
    const away = {
      ...sundays,
      leave: [
        { from: '2026-03-01', to: '2026-03-02', note: '' },
        { from: '2026-03-09', to: TUESDAY, note: '' },
      ],
    };
    expect(practitionerSummary(away, TUESDAY)).toBe('Takes bookings · 1 skill · works Mon, Tue, Wed, Thu, Fri, Sun · 1 leave entry ahead');
    expect(practitionerSummary(practitioner({ bookable: false, skills: [], hours: [] }), TUESDAY)).toBe('Takes no bookings · 0 skills · works no day');
  });
});
