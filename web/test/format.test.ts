import {
  addDays,
  counted,
  formatDuration,
  formatNewsDate,
  formatPeso,
  manilaClock,
  manilaToday,
  resultTitle,
  to12Hour,
  weekStartMonday,
  weekStartSunday,
} from '../src/shared/format';

describe('formatting helpers', () => {
  it('formats peso prices from numbers and numeric text, and keeps worded prices', () => {
    expect(formatPeso(1500)).toBe('₱1,500');
    expect(formatPeso('2500')).toBe('₱2,500');
    expect(formatPeso('₱3,000')).toBe('₱3,000');
    expect(formatPeso('from ₱1,200 per session')).toBe('from ₱1,200 per session');
  });

  it('shows durations as Xh Ym from 60 minutes, otherwise Ym', () => {
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(60)).toBe('1h 0m');
    expect(formatDuration(90)).toBe('1h 30m');
  });

  it('titles a result with the first 50 characters and an ellipsis when cut', () => {
    const long = 'A'.repeat(60);
    expect(resultTitle(long)).toBe(`${'A'.repeat(50)}...`);
    expect(resultTitle('Short')).toBe('Short');
  });

  it('formats news dates as MMMM d, yyyy in Manila time', () => {
    // 20:00 UTC on the 31st is already the 1st in Manila.
    expect(formatNewsDate('2026-01-31T20:00:00Z')).toBe('February 1, 2026');
  });

  it('shows slot times in 12-hour format', () => {
    expect(to12Hour('09:00')).toBe('9:00 AM');
    expect(to12Hour('12:30')).toBe('12:30 PM');
    expect(to12Hour('00:15')).toBe('12:15 AM');
    expect(to12Hour('17:00')).toBe('5:00 PM');
  });

  it("knows Manila's today whatever the machine's zone", () => {
    expect(manilaToday(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
  });

  it("knows Manila's time of day whatever the machine's zone", () => {
    expect(manilaClock(new Date('2026-03-01T17:05:00Z'))).toBe('01:05');
  });

  it('finds week starts on Sunday (public) and Monday (console)', () => {
    expect(weekStartSunday('2026-11-25')).toBe('2026-11-22');
    expect(weekStartMonday('2026-11-22')).toBe('2026-11-16');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('counts in words', () => {
  it('say "1 appointment" and "2 appointments", with an irregular plural when given', () => {
    expect(counted(1, 'appointment')).toBe('1 appointment');
    expect(counted(0, 'appointment')).toBe('0 appointments');
    expect(counted(2, 'closure')).toBe('2 closures');
    expect(counted(2, 'person', 'people')).toBe('2 people');
  });
});
