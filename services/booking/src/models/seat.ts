import { Schema, type Connection, type Types } from 'mongoose';
import type { Side } from '@bb/contracts';

/**
 * One unit of capacity in one 30-minute block: `_id` is `<offering>|<block start ISO>|<seat>`
 * with seat < maxSessionsPerSlot, so the unique `_id` makes a double claim impossible on
 * MongoDB and FerretDB alike, whatever number of booking processes race.
 */
export interface SeatDoc {
  _id: string;
  offeringType: Side;
  blockStart: Date;
  seat: number;
  appointmentId: Types.ObjectId;
  claimedAt: Date;
}

const seatSchema = new Schema<SeatDoc>(
  {
    _id: String,
    offeringType: { type: String, required: true },
    blockStart: { type: Date, required: true },
    seat: { type: Number, required: true },
    appointmentId: { type: Schema.Types.ObjectId, required: true },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// The sweep looks only at seats of blocks still to come.
seatSchema.index({ blockStart: 1 });

export const seatId = (offering: Side, blockStart: Date, seat: number) => `${offering}|${blockStart.toISOString()}|${seat}`;

/** The offering and block start a seat id names. */
export function parseSeatId(id: string): { offering: Side; blockStart: Date } {
  const [offering, blockStart] = id.split('|');
  return { offering: offering as Side, blockStart: new Date(blockStart) };
}

export const seatModel = (conn: Connection) => conn.model<SeatDoc>('Seat', seatSchema, 'seats');
