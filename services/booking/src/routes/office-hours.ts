import type { Express } from 'express';
import { DEFAULT_OFFICE_HOURS, scheduleRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import { officeHoursId } from '../models/office-hours';
import type { ScheduleRouteDeps } from './settings';

const { officeHours, saveOfficeHours: officeHoursBulk } = scheduleRoutes;

export function mountOfficeHours(app: Express, { models, schedule, bus }: ScheduleRouteDeps): void {
  bind(app, officeHours, ({ params }) => schedule.week(params.offering));

  bind(app, officeHoursBulk, async ({ body }) => {
    for (const day of body.hours) {
      // A closed day sent without times keeps the ones it had (or the defaults).
      const times = { ...(day.startTime ? { startTime: day.startTime } : {}), ...(day.endTime ? { endTime: day.endTime } : {}) };
      const missing = {
        ...(day.startTime ? {} : { startTime: DEFAULT_OFFICE_HOURS.startTime }),
        ...(day.endTime ? {} : { endTime: DEFAULT_OFFICE_HOURS.endTime }),
      };
      await models.OfficeHours.updateOne(
        { _id: officeHoursId(body.offeringType, day.dayOfWeek) },
        { $set: { offeringType: body.offeringType, dayOfWeek: day.dayOfWeek, isActive: day.isActive, ...times }, $setOnInsert: missing },
        { upsert: true },
      );
    }
    await schedule.scheduleSaved(bus, body.offeringType);
    return schedule.week(body.offeringType);
  });
}
