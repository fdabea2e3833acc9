import type { Express } from 'express';
import { scheduleRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import { readDay } from '../store/day-plan';
import { bookingDuration, planDay, slotsResponse } from '../domain/slots';
import type { BookingModels } from '../models';
import type { ScheduleCopy } from '../store/schedule-copy';

export interface AvailabilityDeps {
  models: BookingModels;
  schedule: ScheduleCopy;
  now: () => Date;
}

const { availableSlots } = scheduleRoutes;

export function mountAvailability(app: Express, { models, schedule, now }: AvailabilityDeps): void {
  bind(app, availableSlots, async ({ query }) => {
    const [items, day] = await Promise.all([
      schedule.bookables(query.treatmentId),
      readDay(models, schedule, query.offeringType, query.date),
    ]);
    // Items booking does not know (yet) count as 60 minutes, like items without a duration.
    const known = new Map(items.map((b) => [b._id, b]));
    const durationMinutes = bookingDuration(query.treatmentId.map((id) => known.get(id) ?? { defaultDuration: null }));
    return slotsResponse(planDay({ ...day, durationMinutes, now: now() }), query.offeringType, query.date);
  });
}
