import { applyToWeekdays, applyToWeekends, bulkRequest, defaultWeek, weekFromServer } from '../src/maintenance/domain/office-hours';
import { hours } from './maintenance-fixtures';

describe('office hours editor', () => {
  it('defaults to 09:00-17:00 Monday to Friday, closed at weekends', () => {
    const week = defaultWeek();
    expect(week.map((d) => d.isActive)).toEqual([false, true, true, true, true, true, false]);
    expect(week.every((d) => d.startTime === '09:00' && d.endTime === '17:00')).toBe(true);
  });

  it('takes saved days over the defaults and cuts seconds off times', () => {
    const week = weekFromServer([hours(6, '10:00:00', '15:30:00'), hours(1, '08:00', '12:00', false)]);
    expect(week[6]).toEqual({ dayOfWeek: 6, isActive: true, startTime: '10:00', endTime: '15:30' });
    expect(week[1]).toEqual({ dayOfWeek: 1, isActive: false, startTime: '08:00', endTime: '12:00' });
    expect(week[2]).toEqual({ dayOfWeek: 2, isActive: true, startTime: '09:00', endTime: '17:00' });
  });

  it('Apply to Weekdays copies Monday to Monday-Friday only', () => {
    const week = defaultWeek().map((d) => (d.dayOfWeek === 1 ? { ...d, startTime: '07:00', endTime: '20:00' } : d));
    const applied = applyToWeekdays(week);
    expect(applied.slice(1, 6).every((d) => d.startTime === '07:00' && d.endTime === '20:00' && d.isActive)).toBe(true);
    expect(applied.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(applied[0]).toEqual(week[0]);
    expect(applied[6]).toEqual(week[6]);
  });

  it('Apply to Weekends copies Sunday to Saturday and Sunday', () => {
    const week = defaultWeek().map((d) => (d.dayOfWeek === 0 ? { ...d, isActive: true, startTime: '10:00', endTime: '14:00' } : d));
    const applied = applyToWeekends(week);
    expect(applied[6]).toEqual({ dayOfWeek: 6, isActive: true, startTime: '10:00', endTime: '14:00' });
    expect(applied[3]).toEqual(week[3]);
  });

  it('sends all seven days tagged with the offering', () => {
    const body = bulkRequest(defaultWeek(), 'studio');
    expect(body.offeringType).toBe('studio');
    expect(body.hours).toHaveLength(7);
    expect(body.hours.every((h) => h.offeringType === 'studio')).toBe(true);
  });
});
