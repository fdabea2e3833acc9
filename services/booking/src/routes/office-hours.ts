import type { Express } from 'express';
import { scheduleRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { saveOfficeHours } from '../store/schedule-writes';

const { officeHours, saveOfficeHours: officeHoursBulk } = scheduleRoutes;

export function mountOfficeHours(app: Express, { models, schedule, bus }: BookingDeps): void {
  bind(app, officeHours, ({ params }) => schedule.week(params.offering));

  bind(app, officeHoursBulk, async ({ body }) => {
    await saveOfficeHours(models, body.offeringType, body.hours);
    await schedule.scheduleSaved(bus, body.offeringType);
    return schedule.week(body.offeringType);
  });
}
