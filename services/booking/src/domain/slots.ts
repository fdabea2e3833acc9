import {
  closedOnDateMessage,
  DEFAULT_DURATION_MINUTES,
  POLICY_MESSAGES,
  SLOT_MINUTES,
  type AppointmentStatus,
  type DaySlots,
  type Side,
  type Slot,
  type SlotDaysQuery,
  type SlotsRangeResponse,
  type SlotsResponse,
} from '@bb/contracts';
import { assignSlot, type Assignment, type PractitionerDay, type ResourceNeeds, type TakenByResource } from './resources';
import { blocksCovering, clockTime, DAY_MS, manilaDate, manilaInstant, MINUTE_MS, minutesOfDay, WEEKDAY_NAMES, weekdayOf } from '@bb/service-kit';

export interface OfficeDay {
  isActive: boolean;
  /** HH:mm or HH:mm:ss, Manila wall clock. */
  startTime: string;
  endTime: string;
}

/**
 * Something that takes one unit of capacity in every 30-minute block it overlaps: an
 * appointment (the ledger's counts come as `taken` instead).
 */
export interface CapacityHold {
  startTime: Date;
  endTime: Date;
  /** A cancelled appointment holds nothing. */
  status?: AppointmentStatus;
}

/** The booking policy as the slots obey it (the per-contact cap is the booking's, not a slot's). */
export interface SlotPolicy {
  minimumNoticeMinutes: number;
  /** The last bookable Manila date is today + horizonDays. */
  horizonDays: number;
  /** Minutes after each appointment's end that hold capacity too (whole 30-minute blocks). */
  bufferMinutes: number;
}

export interface DayRequest {
  /** yyyy-MM-dd, a Manila calendar date. */
  date: string;
  /** The hours of that date: its date override's when it has one, else its weekday's. */
  hours: OfficeDay;
  /** The date override of that date, when it has one: a closure it causes is named by its note. */
  override?: { note: string } | null;
  durationMinutes: number;
  /** maxSessionsPerSlot of the offering. */
  capacity: number;
  /** What holds capacity of the offering on that day. */
  holds: CapacityHold[];
  /** Places taken per block start (ms), as the ledger counts them, besides `holds`. */
  taken?: ReadonlyMap<number, number>;
  now: Date;
  /** Absent: no notice, horizon or buffer (the spec's rules alone). */
  policy?: SlotPolicy;
  /** What the chosen items need besides a place (practitioners, rooms), what the ledger says of them, and the practitioner asked for; absent: nothing. */
  resources?: { needs: ResourceNeeds; taken: TakenByResource; wanted?: string };
}

/** Why a slot cannot be booked, in the order the booking checks: the spec's own reasons, then the policy's. */
export type SlotState = 'available' | 'past' | 'full' | 'notice' | 'horizon';

export interface PlannedSlot {
  /** HH:mm, Manila. */
  time: string;
  start: Date;
  end: Date;
  /** End of the capacity it holds: its end plus the buffer. */
  holdEnd: Date;
  state: SlotState;
  /** Unavailable for lack of capacity alone: freed places would make it bookable (the waitlist's slots). */
  lacksOnlyCapacity: boolean;
  /** Who takes it when the items need a practitioner (`assignSlot`); null when none is needed or none is free. */
  practitioner: PractitionerDay | null;
}

export type DayPlan =
  { open: false; date: string; override: { note: string } | null } | { open: true; date: string; slots: PlannedSlot[]; beyondHorizon: { days: number } | null };

/** Length of a booking: the chosen items' durations added up, 60 minutes for any without one. */
export function bookingDuration(items: { defaultDuration: number | null }[]): number {
  if (items.length === 0) return DEFAULT_DURATION_MINUTES;
  return items.reduce((sum, item) => sum + (item.defaultDuration ?? DEFAULT_DURATION_MINUTES), 0);
}

/**
 * The slots of a day. They start at opening and every 30 minutes after, while start +
 * duration ≤ closing. A slot is available when it starts after now and every 30-minute
 * block of its duration plus the buffer holds fewer than `capacity` places (the buffer is not
 * clipped at closing: the blocks after closing are free anyway), it starts at least the
 * minimum notice after now, and its date is within the horizon. The booking write re-checks
 * with this same function; the ledger's guarded write then settles races.
 */
/** Places taken per block start: the ledger's, plus `holds` (a month's map is shared by its 31 days, so it is copied only when there are holds to add). */
function takenWith(ledger: ReadonlyMap<number, number> = new Map(), holds: readonly CapacityHold[]): ReadonlyMap<number, number> {
  const active = holds.filter((hold) => hold.status !== 'cancelled');
  if (active.length === 0) return ledger;
  const taken = new Map(ledger);
  for (const hold of active)
    for (const block of blocksCovering(hold.startTime, hold.endTime)) taken.set(block.getTime(), (taken.get(block.getTime()) ?? 0) + 1);
  return taken;
}

const NOBODY_NEEDED: Assignment = { ok: true, practitioner: null };

