import type { Express } from 'express';
import { DEFAULT_CHANGE_CUTOFF_HOURS, scheduleRoutes, type Settings, type Side } from '@bb/contracts';
import { bind, type EventBus } from '@bb/service-kit';
import type { BookingModels } from '../models';
import { DEFAULT_MAX_SESSIONS_PER_SLOT } from '../models/settings';
import type { ScheduleCopy } from '../store/schedule-copy';

const { settings: getSettings, saveSettings: putSettings } = scheduleRoutes;

export interface ScheduleRouteDeps {
  models: BookingModels;
  schedule: ScheduleCopy;
  bus: EventBus;
}

const settingsOf = (schedule: ScheduleCopy, offering: Side): Settings => ({
  offeringType: offering,
  maxSessionsPerSlot: schedule.capacity(offering),
  changeCutoffHours: schedule.changeCutoffHours(offering),
});

export function mountSettings(app: Express, { models, schedule, bus }: ScheduleRouteDeps): void {
  bind(app, getSettings, ({ params }) => settingsOf(schedule, params.offering));

  // Lowering capacity leaves existing appointments alone: their seats stay, new bookings find the block full.
  // Either field may come alone; the one left out keeps its value (its default on first save).
  bind(app, putSettings, async ({ params, body }) => {
    const given = {
      ...(body.maxSessionsPerSlot !== undefined ? { maxSessionsPerSlot: body.maxSessionsPerSlot } : {}),
      ...(body.changeCutoffHours !== undefined ? { changeCutoffHours: body.changeCutoffHours } : {}),
    };
    const missing = {
      ...(body.maxSessionsPerSlot === undefined ? { maxSessionsPerSlot: DEFAULT_MAX_SESSIONS_PER_SLOT } : {}),
      ...(body.changeCutoffHours === undefined ? { changeCutoffHours: DEFAULT_CHANGE_CUTOFF_HOURS } : {}),
    };
    await models.Settings.updateOne({ _id: params.offering }, { $set: given, $setOnInsert: missing }, { upsert: true });
    await schedule.scheduleSaved(bus, params.offering);
    return settingsOf(schedule, params.offering);
  });
}
