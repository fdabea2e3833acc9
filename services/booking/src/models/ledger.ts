import { Schema, type Connection } from 'mongoose';
import type { StoredLedgerDoc } from '../domain/ledger';

/**
 * The booking ledger, one document per offering and Manila month (`_id` `<offering>|<yyyy-MM>`):
 * places taken per 30-minute block and their holders, each encoded as one string (see domain/ledger.ts). Written only by
 * guarded single-document updates with dotted paths (store/ledger.ts), read by `_id`.
 */
const ledgerSchema = new Schema<StoredLedgerDoc>(
  {
    _id: String,
    b: { type: Schema.Types.Mixed },
    h: { type: Schema.Types.Mixed },
  },
  { versionKey: false, minimize: false },
);

export const ledgerModel = (conn: Connection) => conn.model<StoredLedgerDoc>('Ledger', ledgerSchema, 'ledger');
