import type { Express } from 'express';
import { dateOverrideRoutes } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { publicHolidays } from '../domain/holidays';
import { dateOverrides, removeDateOverride, saveDateOverride } from '../store/schedule-writes';

const { list, save, saveMany, remove, holidays } = dateOverrideRoutes;

export function mountDateOverrides(app: Express, { models, schedule, bus }: BookingDeps): void {
  bind(app, list, ({ params }) => dateOverrides(models, params.offering));

  // Appointments already booked on the date stay: the console lists them before it saves.
  bind(app, save, async ({ params, body }) => {
    const saved = await saveDateOverride(models, params.offering, { ...body, date: params.date });
    await schedule.scheduleSaved(bus, params.offering);
    return saved;
  });

  // One write per date (no multi-document writes on FerretDB), sent together; each replaces what
  // its date had, so a retry after a failure part-way stores the same. Replicas reload once, after all.
  bind(app, saveMany, async ({ params, body }) => {
    const saved = await Promise.all(body.overrides.map((override) => saveDateOverride(models, params.offering, override)));
    await schedule.scheduleSaved(bus, params.offering);
    return saved.sort((a, b) => a.date.localeCompare(b.date));
  });

  bind(app, remove, async ({ params }) => {
    if (!(await removeDateOverride(models, params.offering, params.date))) throw notFound(`The ${params.offering} has no date override on ${params.date}.`);
    await schedule.scheduleSaved(bus, params.offering);
    return { message: 'Date override removed' };
  });

  bind(app, holidays, ({ params }) => publicHolidays(params.year));
}
