import { defaultOfficeDay, weekOfOfficeHours } from '../src/domain/office-hours';

describe('office hours of a week', () => {
  it('default to 09:00–17:00, open Monday to Friday, closed at weekends', () => {
    const week = weekOfOfficeHours('clinic', []);
    expect(week.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week.filter((d) => d.isActive).map((d) => d.dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
    expect(week.every((d) => d.startTime === '09:00' && d.endTime === '17:00' && d.offeringType === 'clinic')).toBe(true);
  });

  it('take what staff saved for a day and the defaults for the others', () => {
    const saturday = { offeringType: 'studio' as const, dayOfWeek: 6, startTime: '10:00', endTime: '14:00', isActive: true };
    const week = weekOfOfficeHours('studio', [saturday]);
    expect(week[6]).toBe(saturday);
    expect(week[5]).toEqual(defaultOfficeDay('studio', 5));
  });
});
