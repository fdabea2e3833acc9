import {
  practitionerUpdateSchema,
  SLOT_MINUTES,
  type Appointment,
  type Leave,
  type Practitioner,
  type PractitionerUpdate,
  type Requirement,
  type Side,
  type WorkingHours,
} from '@bb/contracts';
import { counted, dayOfWeek, weekStartMonday } from '../../shared/format';
import type { BookableIndex } from './bookables';
import { belongsTo } from './appointments';
import { layoutWeek, type CalendarEvent, type DayWindow } from './calendar';
import { parseClock } from './clock';
import type { FieldErrors } from '../../shared/forms/field-errors';
import type { FieldDetail } from './forms';
import { WEEKDAY_NAMES, type DayHours } from './office-hours';

/** The column of appointments nobody takes (their treatments need no practitioner, or they were booked before any did). */
export const UNASSIGNED = 'unassigned';

export interface ResourceColumn {
  /** The practitioner's id, or UNASSIGNED. */
  id: string;
  name: string;
  /** Null for Unassigned, and for someone named on an appointment whom booking no longer lists. */
  practitioner: Practitioner | null;
}

/** What the resource calendar shows of a side: its appointments that are not cancelled. */
export const shownAppointments = (appointments: readonly Appointment[], side: Side) =>
  appointments.filter((a) => a.status !== 'cancelled' && belongsTo(a.offeringType, side));

const columnIdOf = (a: Appointment) => a.practitioner?.id ?? UNASSIGNED;

/**
 * One column per practitioner of the side who takes bookings, by name; then anyone else an
 * appointment of the shown dates is with (bookings turned off since), so no appointment is
 * hidden; then Unassigned when an appointment of the shown dates has no practitioner.
 */
export function resourceColumns(
  practitioners: readonly Practitioner[],
  side: Side,
  appointments: readonly Appointment[],
  dates: readonly string[],
): ResourceColumn[] {
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const columns: ResourceColumn[] = practitioners
    .filter((p) => p.bookable && belongsTo(p.offeringType, side))
    .sort(byName)
    .map((p) => ({ id: p.id, name: p.name, practitioner: p }));
  const shown = shownAppointments(appointments, side).filter((a) => dates.includes(a.preferredDate));
  const others = new Map<string, ResourceColumn>();
  for (const a of shown) {
    const who = a.practitioner;
    if (!who || columns.some((c) => c.id === who.id) || others.has(who.id)) continue;
    others.set(who.id, { id: who.id, name: who.name, practitioner: practitioners.find((p) => p.id === who.id) ?? null });
  }
  columns.push(...[...others.values()].sort(byName));
  if (shown.some((a) => !a.practitioner)) columns.push({ id: UNASSIGNED, name: 'Unassigned', practitioner: null });
  return columns;
}

/** A run of rows (0-based, within the window) a practitioner does not work. */
export interface OffBand {
  row: number;
  span: number;
  reason: 'leave' | 'off';
}

/** The leave entry covering the date, if any (both ends included). */
export const leaveOn = (leave: readonly Leave[], date: string): Leave | undefined => leave.find((l) => l.from <= date && date <= l.to);

/** Whether the practitioner works the whole 30-minute row starting at `minutes` on the date. */
export function worksAt(practitioner: Pick<Practitioner, 'hours' | 'leave'>, date: string, minutes: number): boolean {
  if (leaveOn(practitioner.leave, date)) return false;
  const day = practitioner.hours.find((h) => h.weekday === dayOfWeek(date));
  if (!day?.isActive) return false;
  const start = parseClock(day.startTime);
  const end = parseClock(day.endTime);
  return start !== null && end !== null && start <= minutes && minutes + SLOT_MINUTES <= end;
}

