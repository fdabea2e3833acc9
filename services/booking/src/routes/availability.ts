import type { Express } from 'express';
import { scheduleRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { bookingDuration, datesOf, planDay, slotsAnswer } from '../domain/slots';
import { holdOf } from '../domain/slot-hold';
import { readDays } from '../store/day-plan';

const { availableSlots } = scheduleRoutes;

export function mountAvailability(app: Express, { models, schedule, now }: BookingDeps): void {
  // One date answers as the spec documents it; a range answers every day the same way, from one read of their months' ledger.
  // A visitor's own hold (`holdId`) counts as free for them, everyone else's as taken.
  bind(app, availableSlots, async ({ query }) => {
    const offering = query.offeringType;
    const at = now();
    const own = query.holdId ? holdOf(query.holdId, offering) : null;
    const [items, days] = await Promise.all([
      schedule.bookables(query.treatmentId),
      readDays(models, schedule, offering, datesOf(query), at, own ? new Set([own]) : undefined),
    ]);
    // Items booking does not know (yet) count as 60 minutes, like items without a duration.
    const known = new Map(items.map((b) => [b._id, b]));
    const durationMinutes = bookingDuration(query.treatmentId.map((id) => known.get(id) ?? { defaultDuration: null }));
    return slotsAnswer(
      days.map((day) => planDay({ ...day, durationMinutes, now: at, resources: day.resourcesFor(query.treatmentId, query.practitionerId) })),
      offering,
      query.date !== undefined,
    );
  });
}
