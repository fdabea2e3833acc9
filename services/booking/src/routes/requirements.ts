import type { Express } from 'express';
import { requirementRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { listRequirements, saveRequirement } from '../store/resources';

const { list, save } = requirementRoutes;

export function mountRequirements(app: Express, { models, schedule, bus }: BookingDeps): void {
  bind(app, list, () => listRequirements(models));

  bind(app, save, async ({ params, body }) => {
    const { saved, offering } = await saveRequirement(models, params.bookableId, body);
    await schedule.scheduleSaved(bus, offering);
    return saved;
  });
}
