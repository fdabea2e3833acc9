import { Schema, type Connection, type Model } from 'mongoose';
import type { PrivacyService, Retention } from '@bb/contracts';
import type { EventBus } from '../bus/event-bus';
import { isDuplicateKey } from '../db/mongo';
import type { Logger } from '../logger';
import { PeriodicTask } from '../periodic-task';

/** A service's copy of the retention setting (`privacy_retention`, one document), the latest version winning. */
export interface RetentionCopyDoc {
  _id: string;
  chatMonths: number | null;
  customerMonths: number | null;
  version: number;
}

const RETENTION_ID = 'retention';
const retentionCopySchema = new Schema<RetentionCopyDoc>(
  { _id: String, chatMonths: { type: Number, default: null }, customerMonths: { type: Number, default: null }, version: { type: Number, required: true } },
  { versionKey: false },
);

export const retentionCopyModel = (conn: Connection): Model<RetentionCopyDoc> =>
  (conn.models.RetentionCopy as Model<RetentionCopyDoc> | undefined) ?? conn.model<RetentionCopyDoc>('RetentionCopy', retentionCopySchema, 'privacy_retention');

/** The setting as this service holds it: kept for good until one arrives. */
export async function retentionOf(model: Model<RetentionCopyDoc>): Promise<Retention> {
  const doc = await model.findById(RETENTION_ID).lean();
  return { chatMonths: doc?.chatMonths ?? null, customerMonths: doc?.customerMonths ?? null };
}

/** Keeps the service's copy by `privacy.retention.changed` (queue `<service>.privacy-retention`): an older or repeated version changes nothing. */
export function keepRetention(bus: EventBus, service: PrivacyService, model: Model<RetentionCopyDoc>): void {
  bus.subscribe(`${service}.privacy-retention`, ['privacy.retention.changed'], async ({ data }) => {
    const { chatMonths, customerMonths, version } = data;
    const newer = await model.updateOne({ _id: RETENTION_ID, version: { $lt: version } }, { $set: { chatMonths, customerMonths, version } });
    if (newer.matchedCount === 1) return;
    try {
      await model.create({ _id: RETENTION_ID, chatMonths, customerMonths, version });
    } catch (err) {
      // The copy exists at this version or a later one.
      if (!isDuplicateKey(err)) throw err;
    }
  });
}

/** `months` calendar months before `now` (UTC), the end of what a retention of that many months keeps. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

// Retention is counted in months: a pass an hour is soon enough.
const RETENTION_PASS_MS = 60 * 60 * 1000;

/**
 * The periodic retention pass of a service, reading the setting from its database each time (so
 * a restart has it). Every replica may run it: each pass finds only what is not erased yet.
 */
export const retentionTask = (service: PrivacyService, pass: () => Promise<void>, logger: Logger) =>
  new PeriodicTask(`${service} retention pass`, pass, RETENTION_PASS_MS, logger);
