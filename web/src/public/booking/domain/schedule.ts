import { manageRoutes, scheduleRoutes, type PractitionerChoice, type Side, type Slot, type SlotUnavailableReason } from '@bb/contracts';
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

/**
 * GET /api/available-slots for a day, with one treatmentId per selected treatment, the
 * visitor's hold (its places free for them) and the practitioner chosen (none: anyone's times).
 */
export const slotsUrl = (side: Side, date: string, treatmentIds: readonly string[], holdId?: string, practitionerId?: string): string =>
  routeUrl(scheduleRoutes.availableSlots, undefined, { offeringType: side, date, treatmentId: treatmentIds, holdId, practitionerId });

/**
 * GET /api/manage/:token/available-slots for a day: the times a booking may move to, its own
 * seats counted as free; with its practitioner or anyone's (`practitioner`, only for a booking that has one).
 */
export const manageSlotsUrl = (token: string, date: string, practitioner?: PractitionerChoice): string =>
  routeUrl(manageRoutes.availableSlots, { token }, { date, practitioner });

/** GET /api/available-slots for every day from `from` to `to` (inclusive) in one call: the schedule's week. */
export const rangeSlotsUrl = (side: Side, from: string, to: string, treatmentIds: readonly string[], holdId?: string, practitionerId?: string): string =>
  routeUrl(scheduleRoutes.availableSlots, undefined, { offeringType: side, from, to, treatmentId: treatmentIds, holdId, practitionerId });

/** One day's answer: its slots, why none can be booked when that is so, and (in a range answer) whether it is closed. */
export interface DayAnswer {
  closed?: boolean;
  slots: readonly Slot[];
  message?: string;
}

/** A day's answer with its date, as a week's answer holds it. */
export interface DayOfSlots extends DayAnswer {
  date: string;
}

export type DayView =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'closed'; message?: string }
  | { kind: 'empty' }
  /** Slots none of which can be booked for a reason the server names (beyond the booking horizon). */
  | { kind: 'note'; message: string }
  | { kind: 'slots'; slots: readonly Slot[] };

/** What a day's answer shows: Closed (by the flag of a range answer, or the spec's word in the message), a note, No slots, or its slots. */
function viewOfDay(day: DayAnswer): DayView {
  if (day.closed || /\bclosed\b/i.test(day.message ?? '')) return day.message ? { kind: 'closed', message: day.message } : { kind: 'closed' };
  if (day.slots.length === 0) return { kind: 'empty' };
  // Every slot shut for the same named reason (none free, none merely full) reads better as that reason than as a column of Booked.
  if (day.message && day.slots.every((s) => !s.available && s.full !== true && s.reason !== 'full')) return { kind: 'note', message: day.message };
  return { kind: 'slots', slots: day.slots };
}

/** What one day column shows: Loading..., a failure, or the view of its answer. */
export function dayView(state: { isPending: boolean; isError: boolean; data?: DayAnswer | null }): DayView {
  if (state.isPending) return { kind: 'loading' };
  if (state.isError || !state.data) return { kind: 'error' };
  return viewOfDay(state.data);
}

/** Each date's view from the days of a week's answer (a date the answer lacks reads as a failure). */
export function dayViewsOfRange(
  dates: readonly string[],
  state: { isPending: boolean; isError: boolean; data?: { days: readonly DayOfSlots[] } | null },
): DayView[] {
  if (state.isPending) return dates.map(() => ({ kind: 'loading' }));
  const byDate = new Map<string, DayOfSlots>((state.isError ? [] : (state.data?.days ?? [])).map((d) => [d.date, d]));
  return dates.map((date) => {
    const day = byDate.get(date);
    return day ? viewOfDay(day) : { kind: 'error' };
  });
}

/** Slot queries (an offering's, and a manage link's) are keyed by their URL; a booking or a move makes every cached day stale. */
export const isSlotsKey = (queryKey: readonly unknown[]): boolean =>
  typeof queryKey[0] === 'string' &&
  (queryKey[0].startsWith(routeUrl(scheduleRoutes.availableSlots)) || /^\/api\/manage\/[^/]+\/available-slots\b/.test(queryKey[0]));

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

/**
 * What a slot is to the visitor: free, or why not. Booked is a slot that is full (the spec's
 * word, and the only one the waitlist is for); past has started; notice starts too soon to be
 * booked online; horizon is not open for booking yet; unavailable is one a server that names
 * no reason shut for something other than capacity.
 */
export type SlotState = 'free' | 'booked' | 'past' | 'notice' | 'horizon' | 'unavailable';

const REASON_STATE: Record<SlotUnavailableReason, SlotState> = { full: 'booked', past: 'past', notice: 'notice', horizon: 'horizon' };

