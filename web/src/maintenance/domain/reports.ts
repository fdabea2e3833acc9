import { differenceInCalendarDays, endOfMonth, format, parseISO } from 'date-fns';
import {
  AGE_GROUPS,
  METHOD_TYPE_LABELS,
  REPORT_NOT_GIVEN,
  type Appointment,
  type AppointmentReport,
  type DepositReport,
  type OfferingType,
} from '@bb/contracts';
import { to12Hour } from '../../shared/format';
import { belongsTo, clientName } from './appointments';
import { serviceNames, type BookableIndex } from './bookables';
import { toCsv } from './csv';

/** A labelled count of one chart. */
export interface ChartRow {
  label: string;
  count: number;
}

/** The report opens on the current month (bookings are made ahead, so the whole month). */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: format(endOfMonth(parseISO(today)), 'yyyy-MM-dd') };
}

/** The blanks of a field as a last bar, when there are any, so the bars add up to the report's total. */
const notGivenRow = (count: number): ChartRow[] => (count > 0 ? [{ label: REPORT_NOT_GIVEN, count }] : []);

/** Every age group in its natural order, empty ones included, so charts compare at a glance; then "Not given". */
export const ageGroupRows = (report: AppointmentReport): ChartRow[] => [
  ...AGE_GROUPS.map((group) => ({ label: group, count: report.byAgeGroup.find((g) => g.group === group)?.count ?? 0 })),
  ...notGivenRow(report.byAgeGroup.filter((g) => !(AGE_GROUPS as readonly string[]).includes(g.group)).reduce((n, g) => n + g.count, 0)),
];

/** Most booked first. */
export const itemRows = (report: AppointmentReport): ChartRow[] =>
  [...report.byItem].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).map((i) => ({ label: i.name, count: i.count }));

const GENDER_LABELS: Record<string, string> = { female: 'Female', male: 'Male', other: 'Other', 'prefer-not-to-say': 'Prefer not to say' };

/** Most frequent first; blanks (and anything unknown) counted together as "Not given", last. */
export function genderRows(report: AppointmentReport): ChartRow[] {
  const known = report.byGender.filter((g) => g.gender in GENDER_LABELS);
  const blank = report.byGender.filter((g) => !(g.gender in GENDER_LABELS)).reduce((n, g) => n + g.count, 0);
  return [...known.sort((a, b) => b.count - a.count).map((g) => ({ label: GENDER_LABELS[g.gender], count: g.count })), ...notGivenRow(blank)];
}

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Monday to Sunday, like the calendar. */
export const weekdayRows = (report: AppointmentReport): ChartRow[] =>
  [1, 2, 3, 4, 5, 6, 0].map((day) => ({ label: WEEKDAY_SHORT[day], count: report.byWeekday.find((w) => w.dayOfWeek === day)?.count ?? 0 }));

/** Every hour from the first to the last booked one, quiet hours between them included. */
export function hourRows(report: AppointmentReport): ChartRow[] {
  const hours = report.byHour.filter((h) => h.count > 0).map((h) => h.hour);
  if (hours.length === 0) return [];
  const rows: ChartRow[] = [];
  for (let hour = Math.min(...hours); hour <= Math.max(...hours); hour++) {
    rows.push({ label: to12Hour(`${hour}:00`).replace(':00', ''), count: report.byHour.find((h) => h.hour === hour)?.count ?? 0 });
  }
  return rows;
}

/** Share of the chart's largest bar, in percent; a non-zero count always shows a sliver. */
export function barPercent(count: number, max: number): number {
  if (max <= 0 || count <= 0) return 0;
  return Math.max(2, Math.round((count / max) * 100));
}

export const REPORT_CSV_COLUMNS = ['Date', 'Time', 'Name', 'Gender', 'Age', 'Email', 'Contact', 'Treatments', 'Notes'] as const;

/**
 * The appointments a report export lists: booked for a date in the range, on the chosen
 * side, and not cancelled (the file has no status column, so a cancelled visit would read
 * as a real one). Ordered as a day sheet: by date, then time.
 */
