import { Schema, type Connection } from 'mongoose';
import type { OfferingType } from '@bb/contracts';

/** Booking's copy of a treatment or package (name, duration and price), fed by catalog.bookable.changed. */
export interface BookableDoc {
  _id: string;
  kind: 'treatment' | 'package';
  name: string;
  defaultDuration: number | null;
  offeringType: OfferingType;
  deleted: boolean;
  /** The catalog's version of the item; a change older than this one is ignored. */
  version: number;
  /** Its one price in centavos, for deposits; null when it has none (a range, words) or was copied before prices were sent. */
  priceCentavos?: number | null;
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
    priceCentavos: { type: Number, default: null },
  },
  { versionKey: false },
);

export const bookableModel = (conn: Connection) => conn.model<BookableDoc>('Bookable', bookableSchema, 'bookables');
