import { format, parseISO } from 'date-fns';
import { SLOT_MINUTES, type Appointment, type OfferingType, type OfficeHours } from '@bb/contracts';
import { addDays, weekStartMonday } from '../../shared/format';
import { appointmentDuration, type BookableIndex } from './bookables';
import { parseClock } from './clock';

/** Opening window shown by the calendar, in minutes since midnight. */
export interface DayWindow {
  start: number;
  end: number;
}

/** When no weekday is open the calendar still shows a working day. */
export const FALLBACK_WINDOW: DayWindow = { start: 8 * 60, end: 18 * 60 };

/**
 * The rows the week needs: from the earliest opening to the latest closing over every
 * active weekday (of both sides when merged), on 30-minute boundaries.
 */
export function calendarWindow(hours: readonly OfficeHours[]): DayWindow {
  const open = hours
    .filter((h) => h.isActive)
    .map((h) => ({ start: parseClock(h.startTime), end: parseClock(h.endTime) }))
    .filter((w): w is DayWindow => w.start !== null && w.end !== null && w.end > w.start);
  if (open.length === 0) return FALLBACK_WINDOW;
  const start = Math.min(...open.map((w) => w.start));
  const end = Math.max(...open.map((w) => w.end));
  return { start: Math.floor(start / SLOT_MINUTES) * SLOT_MINUTES, end: Math.ceil(end / SLOT_MINUTES) * SLOT_MINUTES };
}

/** Start minute of every 30-minute row. */
export function slotRows(window: DayWindow): number[] {
  const rows: number[] = [];
  for (let m = window.start; m < window.end; m += SLOT_MINUTES) rows.push(m);
  return rows;
}

/** Monday to Sunday of the week that starts on `monday`. */
export const weekDates = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** "Jan 5 – Jan 11, 2026" */
export function weekLabel(monday: string): string {
  const first = parseISO(monday);
  const last = parseISO(addDays(monday, 6));
  return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
}

const isShown = (a: Appointment) => a.status !== 'cancelled';

/**
 * The week the calendar opens on: this week, unless nothing (not cancelled) is booked from
 * today on this week and a later booking exists, in which case the week of that booking.
 */
export function initialWeek(appointments: readonly Appointment[], today: string): string {
  const thisWeek = weekStartMonday(today);
  const upcoming = appointments
    .filter((a) => isShown(a) && a.preferredDate >= today)
    .map((a) => a.preferredDate)
    .sort();
  return upcoming.length > 0 ? weekStartMonday(upcoming[0]) : thisWeek;
}

/** A week on a wide screen; one day at a time on a phone, where seven columns cannot be read. */
export type CalendarSpan = 'week' | 'day';

/**
 * The date the calendar opens on: for a week, its Monday (see initialWeek); for a day, today
 * unless nothing is booked today and a later booking exists, in which case that booking's day.
 */
export function initialFocus(appointments: readonly Appointment[], today: string, span: CalendarSpan): string {
  if (span === 'week') return initialWeek(appointments, today);
  const upcoming = appointments
    .filter((a) => isShown(a) && a.preferredDate >= today)
    .map((a) => a.preferredDate)
    .sort();
  return upcoming[0] ?? today;
}

/** Previous or next week, or day. */
export const shiftFocus = (focus: string, span: CalendarSpan, steps: number): string => addDays(focus, (span === 'week' ? 7 : 1) * steps);

/** The dates shown: the week (Monday first) holding the focus, or the focus alone. */
export const shownDates = (focus: string, span: CalendarSpan): string[] => (span === 'week' ? weekDates(weekStartMonday(focus)) : [focus]);

/** "Mar 9 – Mar 15, 2026", or "Tue, Mar 10, 2026" for a day. */
export const focusLabel = (focus: string, span: CalendarSpan): string =>
  span === 'week' ? weekLabel(weekStartMonday(focus)) : format(parseISO(focus), 'EEE, MMM d, yyyy');

export interface CalendarEvent {
  appointment: Appointment;
  /** 0 Monday … 6 Sunday. */
  dayIndex: number;
  startMinutes: number;
  endMinutes: number;
  /** First row (0-based) and number of rows covered, clamped into the window. */
  row: number;
  span: number;
  /** Side-by-side placement of overlapping bookings (capacity above 1). */
  lane: number;
  lanes: number;
}

/**
 * Places the week's non-cancelled appointments on the grid. A booking that lies partly
 * outside the window (hours changed after it was made) is clamped so it stays visible.
 */
export function layoutWeek(appointments: readonly Appointment[], monday: string, index: BookableIndex, window: DayWindow): CalendarEvent[] {
  const dates = weekDates(monday);
  const placed: Omit<CalendarEvent, 'lane' | 'lanes'>[] = [];
  for (const appointment of appointments) {
    const dayIndex = dates.indexOf(appointment.preferredDate);
    const start = parseClock(appointment.preferredTime);
    if (!isShown(appointment) || dayIndex < 0 || start === null) continue;
    const end = start + appointmentDuration(appointment.treatments, index);
    const top = Math.min(Math.max(start, window.start), window.end - SLOT_MINUTES);
    const bottom = Math.min(Math.max(end, top + SLOT_MINUTES), window.end);
    placed.push({
      appointment,
      dayIndex,
      startMinutes: start,
      endMinutes: end,
      row: Math.floor((top - window.start) / SLOT_MINUTES),
      span: Math.max(1, Math.ceil((bottom - top) / SLOT_MINUTES)),
    });
  }
  return assignLanes(placed);
}

/** Each shown date with the bookings placed on it. */
export function calendarColumns(appointments: readonly Appointment[], focus: string, span: CalendarSpan, index: BookableIndex, window: DayWindow) {
  const monday = weekStartMonday(focus);
  const week = weekDates(monday);
  const events = layoutWeek(appointments, monday, index, window);
  return shownDates(focus, span).map((date) => ({ date, events: events.filter((e) => week[e.dayIndex] === date) }));
}

/** Overlapping events of a day share its width: each cluster of overlaps gets as many lanes as it needs. */
function assignLanes(events: Omit<CalendarEvent, 'lane' | 'lanes'>[]): CalendarEvent[] {
  const sorted = [...events].sort((a, b) => a.dayIndex - b.dayIndex || a.row - b.row || b.span - a.span || a.appointment.id.localeCompare(b.appointment.id));
  const result: CalendarEvent[] = [];
  let cluster: CalendarEvent[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  let clusterDay = -1;
  const closeCluster = () => {
    for (const e of cluster) e.lanes = laneEnds.length;
    result.push(...cluster);
    cluster = [];
    laneEnds = [];
  };
  for (const e of sorted) {
    const bottom = e.row + e.span;
    if (e.dayIndex !== clusterDay || e.row >= clusterEnd) {
      closeCluster();
      clusterDay = e.dayIndex;
      clusterEnd = bottom;
    }
    let lane = laneEnds.findIndex((end) => end <= e.row);
    if (lane < 0) lane = laneEnds.push(bottom) - 1;
    else laneEnds[lane] = bottom;
    clusterEnd = Math.max(clusterEnd, bottom);
    cluster.push({ ...e, lane, lanes: 1 });
  }
  closeCluster();
  return result;
}

/** Rose for the clinic, purple for the studio, blue for bookings that span both. */
export const OFFERING_COLORS: Record<OfferingType, { bg: string; border: string; text: string }> = {
  clinic: { bg: '#ffe4e6', border: '#e11d48', text: '#881337' },
  studio: { bg: '#f3e8ff', border: '#9333ea', text: '#581c87' },
  both: { bg: '#dbeafe', border: '#2563eb', text: '#1e3a8a' },
};