export function appointmentsForReport(list: readonly Appointment[], from: string, to: string, side: OfferingType): Appointment[] {
  return list
    .filter((a) => a.status !== 'cancelled' && a.preferredDate >= from && a.preferredDate <= to && belongsTo(a.offeringType, side))
    .sort((a, b) => a.preferredDate.localeCompare(b.preferredDate) || a.preferredTime.localeCompare(b.preferredTime));
}

export function appointmentsReportCsv(list: readonly Appointment[], index: BookableIndex): string {
  return toCsv(
    REPORT_CSV_COLUMNS,
    list.map((a) => [
      a.preferredDate,
      a.preferredTime,
      clientName(a),
      a.gender ?? '',
      a.age ?? '',
      a.email,
      a.contact,
      serviceNames(a.treatments, index).join(';'),
      a.notes,
    ]),
  );
}

export const reportFileName = (today: string) => `appointments-report-${today}.csv`;

/** Appointments per practitioner, by name as the report lists them. */
export const practitionerRows = (report: AppointmentReport): ChartRow[] => report.byPractitioner.map((p) => ({ label: p.name, count: p.appointments }));

export const PRACTITIONER_CSV_COLUMNS = ['Practitioner', 'Appointments', 'Hours booked', 'Hours working', 'Utilisation %'] as const;

/**
 * The report's figures per practitioner as a file of their own: the appointments export keeps
 * the spec's columns, one row per appointment, and a second table in it would break that.
 */
export const practitionerReportCsv = (report: AppointmentReport): string =>
  toCsv(
    PRACTITIONER_CSV_COLUMNS,
    report.byPractitioner.map((p) => [p.name, p.appointments, p.hoursBooked, p.hoursWorking, p.utilisation]),
  );

export const practitionerReportFileName = (today: string) => `practitioners-report-${today}.csv`;

/** The no-show rate as the report card shows it: "12.5%", or a dash while no past visit is marked. */
export const noShowRateText = (attendance: AppointmentReport['attendance']): string => (attendance.noShowRate === null ? '–' : `${attendance.noShowRate}%`);

/** Up to this many days the deposits chart has a bar per day; a longer range, one per month. */
export const DEPOSIT_CHART_DAYS = 62;

/**
 * Centavos collected per day with a deposit (`count` holds centavos), or per month for a long
 * range, so a year is twelve bars and not hundreds; by date either way.
 */
export function depositChart(report: DepositReport): { byMonth: boolean; rows: ChartRow[] } {
  const byMonth = differenceInCalendarDays(parseISO(report.to), parseISO(report.from)) >= DEPOSIT_CHART_DAYS;
  const rows = new Map<string, ChartRow>();
  for (const day of report.byDay) {
    const label = format(parseISO(day.date), byMonth ? 'MMM yyyy' : 'EEE d MMM');
    const row = rows.get(label) ?? { label, count: 0 };
    row.count += day.collected;
    rows.set(label, row);
  }
  return { byMonth, rows: [...rows.values()] };
}

/** Centavos collected per way of paying (GCash, Maya, QR Ph, card, bank transfer), most first; unused ones left out. */
export const depositMethodRows = (report: DepositReport): ChartRow[] =>
  report.byMethodType
    .filter((t) => t.count > 0)
    .sort((a, b) => b.centavos - a.centavos)
    .map((t) => ({ label: METHOD_TYPE_LABELS[t.methodType], count: t.centavos }));

/** Centavos as pesos with two decimals and no sign or separators: a number to a spreadsheet. */
const pesos = (centavos: number) => (centavos / 100).toFixed(2);

export const DEPOSIT_CSV_COLUMNS = ['Date', 'Deposits paid', 'Collected (PHP)', 'Refunded (PHP)', 'Kept (PHP)'] as const;

/** The deposits per appointment date, one row per date with a deposit, and a last row of totals. */
export const depositReportCsv = (report: DepositReport): string =>
  toCsv(DEPOSIT_CSV_COLUMNS, [
    ...report.byDay.map((d) => [d.date, d.count, pesos(d.collected), pesos(d.refunded), pesos(d.kept)]),
    ['Total', report.collected.count, pesos(report.collected.centavos), pesos(report.refunded.centavos), pesos(report.kept.centavos)],
  ]);

export const depositReportFileName = (today: string) => `deposits-report-${today}.csv`;
