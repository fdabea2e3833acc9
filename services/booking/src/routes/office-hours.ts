import type { Express } from 'express';
import { DEFAULT_OFFICE_HOURS, scheduleRoutes, type OfficeHours, type Side } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import { weekOfOfficeHours } from '../domain/office-hours';
import type { BookingModels } from '../models';
import { officeHoursId } from '../models/office-hours';

const { officeHours, saveOfficeHours: officeHoursBulk } = scheduleRoutes;

async function savedWeek(models: BookingModels, offering: Side): Promise<OfficeHours[]> {
  const saved = await models.OfficeHours.find({ offeringType: offering }, { _id: 0, offeringType: 1, dayOfWeek: 1, startTime: 1, endTime: 1, isActive: 1 }).lean<OfficeHours[]>();
  return weekOfOfficeHours(offering, saved);
}

export function mountOfficeHours(app: Express, { models }: { models: BookingModels }): void {
  bind(app, officeHours, ({ params }) => savedWeek(models, params.offering));

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
    return savedWeek(models, body.offeringType);
  });
}