export function planDay(req: DayRequest): DayPlan {
  const opening = minutesOfDay(req.hours.startTime);
  const closing = minutesOfDay(req.hours.endTime);
  if (!req.hours.isActive || opening === null || closing === null || closing <= opening) return { open: false, date: req.date, override: req.override ?? null };
  const policy = req.policy ?? { minimumNoticeMinutes: 0, horizonDays: Infinity, bufferMinutes: 0 };

  const taken = takenWith(req.taken, req.holds);

  const beyondHorizon = req.date > lastBookableDate(req.now, policy.horizonDays);
  const noticeEnds = req.now.getTime() + policy.minimumNoticeMinutes * MINUTE_MS;
  const midnight = manilaInstant(req.date, 0).getTime();
  const slots: PlannedSlot[] = [];
  for (let minute = opening; minute + req.durationMinutes <= closing; minute += SLOT_MINUTES) {
    const start = new Date(midnight + minute * MINUTE_MS);
    const end = new Date(start.getTime() + req.durationMinutes * MINUTE_MS);
    const holdEnd = new Date(end.getTime() + policy.bufferMinutes * MINUTE_MS);
    const past = start.getTime() <= req.now.getTime();
    const assigned = req.resources ? assignSlot(req.resources.needs, req.resources.taken, req.date, start, end, holdEnd, req.resources.wanted) : NOBODY_NEEDED;
    // Items that need resources are limited by them; the offering's capacity by the rest.
    const full = !assigned.ok || (!req.resources && blocksCovering(start, holdEnd).some((block) => (taken.get(block.getTime()) ?? 0) >= req.capacity));
    // No one who may do it works then: full, but no cancellation would free it (not the waitlist's).
    const nobodyWorks = !assigned.ok && assigned.reason === 'nobody-works';
    const notice = start.getTime() < noticeEnds;
    const state: SlotState = past ? 'past' : full ? 'full' : notice ? 'notice' : beyondHorizon ? 'horizon' : 'available';
    const lacksOnlyCapacity = full && !nobodyWorks && !past && !notice && !beyondHorizon;
    slots.push({ time: clockTime(minute), start, end, holdEnd, state, lacksOnlyCapacity, practitioner: assigned.ok ? assigned.practitioner : null });
  }
  return { open: true, date: req.date, slots, beyondHorizon: beyondHorizon ? { days: policy.horizonDays } : null };
}

/** The last Manila date bookings are open for: today (Manila) + horizonDays. */
export function lastBookableDate(now: Date, horizonDays: number): string {
  return Number.isFinite(horizonDays) ? manilaDate(new Date(now.getTime() + horizonDays * DAY_MS)) : '9999-12-31';
}

/** A Manila date as the closed message words it: "Friday, 25 December 2026". */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * One day as GET /api/available-slots answers it, for a single date and for every day of a
 * range alike, so the two answers cannot differ.
 */
export function daySlots(plan: DayPlan, offering: Side): DaySlots {
  const { date } = plan;
  if (!plan.open) {
    const message = plan.override
      ? closedOnDateMessage(offering, longDate(date), plan.override.note)
      : `The ${offering} is closed on ${WEEKDAY_NAMES[weekdayOf(date)]}s.`;
    return { date, closed: true, slots: [], message };
  }
  const slots = plan.slots.map((s): Slot =>
    s.state === 'available'
      ? { time: s.time, available: true }
      : { time: s.time, available: false, ...(s.lacksOnlyCapacity ? { full: true } : {}), reason: s.state },
  );
  if (plan.beyondHorizon) return { date, closed: false, slots, message: POLICY_MESSAGES.horizon(plan.beyondHorizon.days) };
  return slots.length > 0
    ? { date, closed: false, slots }
    : { date, closed: false, slots, message: 'The chosen services take longer than the opening hours of this day.' };
}

/** What GET /api/available-slots answers for one date: the day's answer as the spec documents it. */
export function slotsResponse(plan: DayPlan, offering: Side): SlotsResponse {
  const { date: _date, closed: _closed, ...answer } = daySlots(plan, offering);
  return answer;
}

/** The answer of a slots call: one date's as the spec documents it, or every day of a range. */
export function slotsAnswer(plans: DayPlan[], offering: Side, oneDate: boolean): SlotsResponse | SlotsRangeResponse {
  return oneDate ? slotsResponse(plans[0], offering) : { days: plans.map((plan) => daySlots(plan, offering)) };
}

/** The days a slots call asks for: its one date, or every date from `from` to `to`, both included (the contract bounds the span). */
export function datesOf(query: SlotDaysQuery): string[] {
  if (query.date !== undefined) return [query.date];
  const dates: string[] = [];
  for (let day = Date.parse(`${query.from ?? ''}T00:00:00Z`); day <= Date.parse(`${query.to ?? ''}T00:00:00Z`); day += DAY_MS)
    dates.push(new Date(day).toISOString().slice(0, 10));
  return dates;
}

export type SlotCheck = { ok: true; slot: PlannedSlot } | { ok: false; reason: 'closed' | 'not-a-slot' | Exclude<SlotState, 'available'> };

/** Whether a requested HH:mm is a bookable slot of the plan, and if not, why. */
export function checkSlot(plan: DayPlan, time: string): SlotCheck {
  if (!plan.open) return { ok: false, reason: 'closed' };
  const slot = plan.slots.find((s) => s.time === time);
  if (!slot) return { ok: false, reason: 'not-a-slot' };
  return slot.state === 'available' ? { ok: true, slot } : { ok: false, reason: slot.state };
}
