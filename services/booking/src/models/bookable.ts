import { Schema, type Connection } from 'mongoose';
import type { OfferingType } from '@bb/contracts';

/** Booking's copy of a treatment or package (name and duration), fed by catalog.bookable.changed. */
export interface BookableDoc {
  _id: string;
  kind: 'treatment' | 'package';
  name: string;
  defaultDuration: number | null;
  offeringType: OfferingType;
  deleted: boolean;
  /** The catalog's version of the item; a change older than this one is ignored. */
  version: number;
}

const bookableSchema = new Schema<BookableDoc>(
  {
    _id: String,
    kind: { type: String, required: true },
    name: { type: String, required: true },
    defaultDuration: { type: Number, default: null },
    offeringType: { type: String, required: true },
    deleted: { type: Boolean, default: false },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);

export const bookableModel = (conn: Connection) => conn.model<BookableDoc>('Bookable', bookableSchema, 'bookables');
