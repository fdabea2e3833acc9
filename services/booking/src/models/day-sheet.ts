import { Schema, type Connection } from 'mongoose';
import type { Side } from '@bb/contracts';

/**
 * The seats held on one Manila day of one offering, in one document (`_id` is
 * `<offering>|<yyyy-MM-dd>`), so the slots of a day cost one read by `_id` however many
 * appointments there are. A copy for reading only: the seat documents carry the capacity
 * rule. Claims add here after inserting their seats, releases remove after deleting them,
 * and the seat sweep repairs what a crash in between left behind. Each entry names its
 * holder too (`<seat id>#<appointment id>`), so a release never removes the entry of the
 * next appointment to take the same seat.
 */
export interface DaySheetDoc {
  _id: string;
  offeringType: Side;
  date: string;
  holds: string[];
}

const daySheetSchema = new Schema<DaySheetDoc>(
  {
    _id: String,
    offeringType: { type: String, required: true },
    date: { type: String, required: true },
    holds: { type: [String], default: [] },
  },
  { versionKey: false },
);
daySheetSchema.index({ date: 1 });

export const daySheetId = (offering: Side, date: string) => `${offering}|${date}`;

export const holdEntry = (seat: string, appointmentId: unknown) => `${seat}#${String(appointmentId)}`;

/** The seat id of a sheet entry. */
export const seatOfHold = (entry: string) => entry.split('#')[0];

/** The appointment id of a sheet entry. */
export const holderOf = (entry: string) => entry.split('#')[1];

export const daySheetModel = (conn: Connection) => conn.model<DaySheetDoc>('DaySheet', daySheetSchema, 'day_sheets');