/** The rows of the window a practitioner does not work on the date (leave, a day off, before or after their hours), as shaded bands. */
export function offBands(practitioner: Pick<Practitioner, 'hours' | 'leave'>, date: string, window: DayWindow): OffBand[] {
  const reason = leaveOn(practitioner.leave, date) ? 'leave' : 'off';
  const bands: OffBand[] = [];
  for (let m = window.start, row = 0; m < window.end; m += SLOT_MINUTES, row++) {
    if (worksAt(practitioner, date, m)) continue;
    const last = bands.at(-1);
    if (last && last.row + last.span === row) last.span++;
    else bands.push({ row, span: 1, reason });
  }
  return bands;
}

export interface ResourceCell {
  date: string;
  column: ResourceColumn;
  events: CalendarEvent[];
  off: OffBand[];
}

/**
 * Every date × column of the grid, date by date, with its appointments placed at their time and
 * height (overlaps side by side) and its not-working rows.
 */
export function resourceCells(
  appointments: readonly Appointment[],
  side: Side,
  dates: readonly string[],
  columns: readonly ResourceColumn[],
  index: BookableIndex,
  window: DayWindow,
): ResourceCell[] {
  const shown = shownAppointments(appointments, side);
  return dates.flatMap((date) => {
    const ofDate = shown.filter((a) => a.preferredDate === date);
    return columns.map((column) => ({
      date,
      column,
      events: layoutWeek(
        ofDate.filter((a) => columnIdOf(a) === column.id),
        weekStartMonday(date),
        index,
        window,
      ),
      off: column.practitioner ? offBands(column.practitioner, date, window) : [],
    }));
  });
}

/** The column a phone shows: the one chosen, else the first. */
export const phoneColumn = (columns: readonly ResourceColumn[], chosen: string | null): ResourceColumn | undefined =>
  columns.find((c) => c.id === chosen) ?? columns[0];

/** The column before or after (wrapping round), for the phone's previous/next buttons. */
export function stepColumn(columns: readonly ResourceColumn[], current: string, step: number): string | undefined {
  if (columns.length === 0) return undefined;
  const at = Math.max(
    0,
    columns.findIndex((c) => c.id === current),
  );
  return columns[(((at + step) % columns.length) + columns.length) % columns.length].id;
}

/** Whether an appointment's treatments or packages need a practitioner (the requirements say so for one of them). */
export const needsPractitioner = (a: Pick<Appointment, 'treatments'>, requirements: readonly Requirement[]) =>
  a.treatments.some((id) => requirements.some((r) => r.bookableId === id && r.practitioner));

/** A cancelled appointment, or one that has started, keeps its practitioner (REASSIGN_MESSAGES.closed). */
export function reassignable(a: Pick<Appointment, 'status' | 'preferredDate' | 'preferredTime'>, today: string, clock: string): boolean {
  if (a.status === 'cancelled') return false;
  const start = parseClock(a.preferredTime);
  const now = parseClock(clock);
  if (start === null || now === null) return false;
  return a.preferredDate > today || (a.preferredDate === today && start > now);
}

/**
 * Who the appointment may go to: practitioners of its side who take bookings and perform every
 * one of its items that needs a practitioner, by name, without the one it is with. The server
 * decides the rest (working then, free then).
 */
export function reassignChoices(a: Appointment, practitioners: readonly Practitioner[], requirements: readonly Requirement[]): Practitioner[] {
  const needing = a.treatments.filter((id) => requirements.some((r) => r.bookableId === id && r.practitioner));
  return practitioners
    .filter((p) => p.bookable && p.id !== a.practitioner?.id && (a.offeringType === 'both' || belongsTo(p.offeringType, a.offeringType)))
    .filter((p) => needing.every((id) => p.skills.includes(id)))
    .sort((x, y) => x.name.localeCompare(y.name));
}

/**
 * The practitioner an appointment dropped on a cell goes to: only another practitioner's column
 * of the same date (a reassignment keeps the time); null for anything else.
 */
export function dropTarget(a: Pick<Appointment, 'preferredDate' | 'practitioner'>, cell: Pick<ResourceCell, 'date' | 'column'>): string | null {
  if (cell.date !== a.preferredDate || cell.column.id === UNASSIGNED || cell.column.id === a.practitioner?.id) return null;
  return cell.column.id;
}

