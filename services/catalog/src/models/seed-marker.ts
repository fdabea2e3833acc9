import { Schema, type Connection } from 'mongoose';

/**
 * Says this database holds demo content: written when demo seeding starts and completed when
 * it ends. Seeding only ever runs on an empty database or one carrying this marker.
 */
export interface SeedMarkerDoc {
  _id: string;
  startedAt: Date;
  completedAt: Date | null;
}

const seedMarkerSchema = new Schema<SeedMarkerDoc>(
  { _id: String, startedAt: { type: Date, required: true }, completedAt: { type: Date, default: null } },
  { versionKey: false },
);

export const seedMarkerModel = (conn: Connection) => conn.model<SeedMarkerDoc>('SeedMarker', seedMarkerSchema, 'seed_markers');
