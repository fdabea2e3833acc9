import type { AppointmentReport } from '@bb/contracts';
import {
  ageGroupRows,
  barPercent,
  defaultRange,
  genderRows,
  hourRows,
  itemRows,
  practitionerReportCsv,
  practitionerReportFileName,
  practitionerRows,
  weekdayRows,
} from '../src/maintenance/domain/reports';

const report: AppointmentReport = {
  from: '2026-03-01',
  to: '2026-03-31',
  total: 7,
  byStatus: { pending: 3, done: 3, cancelled: 1 },
  byItem: [
    { id: 'a', name: 'Peel', count: 2 },
    { id: 'b', name: 'Hydrafacial', count: 5 },
  ],
  byAgeGroup: [
    { group: '50+', count: 1 },
    { group: '20-29', count: 4 },
    { group: 'Not given', count: 2 },
  ],
  byGender: [
    { gender: 'male', count: 2 },
    { gender: 'female', count: 4 },
    { gender: 'other', count: 0 },
    { gender: 'Not given', count: 1 },
  ],
  byWeekday: [
    { dayOfWeek: 0, count: 1 },
    { dayOfWeek: 1, count: 3 },
  ],
  byHour: [
    { hour: 8, count: 0 },
    { hour: 9, count: 2 },
    { hour: 12, count: 1 },
    { hour: 13, count: 0 },
  ],
  byPractitioner: [
    { id: 'ana', name: 'Ana', appointments: 2, hoursBooked: 2, hoursWorking: 40, utilisation: 5 },
    { id: 'bea', name: '=Bea, RN', appointments: 1, hoursBooked: 1.5, hoursWorking: 32, utilisation: 4.7 },
  ],
};

describe('report statistics', () => {
  it('show every age group in order, empty ones as 0, and the blank ages as Not given so the bars add up to the total', () => {
    expect(ageGroupRows(report)).toEqual([
      { label: 'Under 20', count: 0 },
      { label: '20-29', count: 4 },
      { label: '30-39', count: 0 },
      { label: '40-49', count: 0 },
      { label: '50+', count: 1 },
      { label: 'Not given', count: 2 },
    ]);
    expect(ageGroupRows(report).reduce((n, r) => n + r.count, 0)).toBe(report.total);
  });

  it('leave out Not given when every appointment gave the field', () => {
    expect(
      ageGroupRows({
        ...report,
        byAgeGroup: [
          { group: '20-29', count: 7 },
          { group: 'Not given', count: 0 },
        ],
      }).map((r) => r.label),
    ).not.toContain('Not given');
    expect(
      genderRows({
        ...report,
        byGender: [
          { gender: 'female', count: 7 },
          { gender: 'Not given', count: 0 },
        ],
      }),
    ).toEqual([{ label: 'Female', count: 7 }]);
  });

  it('rank treatments by bookings', () => {
    expect(itemRows(report).map((r) => r.label)).toEqual(['Hydrafacial', 'Peel']);
  });

  it('label genders for people, most frequent first, with the blanks last as Not given so the bars add up to the total', () => {
    expect(genderRows(report)).toEqual([
      { label: 'Female', count: 4 },
      { label: 'Male', count: 2 },
      { label: 'Other', count: 0 },
      { label: 'Not given', count: 1 },
    ]);
    expect(genderRows(report).reduce((n, r) => n + r.count, 0)).toBe(report.total);
    expect(
      genderRows({
        ...report,
        byGender: [
          { gender: '', count: 3 },
          { gender: 'Not given', count: 4 },
        ],
      }),
    ).toEqual([{ label: 'Not given', count: 7 }]);
  });

  it('run weekdays Monday to Sunday', () => {
    expect(weekdayRows(report).map((r) => `${r.label}:${r.count}`)).toEqual(['Mon:3', 'Tue:0', 'Wed:0', 'Thu:0', 'Fri:0', 'Sat:0', 'Sun:1']);
  });

  it('fill the hours between the first and last booked one', () => {
    expect(hourRows(report)).toEqual([
      { label: '9 AM', count: 2 },
      { label: '10 AM', count: 0 },
      { label: '11 AM', count: 0 },
      { label: '12 PM', count: 1 },
    ]);
    expect(hourRows({ ...report, byHour: [] })).toEqual([]);
    expect(hourRows({ ...report, byHour: [{ hour: 9, count: 0 }] })).toEqual([]);
  });

  it('size bars against the largest, with a visible sliver for small counts', () => {
    expect(barPercent(5, 5)).toBe(100);
    expect(barPercent(1, 200)).toBe(2);
    expect(barPercent(0, 5)).toBe(0);
    expect(barPercent(0, 0)).toBe(0);
  });

  it('chart appointments per practitioner in the order the report lists them', () => {
    expect(practitionerRows(report)).toEqual([
      { label: 'Ana', count: 2 },
      { label: '=Bea, RN', count: 1 },
    ]);
  });

  it("export each practitioner's figures as a CSV row of their own file, names neutralised and quoted", () => {
    expect(practitionerReportCsv(report).split('\r\n')).toEqual([
      'Practitioner,Appointments,Hours booked,Hours working,Utilisation %',
      'Ana,2,2,40,5',
      '"\'=Bea, RN",1,1.5,32,4.7',
      '',
    ]);
    expect(practitionerReportFileName('2026-03-05')).toBe('practitioners-report-2026-03-05.csv');
  });

  it('open on the current month', () => {
    expect(defaultRange('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
