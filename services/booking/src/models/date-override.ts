import { Schema, type Connection } from 'mongoose';
import type { DateOverride, Side } from '@bb/contracts';

/**
 * The hours of one date of one offering when they differ from its weekday's: closed all day,
 * or open with its own start and end. `_id` is `<offering>|<yyyy-MM-dd>`: one per date.
 */
export interface DateOverrideDoc {
  _id: string;
  offeringType: Side;
  /** yyyy-MM-dd, a Manila calendar date. */
  date: string;
  closed: boolean;
  /** HH:mm; null when closed. */
  startTime: string | null;
  endTime: string | null;
  note: string;
}

const dateOverrideSchema = new Schema<DateOverrideDoc>(
  {
    _id: String,
    offeringType: { type: String, required: true },
    date: { type: String, required: true },
    closed: { type: Boolean, required: true },
    startTime: { type: String, default: null },
    endTime: { type: String, default: null },
    note: { type: String, default: '' },
  },
  { versionKey: false },
);
// The console's list of an offering, by date.
dateOverrideSchema.index({ offeringType: 1, date: 1 });

export const dateOverrideId = (offering: Side, date: string) => `${offering}|${date}`;

/** A closure inserted by an upsert has no times stored (FerretDB v1 drops null fields of `$setOnInsert`): they read as null. */
export const toDateOverride = ({ offeringType, date, closed, startTime, endTime, note }: DateOverrideDoc): DateOverride => ({
  offeringType,
  date,
  closed,
  startTime: startTime ?? null,
  endTime: endTime ?? null,
  note,
});

export const dateOverrideModel = (conn: Connection) => conn.model<DateOverrideDoc>('DateOverride', dateOverrideSchema, 'date_overrides');