const DEFAULT_START = '09:00';
const DEFAULT_END = '17:00';

/** The weekday editor's rows from a practitioner's hours: a weekday never set up is a day off (09:00–17:00 kept for when it is turned on). */
export function practitionerWeek(hours: readonly WorkingHours[]): DayHours[] {
  return Array.from({ length: 7 }, (_, weekday) => {
    const saved = hours.find((h) => h.weekday === weekday);
    return saved
      ? {
          dayOfWeek: weekday,
          isActive: saved.isActive,
          startTime: saved.startTime.slice(0, 5) || DEFAULT_START,
          endTime: saved.endTime.slice(0, 5) || DEFAULT_END,
        }
      : { dayOfWeek: weekday, isActive: false, startTime: DEFAULT_START, endTime: DEFAULT_END };
  });
}

/** The practitioner editor's values. */
export interface PractitionerForm {
  bookable: boolean;
  email: string;
  skills: string[];
  week: DayHours[];
  leave: Leave[];
}

export const practitionerForm = (p: Practitioner): PractitionerForm => ({
  bookable: p.bookable,
  email: p.email ?? '',
  skills: [...p.skills],
  week: practitionerWeek(p.hours),
  leave: p.leave.map((l) => ({ ...l })),
});

/** The whole form as one update; a blank address means none. */
export const practitionerUpdate = (form: PractitionerForm): PractitionerUpdate => ({
  bookable: form.bookable,
  email: form.email.trim() === '' ? null : form.email.trim(),
  skills: form.skills,
  hours: form.week.map((d) => ({ weekday: d.dayOfWeek, isActive: d.isActive, startTime: d.startTime, endTime: d.endTime })),
  leave: form.leave.map((l) => ({ from: l.from, to: l.to, note: l.note.trim() })),
});

export type PractitionerErrors = FieldErrors<keyof PractitionerForm>;

/** The form's field of each request field (the weekday table sends `hours`). */
const FORM_FIELDS: Record<string, keyof PractitionerForm> = { bookable: 'bookable', email: 'email', skills: 'skills', hours: 'week', leave: 'leave' };

/** Details (the server's or the contract's) at the form's fields, the first per field; a leave entry's detail names the entry. */
export function practitionerErrors(details: readonly FieldDetail[]): PractitionerErrors {
  const errors: PractitionerErrors = {};
  for (const { path, message } of details) {
    const [head, at] = path.split('.');
    const field = FORM_FIELDS[head];
    if (!field || errors[field]) continue;
    errors[field] = field === 'leave' && at !== undefined && /^\d+$/.test(at) ? `Leave ${Number(at) + 1}: ${message}` : message;
  }
  return errors;
}

/** The form checked by the contract's own rules before it is sent, in the words the server would use. */
export const practitionerProblems = (form: PractitionerForm): PractitionerErrors =>
  practitionerErrors(
    practitionerUpdateSchema.safeParse(practitionerUpdate(form)).error?.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) ?? [],
  );

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

/** A practitioner in one line, for their card while it is closed: bookings, skills, working days (Monday first), leave still to come. */
export function practitionerSummary(p: Pick<Practitioner, 'bookable' | 'skills' | 'hours' | 'leave'>, today: string): string {
  const days = MONDAY_FIRST.filter((d) => p.hours.some((h) => h.weekday === d && h.isActive)).map((d) => WEEKDAY_NAMES[d].slice(0, 3));
  const ahead = p.leave.filter((l) => l.to >= today).length;
  return [
    p.bookable ? 'Takes bookings' : 'Takes no bookings',
    counted(p.skills.length, 'skill'),
    days.length > 0 ? `works ${days.join(', ')}` : 'works no day',
    ...(ahead > 0 ? [`${counted(ahead, 'leave entry', 'leave entries')} ahead`] : []),
  ].join(' · ');
}
