import {
  DEFAULT_BOOKING_POLICY,
  DEFAULT_CHANGE_CUTOFF_HOURS,
  DEFAULT_MAX_RESCHEDULES,
  DEFAULT_OFFICE_HOURS,
  type DateOverride,
  type officeHoursDaySchema,
  type SettingsUpdate,
  type Side,
} from '@bb/contracts';
import { auditEventBy, settingChanges, type AuditBy, type OutboxRelay } from '@bb/service-kit';
import type { z } from 'zod';
import type { BookingModels } from '../models';
import { dateOverrideId, toDateOverride, type DateOverrideDoc } from '../models/date-override';
import { officeHoursId } from '../models/office-hours';
import { DEFAULT_MAX_SESSIONS_PER_SLOT } from '../models/settings';

/** Every setting with its default: what a first save stores for the fields it leaves out. */
const DEFAULTS = {
  maxSessionsPerSlot: DEFAULT_MAX_SESSIONS_PER_SLOT,
  changeCutoffHours: DEFAULT_CHANGE_CUTOFF_HOURS,
  maxReschedulesPerBooking: DEFAULT_MAX_RESCHEDULES,
  ...DEFAULT_BOOKING_POLICY,
};

/**
 * Any fields may come; those left out keep their value (their default on first save), in one
 * write with its audit entry (what changed, from the values read just before).
 */
export async function saveSettings(models: BookingModels, relay: OutboxRelay, offering: Side, body: SettingsUpdate, by: AuditBy): Promise<void> {
  const fields = Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[];
  const given = Object.fromEntries(fields.flatMap((field) => (body[field] !== undefined ? [[field, body[field]]] : [])));
  const missing = Object.fromEntries(fields.flatMap((field) => (body[field] === undefined ? [[field, DEFAULTS[field]]] : [])));
  const stored = await models.Settings.findById(offering).lean();
  const before = Object.fromEntries(fields.map((field) => [field, stored?.[field] ?? DEFAULTS[field]]));
  const audit = auditEventBy('booking', by, { action: 'setting-changed', subject: `settings ${offering}`, ...settingChanges(before, given) });
  await models.Settings.updateOne({ _id: offering }, { $set: given, $setOnInsert: missing, $push: { outbox: audit } }, { upsert: true });
  relay.publishDocument(models.Settings, offering);
}

/** One write per weekday sent. */
export async function saveOfficeHours(models: BookingModels, offering: Side, hours: readonly z.output<typeof officeHoursDaySchema>[]): Promise<void> {
  for (const day of hours) {
    // A closed day sent without times keeps the ones it had (or the defaults).
    const times = { ...(day.startTime ? { startTime: day.startTime } : {}), ...(day.endTime ? { endTime: day.endTime } : {}) };
    const missing = {
      ...(day.startTime ? {} : { startTime: DEFAULT_OFFICE_HOURS.startTime }),
      ...(day.endTime ? {} : { endTime: DEFAULT_OFFICE_HOURS.endTime }),
    };
    await models.OfficeHours.updateOne(
      { _id: officeHoursId(offering, day.dayOfWeek) },
      { $set: { offeringType: offering, dayOfWeek: day.dayOfWeek, isActive: day.isActive, ...times }, $setOnInsert: missing },
      { upsert: true },
    );
  }
}

export interface DateOverrideInput {
  date: string;
  closed: boolean;
  startTime?: string;
  endTime?: string;
  note: string;
}

/** A closed date keeps no times, whatever came with it. */
const overrideDoc = (offering: Side, o: DateOverrideInput): DateOverrideDoc => ({
  _id: dateOverrideId(offering, o.date),
  offeringType: offering,
  date: o.date,
  closed: o.closed,
  startTime: o.closed ? null : (o.startTime ?? null),
  endTime: o.closed ? null : (o.endTime ?? null),
  note: o.note,
});

export async function dateOverrides(models: BookingModels, offering: Side): Promise<DateOverride[]> {
  const docs = await models.DateOverride.find({ offeringType: offering }).sort({ date: 1 }).lean<DateOverrideDoc[]>();
  return docs.map(toDateOverride);
}

/** Replaces what the date had: one write by `_id`. */
export async function saveDateOverride(models: BookingModels, offering: Side, input: DateOverrideInput): Promise<DateOverride> {
  const { _id, ...fields } = overrideDoc(offering, input);
  await models.DateOverride.updateOne({ _id }, { $set: fields }, { upsert: true });
  return toDateOverride({ _id, ...fields });
}

/** False when the date had no override. */
export async function removeDateOverride(models: BookingModels, offering: Side, date: string): Promise<boolean> {
  const removed = await models.DateOverride.deleteOne({ _id: dateOverrideId(offering, date) });
  return removed.deletedCount > 0;
}