/**
 * A slot that has started (Manila time) is past whatever the server's flag says; otherwise a
 * free one is free, and an unavailable one is what its reason says. Without a reason (an older
 * server, or one this page does not know), `full` still tells a booked slot; the rest are only
 * unavailable, never Booked.
 */
export function slotState(slot: Slot, date: string, now: ManilaNow): SlotState {
  if (date < now.today || (date === now.today && slot.time <= now.time)) return 'past';
  if (slot.available) return 'free';
  // A reason this page does not know (a newer server's) reads as none.
  if (slot.reason && slot.reason in REASON_STATE) return REASON_STATE[slot.reason];
  return slot.full === true ? 'booked' : 'unavailable';
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

/** The short word on a slot that cannot be chosen. */
export const TAKEN_LABEL: Record<TakenReason, string> = {
  booked: 'Booked',
  past: 'Past',
  notice: 'Too soon',
  horizon: 'Not yet open',
  unavailable: 'Unavailable',
  current: 'Your time',
};

/** The same, as a screen reader says it after the date and time. */
const TAKEN_SPOKEN: Record<TakenReason, string> = {
  booked: 'booked',
  past: 'past',
  notice: 'too soon to book online',
  horizon: 'not open for booking yet',
  unavailable: 'unavailable',
  current: 'your current time',
};

/**
 * A slot's accessible name: its date and time ("Tuesday, December 8 at 9:00 AM") and, when it
 * cannot be chosen, why. A free slot's name is its date and time alone: that it can be pressed
 * says it is free.
 */
export function slotName(date: string, time: string, state: SlotState | 'current'): string {
  const when = `${longDate(date)} at ${to12Hour(time)}`;
  return state === 'free' ? when : `${when}: ${TAKEN_SPOKEN[state]}`;
}

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

/** A day none of whose slots opens for booking yet: it and every later day are beyond the horizon. */
function beyondHorizon(day: DayOfSlots): boolean {
  if (day.closed || day.slots.length === 0) return false;
  if (day.slots.every((s) => s.reason === 'horizon')) return true;
  // A server without reasons names the horizon in the day's message and marks no slot full.
  return day.slots.every((s) => s.reason === undefined) && viewOfDay(day).kind === 'note';
}

/** What a look through some days (in date order) found: the first free time, the end of what can be booked, or neither yet. */
export type FreeSearch = { kind: 'found'; slot: BookedSlot } | { kind: 'none' } | { kind: 'more' };

/**
 * The first free time of the days, in date order ("Next free time", and where a phone's schedule
 * opens). Days beyond the horizon end the search: nothing after them can be booked either.
 */
export function firstFreeSlot(days: readonly DayOfSlots[], now: ManilaNow): FreeSearch {
  for (const day of days) {
    if (beyondHorizon(day)) return { kind: 'none' };
    if (day.closed) continue;
    const time = freeTimes(day.slots, day.date, now)[0];
    if (time !== undefined) return { kind: 'found', slot: { date: day.date, time } };
  }
  return { kind: 'more' };
}

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
  if (day.kind === 'closed')
    return { field: 'preferredDate', title: 'Date Not Available', description: `We are closed on ${when}. Please choose another date.` };
  if (day.kind === 'note') return { field: 'preferredDate', title: 'Date Not Available', description: day.message };
  if (time === '' || day.kind !== 'slots') return null;
  const slot = day.slots.find((s) => s.time === time);
  const at = to12Hour(time);
  if (!slot)
    return {
      field: 'preferredTime',
      title: 'Time Not Available',
      description: `${at} is not one of the times we book on ${when}. Please pick one of the free times.`,
    };
  switch (slotState(slot, date, now)) {
    case 'past':
      return { field: 'preferredTime', title: 'Time Not Available', description: `${at} on ${when} has already passed. Please pick a later time.` };
    case 'booked':
      return {
        field: 'preferredTime',
        title: 'Time Not Available',
        description: `${at} on ${when} is fully booked. Please pick one of the free times${slot.full === true ? ', or ask below to be told if it frees up' : ''}.`,
      };
    case 'notice':
      return { field: 'preferredTime', title: 'Time Not Available', description: `${at} on ${when} is too soon to book online. Please pick a later time.` };
    case 'horizon':
      return { field: 'preferredTime', title: 'Time Not Available', description: `${at} on ${when} is not open for booking yet. Please pick an earlier date.` };
    case 'unavailable':
      return { field: 'preferredTime', title: 'Time Not Available', description: `${at} on ${when} cannot be booked. Please pick one of the free times.` };
    case 'free':
      return null;
  }
}
