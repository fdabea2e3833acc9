import type { Express } from 'express';
import { dateOverrideRoutes, type DateOverride } from '@bb/contracts';
import { auditBy, bind, notFound } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { publicHolidays } from '../domain/holidays';
import { dateOverrides, removeDateOverride, saveDateOverride } from '../store/schedule-writes';
import { noteSettingChange } from '../store/setting-audit';

/** A date's override as the audit trail shows it (never its note: free text). */
const overrideText = (o: DateOverride) => (o.closed ? 'closed' : `${o.startTime ?? ''}–${o.endTime ?? ''}`);

const { list, save, saveMany, remove, holidays } = dateOverrideRoutes;

export function mountDateOverrides(app: Express, deps: BookingDeps): void {
  const { models, schedule, bus } = deps;
  bind(app, list, ({ params }) => dateOverrides(models, params.offering));

  // Appointments already booked on the date stay: the console lists them before it saves.
  bind(app, save, async (input) => {
    const { params, body } = input;
    const saved = await saveDateOverride(models, params.offering, { ...body, date: params.date });
    await noteSettingChange(deps, auditBy(input), { subject: `date override ${params.offering} ${params.date}`, after: overrideText(saved) });
    await schedule.scheduleSaved(bus, params.offering);
    return saved;
  });

  // One write per date (no multi-document writes on FerretDB), sent together; each replaces what
  // its date had, so a retry after a failure part-way stores the same. Replicas reload once, after all.
  bind(app, saveMany, async (input) => {
    const { params, body } = input;
    const saved = await Promise.all(body.overrides.map((override) => saveDateOverride(models, params.offering, override)));
    const dates = saved.map((o) => o.date).sort();
    await noteSettingChange(deps, auditBy(input), {
      subject: `date overrides ${params.offering}, ${dates.length} ${dates.length === 1 ? 'date' : 'dates'} (${dates[0]} to ${dates[dates.length - 1]})`,
      after: saved.every((o) => o.closed) ? 'closed' : 'saved',
    });
    await schedule.scheduleSaved(bus, params.offering);
    return saved.sort((a, b) => a.date.localeCompare(b.date));
  });

  bind(app, remove, async (input) => {
    const { params } = input;
    if (!(await removeDateOverride(models, params.offering, params.date))) throw notFound(`The ${params.offering} has no date override on ${params.date}.`);
    await noteSettingChange(deps, auditBy(input), { subject: `date override ${params.offering} ${params.date}`, after: 'removed' });
    await schedule.scheduleSaved(bus, params.offering);
    return { message: 'Date override removed' };
  });

  bind(app, holidays, ({ params }) => publicHolidays(params.year));
}
