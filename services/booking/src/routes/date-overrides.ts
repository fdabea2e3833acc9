import type { Express } from 'express';
import { dateOverrideRoutes, type DateOverride, type Side } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import { publicHolidays } from '../domain/holidays';
import { dateOverrideId, toDateOverride, type DateOverrideDoc } from '../models/date-override';
import type { ScheduleRouteDeps } from './settings';

const { list, save, saveMany, remove, holidays } = dateOverrideRoutes;

interface OverrideInput {
  date: string;
  closed: boolean;
  startTime?: string;
  endTime?: string;
  note: string;
}

/** A closed date keeps no times, whatever came with it. */
const overrideDoc = (offering: Side, o: OverrideInput): DateOverrideDoc => ({
  _id: dateOverrideId(offering, o.date),
  offeringType: offering,
  date: o.date,
  closed: o.closed,
  startTime: o.closed ? null : (o.startTime ?? null),
  endTime: o.closed ? null : (o.endTime ?? null),
  note: o.note,
});

export function mountDateOverrides(app: Express, { models, schedule, bus }: ScheduleRouteDeps): void {
  /** Replaces what the date had: one write by `_id`. */
  const store = async (doc: DateOverrideDoc): Promise<DateOverride> => {
    const { _id, ...fields } = doc;
    await models.DateOverride.updateOne({ _id }, { $set: fields }, { upsert: true });
    return toDateOverride(doc);
  };

  bind(app, list, async ({ params }) => {
    const docs = await models.DateOverride.find({ offeringType: params.offering }).sort({ date: 1 }).lean<DateOverrideDoc[]>();
    return docs.map(toDateOverride);
  });

  // Appointments already booked on the date stay: the console lists them before it saves.
  bind(app, save, async ({ params, body }) => {
    const saved = await store(overrideDoc(params.offering, { ...body, date: params.date }));
    await schedule.scheduleSaved(bus, params.offering);
    return saved;
  });

  // One write per date (no multi-document writes on FerretDB), sent together; each replaces what
  // its date had, so a retry after a failure part-way stores the same. Replicas reload once, after all.
  bind(app, saveMany, async ({ params, body }) => {
    const saved = await Promise.all(body.overrides.map((override) => store(overrideDoc(params.offering, override))));
    await schedule.scheduleSaved(bus, params.offering);
    return saved.sort((a, b) => a.date.localeCompare(b.date));
  });

  bind(app, remove, async ({ params }) => {
    const removed = await models.DateOverride.deleteOne({ _id: dateOverrideId(params.offering, params.date) });
    if (removed.deletedCount === 0) throw notFound(`The ${params.offering} has no date override on ${params.date}.`);
    await schedule.scheduleSaved(bus, params.offering);
    return { message: 'Date override removed' };
  });

  bind(app, holidays, ({ params }) => publicHolidays(params.year));
}
