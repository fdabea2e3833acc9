import type { AppointmentReport, DepositReport } from '@bb/contracts';
import {
  ageGroupRows,
  barPercent,
  defaultRange,
  depositChart,
  depositMethodRows,
  depositReportCsv,
  depositReportFileName,
  genderRows,
  hourRows,
  itemRows,
  noShowRateText,
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
  attendance: { attended: 5, noShow: 1, unmarked: 1, noShowRate: 16.7 },
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

const deposits: DepositReport = {
  from: '2026-03-01',
  to: '2026-03-31',
  collected: { count: 4, centavos: 215_050 },
  refunded: { count: 1, centavos: 50_000 },
  refundPending: { count: 0, centavos: 0 },
  kept: { count: 1, centavos: 15_050 },
  netCentavos: 165_050,
  outstanding: 2,
  expired: 1,
  byMethod: [
    { method: 'paymongo', count: 3, centavos: 165_050, refundedCentavos: 50_000 },
    { method: 'transfer', count: 1, centavos: 50_000, refundedCentavos: 0 },
  ],
  byMethodType: [
    { methodType: 'gcash', count: 2, centavos: 100_000 },
    { methodType: 'paymaya', count: 0, centavos: 0 },
    { methodType: 'qrph', count: 0, centavos: 0 },
    { methodType: 'card', count: 1, centavos: 65_050 },
    { methodType: 'bank', count: 1, centavos: 50_000 },
  ],
  byDay: [
    { date: '2026-03-02', count: 2, collected: 100_000, refunded: 50_000, kept: 0 },
    { date: '2026-03-20', count: 2, collected: 115_050, refunded: 0, kept: 15_050 },
  ],
};

describe('deposit and attendance figures', () => {
  it('write the no-show rate in percent, and a dash while no past visit is marked', () => {
    expect(noShowRateText(report.attendance)).toBe('16.7%');
    expect(noShowRateText({ attended: 0, noShow: 0, unmarked: 3, noShowRate: null })).toBe('–');
  });

  it('chart what was collected per day with a deposit over a month, per month over a longer range', () => {
    expect(depositChart(deposits)).toEqual({
      byMonth: false,
      rows: [
        { label: 'Mon 2 Mar', count: 100_000 },
        { label: 'Fri 20 Mar', count: 115_050 },
      ],
    });
    const year = {
      ...deposits,
      from: '2026-01-01',
      to: '2026-12-31',
      byDay: [...deposits.byDay, { date: '2026-07-04', count: 1, collected: 20_000, refunded: 0, kept: 0 }],
    };
    expect(depositChart(year)).toEqual({
      byMonth: true,
      rows: [
        { label: 'Mar 2026', count: 215_050 },
        { label: 'Jul 2026', count: 20_000 },
      ],
    });
    expect(depositChart({ ...deposits, byDay: [] }).rows).toEqual([]);
  });

  it('chart the ways of paying by amount, named for people, unused ones left out', () => {
    expect(depositMethodRows(deposits)).toEqual([
      { label: 'GCash', count: 100_000 },
      { label: 'Card', count: 65_050 },
      { label: 'Bank transfer', count: 50_000 },
    ]);
  });

  it('export a row per date in pesos with two decimals, and the totals last', () => {
    expect(depositReportCsv(deposits).split('\r\n')).toEqual([
      'Date,Deposits paid,Collected (PHP),Refunded (PHP),Kept (PHP)',
      '2026-03-02,2,1000.00,500.00,0.00',
      '2026-03-20,2,1150.50,0.00,150.50',
      'Total,4,2150.50,500.00,150.50',
      '',
    ]);
    expect(depositReportFileName('2026-03-05')).toBe('deposits-report-2026-03-05.csv');
  });
});
