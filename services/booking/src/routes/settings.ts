import type { Express } from 'express';
import { scheduleRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import { capacityOf } from '../store/day-plan';
import type { BookingModels } from '../models';

const { settings: getSettings, saveSettings: putSettings } = scheduleRoutes;

export function mountSettings(app: Express, { models }: { models: BookingModels }): void {
  bind(app, getSettings, async ({ params }) => ({ offeringType: params.offering, maxSessionsPerSlot: await capacityOf(models, params.offering) }));

  // Lowering capacity leaves existing appointments alone: their seats stay, new bookings find the block full.
  bind(app, putSettings, async ({ params, body }) => {
    await models.Settings.updateOne({ _id: params.offering }, { $set: { maxSessionsPerSlot: body.maxSessionsPerSlot } }, { upsert: true });
    return { offeringType: params.offering, maxSessionsPerSlot: body.maxSessionsPerSlot };
  });
}
