import type { Express } from 'express';
import { practitionerRoutes } from '@bb/contracts';
import { auditBy, bind, notFound } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { qualifiedFor } from '../domain/practitioners';
import { listPractitioners, updatePractitioner } from '../store/resources';
import { noteSettingChange } from '../store/setting-audit';

const { list, update, available } = practitionerRoutes;

export function mountPractitioners(app: Express, deps: BookingDeps): void {
  const { models, schedule, bus } = deps;
  bind(app, list, () => listPractitioners(models));

  bind(app, update, async (input) => {
    const { params, body } = input;
    const result = await updatePractitioner(models, params.id, body);
    if (!result) throw notFound('Practitioner not found');
    await noteSettingChange(deps, auditBy(input), { subject: `practitioner ${params.id}`, after: `changed ${Object.keys(body).join(', ')}` });
    await schedule.scheduleSaved(bus, result.offering);
    return result.saved;
  });

  // From this replica's copy: a visitor's choice costs no database read.
  bind(app, available, ({ query }) => {
    const needing = query.treatmentId.filter((id) => schedule.requirement(id)?.practitioner === true);
    // No chosen item needs anyone: there is no one to choose (the form shows no choice).
    if (needing.length === 0) return [];
    return qualifiedFor(schedule.practitioners(query.offeringType), needing).map(({ _id, name, imageUrl }) => ({ id: _id, name, imageUrl }));
  });
}
