import { ageGroup, appointmentReport, attendanceFigures, practitionerFigures, type AttendedBooking, type ReportedAppointment } from '../src/domain/report';

const appointment = (over: Partial<ReportedAppointment> = {}): ReportedAppointment => ({
  preferredDate: '2030-01-07',
  preferredTime: '09:00',
  status: 'pending',
  age: 30,
  gender: 'female',
  items: [{ id: 't1', name: 'Facial' }],
  ...over,
});

/** The report's rows `{ [key]: name, count }`, in the order the counts are written. */
const counted = <K extends string>(key: K, counts: Record<string, number>) => Object.entries(counts).map(([name, count]) => ({ [key]: name, count }));

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
    expect(report.byAgeGroup).toEqual(counted('group', { 'Under 20': 1, '20-29': 0, '30-39': 1, '40-49': 0, '50+': 1, 'Not given': 1 }));
    expect(report.byGender).toEqual(counted('gender', { female: 2, male: 1, other: 0, 'prefer-not-to-say': 0, 'Not given': 1 }));
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

describe('figures per practitioner', () => {
  const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, isActive: true, startTime: '09:00', endTime: '17:00' }));
  const ana = { id: 'ana', name: 'Ana', skills: [], hours: week, leave: [{ from: '2030-01-09', to: '2030-01-09' }] };
  const bea = { id: 'bea', name: 'Bea', skills: [], hours: week, leave: [] };

  it('count appointments not cancelled, hours booked and working, and utilisation, everyone listed by name', () => {
    // Monday 7 to Sunday 13 January 2030: five working days of 8 hours; Ana is on leave on Wednesday.
    const figures = practitionerFigures(
      '2030-01-07',
      '2030-01-13',
      [
        { practitioner: { id: 'bea', name: 'Bea' }, status: 'pending', minutes: 60 },
        { practitioner: { id: 'bea', name: 'Bea' }, status: 'done', minutes: 90 },
        { practitioner: { id: 'bea', name: 'Bea' }, status: 'cancelled', minutes: 60 },
        { practitioner: { id: 'gone', name: 'Former Nurse' }, status: 'done', minutes: 30 },
        { practitioner: null, status: 'done', minutes: 60 },
      ],
      [bea, ana],
    );
    expect(figures).toEqual([
      { id: 'ana', name: 'Ana', appointments: 0, hoursBooked: 0, hoursWorking: 32, utilisation: 0 },
      { id: 'bea', name: 'Bea', appointments: 2, hoursBooked: 2.5, hoursWorking: 40, utilisation: 6.3 },
      { id: 'gone', name: 'Former Nurse', appointments: 1, hoursBooked: 0.5, hoursWorking: 0, utilisation: 0 },
    ]);
  });
});

describe('attendance figures', () => {
  const now = new Date('2030-01-10T12:00:00+08:00');
  const at = (iso: string) => new Date(`${iso}+08:00`);
  const visit = (over: Partial<AttendedBooking> = {}): AttendedBooking => ({ status: 'pending', attendance: null, start: at('2030-01-08T10:00:00'), ...over });

  it('count attended, no-shows and unmarked among the past appointments not cancelled; the rate of those marked, one decimal', () => {
    const figures = attendanceFigures(
      [
        visit({ attendance: 'attended' }),
        visit({ status: 'done', attendance: 'attended' }),
        visit({ attendance: 'no_show' }),
        visit(),
        // Started exactly now: may be marked, so it counts.
        visit({ start: now }),
        // Cancelled, or still to come: left out whatever they say.
        visit({ status: 'cancelled', attendance: 'no_show' }),
        visit({ start: at('2030-01-10T12:30:00') }),
      ],
      now,
    );
    expect(figures).toEqual({ attended: 2, noShow: 1, unmarked: 2, noShowRate: 33.3 });
  });

  it('have no rate when nothing is marked: an empty range, or only unmarked or future visits', () => {
    expect(attendanceFigures([], now)).toEqual({ attended: 0, noShow: 0, unmarked: 0, noShowRate: null });
    expect(attendanceFigures([visit(), visit({ start: at('2030-02-01T09:00:00') })], now)).toEqual({ attended: 0, noShow: 0, unmarked: 1, noShowRate: null });
    expect(attendanceFigures([visit({ attendance: 'no_show' })], now).noShowRate).toBe(100);
  });
});
