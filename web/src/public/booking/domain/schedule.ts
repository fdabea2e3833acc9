import { scheduleRoutes, type DaySlots, type Side, type Slot, type SlotsRangeResponse, type SlotsResponse } from '@bb/contracts';
import { routeUrl } from '../../../shared/api/routes';
import { format } from 'date-fns';
import { addDays, to12Hour, weekStartSunday } from '../../../shared/format';

/** The seven dates (yyyy-MM-dd) of the week, Sunday first, that holds `date`. */
export function weekOf(date: string): string[] {
  const sunday = weekStartSunday(date);
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/** The Sunday `weeks` weeks before (negative) or after the week that starts on `sunday`. */
export const shiftWeek = (sunday: string, weeks: number): string => addDays(sunday, 7 * weeks);

/** Weeks wholly in the past have nothing to book: the dialog does not go back before today's week. */
export const canGoBack = (sunday: string, today: string): boolean => sunday > weekStartSunday(today);

/** GET /api/available-slots for a day, with one treatmentId per selected treatment. */
export const slotsUrl = (side: Side, date: string, treatmentIds: readonly string[]): string =>
  routeUrl(scheduleRoutes.availableSlots, undefined, { offeringType: side, date, treatmentId: treatmentIds });

/** GET /api/available-slots for every day from `from` to `to` (inclusive) in one call: the schedule's week. */
export const rangeSlotsUrl = (side: Side, from: string, to: string, treatmentIds: readonly string[]): string =>
  routeUrl(scheduleRoutes.availableSlots, undefined, { offeringType: side, from, to, treatmentId: treatmentIds });

export type DayView =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'closed'; message?: string }
  | { kind: 'empty' }
  /** Slots none of which can be booked for a reason the server names (beyond the booking horizon). */
  | { kind: 'note'; message: string }
  | { kind: 'slots'; slots: SlotsResponse['slots'] };

/** What a day's answer shows: Closed (by the flag of a range answer, or the spec's word in the message), a note, No slots, or its slots. */
function viewOfDay(day: SlotsResponse & { closed?: boolean }): DayView {
  if (day.closed || /\bclosed\b/i.test(day.message ?? '')) return day.message ? { kind: 'closed', message: day.message } : { kind: 'closed' };
  if (day.slots.length === 0) return { kind: 'empty' };
  // Every slot shut for the same named reason (none free, none merely full) reads better as that reason than as a column of Booked.
  if (day.message && day.slots.every((s) => !s.available && s.full !== true)) return { kind: 'note', message: day.message };
  return { kind: 'slots', slots: day.slots };
}

/** What one day column shows: Loading..., a failure, or the view of its answer. */
export function dayView(state: { isPending: boolean; isError: boolean; data?: SlotsResponse | null }): DayView {
  if (state.isPending) return { kind: 'loading' };
  if (state.isError || !state.data) return { kind: 'error' };
  return viewOfDay(state.data);
}

/** Each date's view from one range answer (a date the answer lacks reads as a failure). */
export function dayViewsOfRange(dates: readonly string[], state: { isPending: boolean; isError: boolean; data?: SlotsRangeResponse | null }): DayView[] {
  if (state.isPending) return dates.map(() => ({ kind: 'loading' }));
  const byDate = new Map<string, DaySlots>((state.isError ? [] : (state.data?.days ?? [])).map((d) => [d.date, d]));
  return dates.map((date) => {
    const day = byDate.get(date);
    return day ? viewOfDay(day) : { kind: 'error' };
  });
}

/** Slot queries are keyed by their URL; a booking makes every cached day stale. */
export const isSlotsKey = (queryKey: readonly unknown[]): boolean =>
  typeof queryKey[0] === 'string' && queryKey[0].startsWith(routeUrl(scheduleRoutes.availableSlots));

/** A calendar date in words ("Sunday, November 22"), with no time zone involved. */
export function longDate(date: string, pattern = 'EEEE, MMMM d'): string {
  const [y, m, d] = date.split('-').map(Number);
  return format(new Date(y, m - 1, d), pattern);
}

/** Manila's date and time of day now: what makes a slot past. */
export interface ManilaNow {
  today: string;
  time: string;
}

export type SlotState = 'free' | 'booked' | 'past';

/**
 * A slot that has started (Manila time) is past whatever the server's flag says (the server
 * marks it unavailable too); otherwise the flag tells free from booked.
 */
export function slotState(slot: Slot, date: string, now: ManilaNow): SlotState {
  if (date < now.today || (date === now.today && slot.time <= now.time)) return 'past';
  return slot.available ? 'free' : 'booked';
}

/**
 * A booked slot the visitor may ask to be told about: one that lacks only capacity (not one
 * shut by the notice or the horizon), and has not started.
 */
export const canWaitFor = (slot: Slot, date: string, now: ManilaNow): boolean => slot.full === true && slotState(slot, date, now) === 'booked';

/** A date and time a visitor already holds (moving a booking). */
export interface BookedSlot {
  date: string;
  time: string;
}

/** Why a slot of the schedule cannot be chosen. */
export type TakenReason = Exclude<SlotState, 'free'> | 'current';

/**
 * What the schedule offers for a slot: the visitor's own slot (when moving a booking) is theirs,
 * neither free (moving to it changes nothing) nor "Booked" (by them, which reads as lost).
 */
export function slotChoice(slot: Slot, date: string, now: ManilaNow, current?: BookedSlot): SlotState | 'current' {
  if (current && current.date === date && current.time === slot.time) return 'current';
  return slotState(slot, date, now);
}

/** The times a visitor can still book on a day. */
export const freeTimes = (slots: readonly Slot[], date: string, now: ManilaNow): string[] =>
  slots.filter((slot) => slotState(slot, date, now) === 'free').map((slot) => slot.time);

/** What is wrong with a chosen date or time, judged against that day's slots. */
export interface ScheduleProblem {
  field: 'preferredDate' | 'preferredTime';
  title: string;
  description: string;
}

/**
 * Checks the date and time a visitor typed against the day's slots as soon as they are known:
 * a past date, a closed day, a time that is not a slot, or a slot that is past or booked.
 * Null when nothing is wrong or the day is not known yet (the server checks again anyway).
 */
export function scheduleProblem(date: string, time: string, day: DayView, now: ManilaNow): ScheduleProblem | null {
  if (date === '') return null;
  const when = longDate(date, 'EEEE, MMMM d');
  if (date < now.today) return { field: 'preferredDate', title: 'Date Not Available', description: `${when} has passed. Please choose today or a later date.` };
  if (day.kind === 'closed') return { field: 'preferredDate', title: 'Date Not Available', description: `We are closed on ${when}. Please choose another date.` };
  if (day.kind === 'note') return { field: 'preferredDate', title: 'Date Not Available', description: day.message };
  if (time === '' || day.kind !== 'slots') return null;
  const slot = day.slots.find((s) => s.time === time);
  const at = to12Hour(time);
  if (!slot) return { field: 'preferredTime', title: 'Time Not Available', description: `${at} is not one of the times we book on ${when}. Please pick one of the free times.` };
  switch (slotState(slot, date, now)) {
    case 'past':
      return { field: 'preferredTime', title: 'Time Not Available', description: `${at} on ${when} has already passed. Please pick a later time.` };
    case 'booked':
      return {
        field: 'preferredTime',
        title: 'Time Not Available',
        description: `${at} on ${when} is fully booked. Please pick one of the free times${slot.full === true ? ', or ask below to be told if it frees up' : ''}.`,
      };
    default:
      return null;
  }
}
