import { Schema, type Connection } from 'mongoose';

/**
 * A data migration of this database (`_id` names it): the replica running it holds a lease
 * (`owner` until `leaseUntil`, wall clock) that it renews while it works, so replicas starting
 * together run it once and one that died is taken over; `completedAt` set, it never runs again.
 * `from` is what the run was planned from (the first ledger block it moves), kept so a resumed
 * run plans the same.
 */
export interface MigrationDoc {
  _id: string;
  from: string;
  owner: string;
  leaseUntil: Date;
  completedAt: Date | null;
}

const migrationSchema = new Schema<MigrationDoc>(
  {
    _id: String,
    from: { type: String, required: true },
    owner: { type: String, required: true },
    leaseUntil: { type: Date, required: true },
    completedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

export const migrationModel = (conn: Connection) => conn.model<MigrationDoc>('Migration', migrationSchema, 'migrations');
