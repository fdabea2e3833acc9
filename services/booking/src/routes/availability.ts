import type { Express } from 'express';
import { scheduleRoutes } from '@bb/contracts';
import { bind, DAY_MS } from '@bb/service-kit';
import { readDay, readDays } from '../store/day-plan';
import { bookingDuration, daySlots, planDay, slotsResponse } from '../domain/slots';
import type { BookingModels } from '../models';
import type { ScheduleCopy } from '../store/schedule-copy';

export interface AvailabilityDeps {
  models: BookingModels;
  schedule: ScheduleCopy;
  now: () => Date;
}

const { availableSlots } = scheduleRoutes;

/** The dates from `from` to `to`, both included (the contract bounds the span). */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += DAY_MS) dates.push(new Date(day).toISOString().slice(0, 10));
  return dates;
}

export function mountAvailability(app: Express, { models, schedule, now }: AvailabilityDeps): void {
  // One date answers as the spec documents it; a range answers every day the same way, from one read of all their day sheets.
  bind(app, availableSlots, async ({ query }) => {
    const { offeringType: offering, date, from, to } = query;
    const [items, days] = await Promise.all([
      schedule.bookables(query.treatmentId),
      date !== undefined ? readDay(models, schedule, offering, date).then((day) => [day]) : readDays(models, schedule, offering, datesBetween(from ?? '', to ?? '')),
    ]);
    // Items booking does not know (yet) count as 60 minutes, like items without a duration.
    const known = new Map(items.map((b) => [b._id, b]));
    const durationMinutes = bookingDuration(query.treatmentId.map((id) => known.get(id) ?? { defaultDuration: null }));
    const at = now();
    const plans = days.map((day) => planDay({ ...day, durationMinutes, now: at }));
    return date !== undefined ? slotsResponse(plans[0], offering) : { days: plans.map((plan) => daySlots(plan, offering)) };
  });
}
