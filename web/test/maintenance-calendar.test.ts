import { appointmentDuration, bookableIndex, serviceNames } from '../src/maintenance/domain/bookables';
import {
  calendarColumns,
  calendarWindow,
  FALLBACK_WINDOW,
  focusLabel,
  initialFocus,
  initialWeek,
  layoutWeek,
  OFFERING_COLORS,
  shiftFocus,
  shownDates,
  slotRows,
  weekDates,
  weekLabel,
} from '../src/maintenance/domain/calendar';
import { parseClock } from '../src/maintenance/domain/clock';
import { appointment, hours } from './maintenance-fixtures';

const index = bookableIndex(
  [
    { id: 't1', name: 'Hydrafacial', defaultDuration: 90 },
    { id: 't2', name: 'Consult', defaultDuration: null },
  ],
  [{ id: 'p1', name: 'Portrait', defaultDuration: 30 }],
);

describe('bookables', () => {
  it('resolves names from treatments and packages, else Unknown Service', () => {
    expect(serviceNames(['t1', 'p1', 'zzz'], index)).toEqual(['Hydrafacial', 'Portrait', 'Unknown Service']);
  });

  it('sums booking durations, counting an unknown one as 60 minutes', () => {
    expect(appointmentDuration(['t1', 'p1'], index)).toBe(120);
    expect(appointmentDuration(['t2'], index)).toBe(60);
    expect(appointmentDuration(['zzz'], index)).toBe(60);
    expect(appointmentDuration([], index)).toBe(60);
  });
});

describe('clock times', () => {
  it('reads 24-hour, seconds and 12-hour forms', () => {
    expect(parseClock('09:30')).toBe(570);
    expect(parseClock('17:00:00')).toBe(1020);
    expect(parseClock('2:30 PM')).toBe(870);
    expect(parseClock('12:00 AM')).toBe(0);
    expect(parseClock('soon')).toBeNull();
  });
});

describe('calendar window', () => {
  it('spans the earliest opening to the latest closing of active days on 30-minute boundaries', () => {
    expect(calendarWindow([hours(1, '09:00', '17:00'), hours(6, '10:15:00', '19:45'), hours(0, '06:00', '22:00', false)])).toEqual({ start: 540, end: 1200 });
  });

  it('falls back to 8 to 18 when no day is open', () => {
    expect(calendarWindow([])).toEqual(FALLBACK_WINDOW);
    expect(calendarWindow([hours(1, '09:00', '17:00', false)])).toEqual({ start: 480, end: 1080 });
  });

  it('has a row every 30 minutes', () => {
    expect(slotRows({ start: 540, end: 660 })).toEqual([540, 570, 600, 630]);
  });
});

describe('weeks', () => {
  it('run Monday to Sunday', () => {
    expect(weekDates('2026-03-09')).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']);
    expect(weekLabel('2026-03-09')).toBe('Mar 9 – Mar 15, 2026');
  });

  it('open on this week, or on the week of the next booking when this week has none ahead', () => {
    const today = '2026-03-04'; // a Wednesday
    expect(initialWeek([], today)).toBe('2026-03-02');
    expect(initialWeek([appointment({ preferredDate: '2026-03-05' })], today)).toBe('2026-03-02');
    expect(initialWeek([appointment({ preferredDate: '2026-03-20' })], today)).toBe('2026-03-16');
  });

  it('ignore cancelled bookings when choosing the first week', () => {
    const list = [appointment({ id: 'x', preferredDate: '2026-03-10', status: 'cancelled' }), appointment({ id: 'y', preferredDate: '2026-03-25' })];
    expect(initialWeek(list, '2026-03-04')).toBe('2026-03-23');
  });
});

