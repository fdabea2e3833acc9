import type { Express } from 'express';
import { practitionerRoutes } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { qualifiedFor } from '../domain/practitioners';
import { listPractitioners, updatePractitioner } from '../store/resources';

const { list, update, available } = practitionerRoutes;

export function mountPractitioners(app: Express, { models, schedule, bus }: BookingDeps): void {
  bind(app, list, () => listPractitioners(models));

  bind(app, update, async ({ params, body }) => {
    const result = await updatePractitioner(models, params.id, body);
    if (!result) throw notFound('Practitioner not found');
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
