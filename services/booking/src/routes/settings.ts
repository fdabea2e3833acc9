import type { Express } from 'express';
import { scheduleRoutes } from '@bb/contracts';
import { bind, type EventBus } from '@bb/service-kit';
import type { BookingModels } from '../models';
import type { ScheduleCopy } from '../store/schedule-copy';

const { settings: getSettings, saveSettings: putSettings } = scheduleRoutes;

export interface ScheduleRouteDeps {
  models: BookingModels;
  schedule: ScheduleCopy;
  bus: EventBus;
}

export function mountSettings(app: Express, { models, schedule, bus }: ScheduleRouteDeps): void {
  bind(app, getSettings, ({ params }) => ({ offeringType: params.offering, maxSessionsPerSlot: schedule.capacity(params.offering) }));

  // Lowering capacity leaves existing appointments alone: their seats stay, new bookings find the block full.
  bind(app, putSettings, async ({ params, body }) => {
    await models.Settings.updateOne({ _id: params.offering }, { $set: { maxSessionsPerSlot: body.maxSessionsPerSlot } }, { upsert: true });
    await schedule.scheduleSaved(bus, params.offering);
    return { offeringType: params.offering, maxSessionsPerSlot: body.maxSessionsPerSlot };
  });
}