describe('week layout', () => {
  const window = { start: 480, end: 1080 };
  const monday = '2026-03-09';

  it('places a booking on its day and rows, with its duration from the bookables', () => {
    const [e] = layoutWeek([appointment({ preferredDate: '2026-03-10', preferredTime: '9:00 AM', treatments: ['t1'] })], monday, index, window);
    expect(e).toMatchObject({ dayIndex: 1, startMinutes: 540, endMinutes: 630, row: 2, span: 3, lane: 0, lanes: 1 });
  });

  it('hides cancelled bookings and bookings of other weeks', () => {
    const list = [appointment({ id: 'c', status: 'cancelled' }), appointment({ id: 'o', preferredDate: '2026-03-17' }), appointment({ id: 'k' })];
    expect(layoutWeek(list, monday, index, window).map((e) => e.appointment.id)).toEqual(['k']);
  });

  it('puts overlapping bookings side by side and gives later free time the full width', () => {
    const list = [
      appointment({ id: 'a', preferredTime: '10:00', treatments: ['t2'] }),
      appointment({ id: 'b', preferredTime: '10:30', treatments: ['p1'] }),
      appointment({ id: 'c', preferredTime: '13:00' }),
    ];
    const byId = Object.fromEntries(layoutWeek(list, monday, index, window).map((e) => [e.appointment.id, e]));
    expect(byId.a).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId.b).toMatchObject({ lane: 1, lanes: 2 });
    expect(byId.c).toMatchObject({ lane: 0, lanes: 1 });
  });

  it('clamps a booking outside the hours into the window so it stays visible', () => {
    const [e] = layoutWeek([appointment({ preferredTime: '17:30', treatments: ['t1'] })], monday, index, window);
    expect(e).toMatchObject({ row: 19, span: 1 });
  });

  it('colours rose for clinic, purple for studio and blue for both', () => {
    expect(OFFERING_COLORS.clinic.border).toBe('#e11d48');
    expect(OFFERING_COLORS.studio.border).toBe('#9333ea');
    expect(OFFERING_COLORS.both.border).toBe('#2563eb');
  });
});

describe('the calendar on a phone: one day at a time', () => {
  const window = { start: 480, end: 1080 };

  it('opens on today, or on the day of the next booking when today has none', () => {
    expect(initialFocus([], '2026-03-04', 'day')).toBe('2026-03-04');
    expect(initialFocus([appointment({ preferredDate: '2026-03-04' }), appointment({ id: 'b', preferredDate: '2026-03-02' })], '2026-03-04', 'day')).toBe(
      '2026-03-04',
    );
    expect(initialFocus([appointment({ preferredDate: '2026-03-12' })], '2026-03-04', 'day')).toBe('2026-03-12');
    expect(initialFocus([appointment({ preferredDate: '2026-03-20' })], '2026-03-04', 'week')).toBe('2026-03-16');
  });

  it('moves a day at a time (a week at a time on a wide screen), across weeks', () => {
    expect(shiftFocus('2026-03-15', 'day', 1)).toBe('2026-03-16');
    expect(shiftFocus('2026-03-16', 'day', -1)).toBe('2026-03-15');
    expect(shiftFocus('2026-03-09', 'week', 1)).toBe('2026-03-16');
  });

  it('shows the one day, labelled with its weekday and year', () => {
    expect(shownDates('2026-03-11', 'day')).toEqual(['2026-03-11']);
    expect(shownDates('2026-03-11', 'week')[0]).toBe('2026-03-09');
    expect(focusLabel('2026-03-10', 'day')).toBe('Tue, Mar 10, 2026');
    expect(focusLabel('2026-03-11', 'week')).toBe('Mar 9 – Mar 15, 2026');
  });

  it("places only that day's bookings", () => {
    const list = [appointment({ id: 'tue', preferredDate: '2026-03-10' }), appointment({ id: 'wed', preferredDate: '2026-03-11' })];
    const [day] = calendarColumns(list, '2026-03-11', 'day', index, window);
    expect(day.date).toBe('2026-03-11');
    expect(day.events.map((e) => e.appointment.id)).toEqual(['wed']);
    expect(calendarColumns(list, '2026-03-11', 'week', index, window).map((c) => c.events.length)).toEqual([0, 1, 1, 0, 0, 0, 0]);
  });
});
