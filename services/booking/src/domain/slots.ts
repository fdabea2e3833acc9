import { DEFAULT_DURATION_MINUTES, SLOT_MINUTES, type AppointmentStatus, type Side, type SlotsResponse } from '@bb/contracts';
import { blocksCovering, clockTime, manilaInstant, MINUTE_MS, minutesOfDay, WEEKDAY_NAMES, weekdayOf } from '@bb/service-kit';

export interface OfficeDay {
  isActive: boolean;
  /** HH:mm or HH:mm:ss, Manila wall clock. */
  startTime: string;
  endTime: string;
}

/**
 * Something that takes one unit of capacity in every 30-minute block it overlaps: an
 * appointment, or one of the 30-minute seats the service stores for each block of one.
 */
export interface CapacityHold {
  startTime: Date;
  endTime: Date;
  /** A cancelled appointment holds nothing. */
  status?: AppointmentStatus;
}

export interface DayRequest {
  /** yyyy-MM-dd, a Manila calendar date. */
  date: string;
  hours: OfficeDay;
  durationMinutes: number;
  /** maxSessionsPerSlot of the offering. */
  capacity: number;
  /** What holds capacity of the offering on that day. */
  holds: CapacityHold[];
  now: Date;
}

export type SlotState = 'available' | 'past' | 'full';

export interface PlannedSlot {
  /** HH:mm, Manila. */
  time: string;
  start: Date;
  end: Date;
  state: SlotState;
}

export type DayPlan = { open: false } | { open: true; slots: PlannedSlot[] };

/** Length of a booking: the chosen items' durations added up, 60 minutes for any without one. */
export function bookingDuration(items: { defaultDuration: number | null }[]): number {
  if (items.length === 0) return DEFAULT_DURATION_MINUTES;
  return items.reduce((sum, item) => sum + (item.defaultDuration ?? DEFAULT_DURATION_MINUTES), 0);
}

/**
 * The slots of a day. They start at opening and every 30 minutes after, while start +
 * duration ≤ closing. A slot is available when it starts after now and every 30-minute
 * block it covers holds fewer than `capacity` non-cancelled appointments. The booking
 * write re-checks with this same function; seats in the database then settle races.
 */
export function planDay(req: DayRequest): DayPlan {
  const opening = minutesOfDay(req.hours.startTime);
  const closing = minutesOfDay(req.hours.endTime);
  if (!req.hours.isActive || opening === null || closing === null || closing <= opening) return { open: false };

  const taken = new Map<number, number>();
  for (const hold of req.holds) {
    if (hold.status === 'cancelled') continue;
    for (const block of blocksCovering(hold.startTime, hold.endTime)) taken.set(block.getTime(), (taken.get(block.getTime()) ?? 0) + 1);
  }

  const midnight = manilaInstant(req.date, 0).getTime();
  const slots: PlannedSlot[] = [];
  for (let minute = opening; minute + req.durationMinutes <= closing; minute += SLOT_MINUTES) {
    const start = new Date(midnight + minute * MINUTE_MS);
    const end = new Date(start.getTime() + req.durationMinutes * MINUTE_MS);
    const full = blocksCovering(start, end).some((block) => (taken.get(block.getTime()) ?? 0) >= req.capacity);
    const state: SlotState = start.getTime() <= req.now.getTime() ? 'past' : full ? 'full' : 'available';
    slots.push({ time: clockTime(minute), start, end, state });
  }
  return { open: true, slots };
}

/** What GET /api/available-slots answers for a plan. */
export function slotsResponse(plan: DayPlan, offering: Side, date: string): SlotsResponse {
  if (!plan.open) return { slots: [], message: `The ${offering} is closed on ${WEEKDAY_NAMES[weekdayOf(date)]}s.` };
  const slots = plan.slots.map((s) => ({ time: s.time, available: s.state === 'available' }));
  return slots.length > 0 ? { slots } : { slots, message: 'The chosen services take longer than the opening hours of this day.' };
}

export type SlotCheck = { ok: true; slot: PlannedSlot } | { ok: false; reason: 'closed' | 'not-a-slot' | 'past' | 'full' };

/** Whether a requested HH:mm is a bookable slot of the plan, and if not, why. */
export function checkSlot(plan: DayPlan, time: string): SlotCheck {
  if (!plan.open) return { ok: false, reason: 'closed' };
  const slot = plan.slots.find((s) => s.time === time);
  if (!slot) return { ok: false, reason: 'not-a-slot' };
  return slot.state === 'available' ? { ok: true, slot } : { ok: false, reason: slot.state };
}
