import { Schema, type Connection } from 'mongoose';
import type { Side } from '@bb/contracts';
import { hashedContactKey } from '../domain/contact-keys';

/** One appointment a contact key counts: its start (it stops counting then) and when it was counted (wall clock). */
export interface CountedAppointment {
  t: Date;
  c: Date;
}

/**
 * The per-contact cap's count of one contact key (an e-mail or a phone number, `contactKeys`) at
 * an offering: `_id` is `<offering>|<key hash>`, `n` the appointments it counts and `h` those
 * appointments by `a<id>`, changed together by one guarded write (`n` below the cap and the
 * appointment not yet counted), so the cap holds whatever number of booking processes race.
 * The key is hashed: the count outlives its appointments and keeps no address.
 */
export interface ContactCountDoc {
  _id: string;
  n: number;
  h: Record<string, CountedAppointment>;
}

const contactCountSchema = new Schema<ContactCountDoc>(
  {
    _id: String,
    n: { type: Number },
    h: { type: Schema.Types.Mixed },
  },
  { versionKey: false, minimize: false },
);

export const contactCountId = (offering: Side, key: string) => `${offering}|${hashedContactKey(key)}`;

export const contactCountModel = (conn: Connection) => conn.model<ContactCountDoc>('ContactCount', contactCountSchema, 'contact_counts');
