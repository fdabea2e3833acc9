import { ageGroup, appointmentReport, type ReportedAppointment } from '../src/domain/report';

const appointment = (over: Partial<ReportedAppointment> = {}): ReportedAppointment => ({
  preferredDate: '2030-01-07',
  preferredTime: '09:00',
  status: 'pending',
  age: 30,
  gender: 'female',
  items: [{ id: 't1', name: 'Facial' }],
  ...over,
});

describe('appointment report', () => {
  it('puts ages into the spec groups and blank ages into "Not given"', () => {
    expect([1, 19, 20, 29, 30, 39, 40, 49, 50, 99].map(ageGroup)).toEqual([
      'Under 20',
      'Under 20',
      '20-29',
      '20-29',
      '30-39',
      '30-39',
      '40-49',
      '40-49',
      '50+',
      '50+',
    ]);
    expect(ageGroup(null)).toBe('Not given');
  });

  it('counts by status, item, age group, gender, weekday and hour', () => {
    const report = appointmentReport('2030-01-01', '2030-01-31', [
      appointment(),
      appointment({
        status: 'done',
        age: 52,
        gender: 'male',
        preferredTime: '14:30',
        items: [
          { id: 't1', name: 'Facial' },
          { id: 'p1', name: 'Portrait' },
        ],
      }),
      appointment({
        status: 'cancelled',
        age: null,
        gender: null,
        preferredDate: '2030-01-12',
        preferredTime: '09:30',
        items: [{ id: 'p1', name: 'Portrait' }],
      }),
      appointment({ age: 18, items: [{ id: 'p2', name: 'Album' }] }),
    ]);
    expect(report.total).toBe(4);
    expect(report.byStatus).toEqual({ pending: 2, done: 1, cancelled: 1 });
    expect(report.byItem).toEqual([
      { id: 't1', name: 'Facial', count: 2 },
      { id: 'p1', name: 'Portrait', count: 2 },
      { id: 'p2', name: 'Album', count: 1 },
    ]);
    expect(report.byAgeGroup).toEqual([
      { group: 'Under 20', count: 1 },
      { group: '20-29', count: 0 },
      { group: '30-39', count: 1 },
      { group: '40-49', count: 0 },
      { group: '50+', count: 1 },
      { group: 'Not given', count: 1 },
    ]);
    expect(report.byGender).toEqual([
      { gender: 'female', count: 2 },
      { gender: 'male', count: 1 },
      { gender: 'other', count: 0 },
      { gender: 'prefer-not-to-say', count: 0 },
      { gender: 'Not given', count: 1 },
    ]);
    // 2030-01-07 is a Monday, 2030-01-12 a Saturday.
    expect(report.byWeekday.find((d) => d.dayOfWeek === 1)?.count).toBe(3);
    expect(report.byWeekday.find((d) => d.dayOfWeek === 6)?.count).toBe(1);
    expect(report.byHour.find((h) => h.hour === 9)?.count).toBe(3);
    expect(report.byHour.find((h) => h.hour === 14)?.count).toBe(1);
    expect(report.byHour).toHaveLength(24);
  });

  it('lists every group with zeros when nothing matches', () => {
    const report = appointmentReport('2030-01-01', '2030-01-02', []);
    expect(report.total).toBe(0);
    expect(report.byItem).toEqual([]);
    expect(report.byAgeGroup.every((g) => g.count === 0)).toBe(true);
    expect(report.byWeekday).toHaveLength(7);
  });
});
