import { Schema, type Connection } from 'mongoose';
import type { Room, Side } from '@bb/contracts';

/** A room or piece of equipment of one offering; `_id` is the slug of the name it was created with. */
export interface RoomDoc {
  _id: string;
  offeringType: Side;
  name: string;
  kind: Room['kind'];
  count: number;
}

const roomSchema = new Schema<RoomDoc>(
  {
    _id: String,
    offeringType: { type: String, required: true },
    name: { type: String, required: true },
    kind: { type: String, required: true },
    count: { type: Number, required: true },
  },
  { versionKey: false },
);

export const roomModel = (conn: Connection) => conn.model<RoomDoc>('Room', roomSchema, 'rooms');

export const toRoom = ({ _id, offeringType, name, kind, count }: RoomDoc): Room => ({ id: _id, offeringType, name, kind, count });
