import type { Appointment, DateOverride, DateOverrideInput, DateOverridesBulk, Holiday, Side } from '@bb/contracts';
import { addDays, to12Hour } from '../../shared/format';
import { appointmentDuration, type BookableIndex } from './bookables';
import { parseClock } from './clock';

/** "Closed" or "9:00 AM – 1:00 PM": what a date override does to its date. */
export const overrideHours = (o: Pick<DateOverride, 'closed' | 'startTime' | 'endTime'>): string =>
  o.closed || !o.startTime || !o.endTime ? 'Closed' : `${to12Hour(o.startTime)} – ${to12Hour(o.endTime)}`;

/** Overrides by date, earliest first. */
export const sortedOverrides = (list: readonly DateOverride[]): DateOverride[] => [...list].sort((a, b) => a.date.localeCompare(b.date));

/** The editor's fields; times are HH:mm as time inputs give them. */
export interface OverrideDraft {
  date: string;
  closed: boolean;
  startTime: string;
  endTime: string;
  note: string;
}

/** A new override starts closed (the common case: a holiday, a training day) with the usual hours ready for "open". */
export const overrideDraft = (date: string, existing?: DateOverride): OverrideDraft =>
  existing
    ? { date, closed: existing.closed, startTime: existing.startTime ?? '09:00', endTime: existing.endTime ?? '17:00', note: existing.note }
    : { date, closed: true, startTime: '09:00', endTime: '17:00', note: '' };

/** PUT /api/date-overrides/:offering/:date's body: a closed date sends no hours. */
export const overrideBody = (draft: OverrideDraft): DateOverrideInput =>
  draft.closed ? { closed: true, note: draft.note.trim() } : { closed: false, startTime: draft.startTime, endTime: draft.endTime, note: draft.note.trim() };

/**
 * The non-cancelled appointments of an offering on the draft's date that the override leaves
 * without hours: every one when the date closes, those not wholly inside the new hours otherwise.
 * An appointment of both offerings counts for each.
 */
export function appointmentsLeftOut(appointments: readonly Appointment[], side: Side, draft: OverrideDraft, index: BookableIndex): Appointment[] {
  const open = draft.closed ? null : { start: parseClock(draft.startTime), end: parseClock(draft.endTime) };
  return appointments.filter((a) => {
    if (a.status === 'cancelled' || a.preferredDate !== draft.date || (a.offeringType !== side && a.offeringType !== 'both')) return false;
    if (open === null || open.start === null || open.end === null) return true;
    const start = parseClock(a.preferredTime);
    if (start === null) return true;
    return start < open.start || start + appointmentDuration(a.treatments, index) > open.end;
  });
}

/** One cell of the month calendar: null pads the weeks before the 1st and after the last day. */
export type MonthCell = { date: string; day: number; override?: DateOverride } | null;

/** The first day (yyyy-MM-01) of the month `months` after (or before) the month of `date`. */
export function shiftMonth(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The weeks (Sunday first) of the month holding `date`, each date with its override if it has one. */
export function monthGrid(date: string, overrides: readonly DateOverride[]): MonthCell[][] {
  const first = shiftMonth(date, 0);
  const next = shiftMonth(date, 1);
  const byDate = new Map(overrides.map((o) => [o.date, o]));
  const cells: MonthCell[] = Array.from({ length: new Date(`${first}T00:00:00Z`).getUTCDay() }, () => null);
  for (let d = first; d < next; d = addDays(d, 1)) cells.push({ date: d, day: Number(d.slice(8)), override: byDate.get(d) });
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** A holiday offered for import, with the override its date already has (which the import would replace). */
export interface HolidayChoice extends Holiday {
  existing?: DateOverride;
}

export const holidayChoices = (holidays: readonly Holiday[], overrides: readonly DateOverride[]): HolidayChoice[] => {
  const byDate = new Map(overrides.map((o) => [o.date, o]));
  return holidays.map((h) => ({ ...h, existing: byDate.get(h.date) }));
};

/** POST …/bulk's body: the ticked holidays as closures named after the holiday (one per date). */
export function holidayClosures(choices: readonly HolidayChoice[], ticked: ReadonlySet<string>): DateOverridesBulk | null {
  const seen = new Set<string>();
  const overrides = choices
    .filter((h) => ticked.has(h.date) && !seen.has(h.date) && seen.add(h.date))
    .map((h) => ({ date: h.date, closed: true, note: h.name.slice(0, 120) }));
  return overrides.length > 0 ? { overrides } : null;
}

/** The years holidays can be imported for: this one and the next. */
export const holidayYears = (today: string): number[] => {
  const year = Number(today.slice(0, 4));
  return [year, year + 1];
};

/** A closure to show on the console calendar. */
export interface Closure {
  side: Side;
  note: string;
}

/** Closed dates of each side by date (dates with their own hours are not closures). */
export function closuresByDate(overrides: Partial<Record<Side, readonly DateOverride[]>>): Map<string, Closure[]> {
  const map = new Map<string, Closure[]>();
  for (const side of ['clinic', 'studio'] as const) {
    for (const o of overrides[side] ?? []) {
      if (!o.closed) continue;
      map.set(o.date, [...(map.get(o.date) ?? []), { side, note: o.note }]);
    }
  }
  return map;
}

/** "Closed — Christmas Day", or "Closed" without a note. */
export const closureLabel = (note: string): string => (note ? `Closed — ${note}` : 'Closed');
