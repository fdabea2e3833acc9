import type { Express } from 'express';
import { requirementRoutes } from '@bb/contracts';
import { auditBy, bind } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { listRequirements, saveRequirement } from '../store/resources';
import { noteSettingChange } from '../store/setting-audit';

const { list, save } = requirementRoutes;

export function mountRequirements(app: Express, deps: BookingDeps): void {
  const { models, schedule, bus } = deps;
  bind(app, list, () => listRequirements(models));

  bind(app, save, async (input) => {
    const { params, body } = input;
    const { saved, offering } = await saveRequirement(models, params.bookableId, body);
    await noteSettingChange(deps, auditBy(input), { subject: `requirement ${params.bookableId}`, after: `changed ${Object.keys(body).join(', ')}` });
    await schedule.scheduleSaved(bus, offering);
    return saved;
  });
}
