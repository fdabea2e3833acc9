import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from './mongo';

/**
 * Says a database holds demo content of one kind (its `_id` names the kind): written when
 * seeding starts and completed when it ends. Seeding only ever runs on a database without that
 * kind of content or one carrying the marker, and never again once it is complete, so demo
 * records staff deleted stay deleted.
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

/** seed: write (or go on writing) the demo records; the others: leave the database alone. */
export type SeedStart = 'seed' | 'already-seeded' | 'not-a-demo-database';

/**
 * Whether to seed the demo records marked `markerId`. Complete: never again. Started (by this
 * process before it stopped, or by another replica now): go on, the writes are idempotent.
 * Neither: only when the database holds none of that content yet (`hasContent`), marking it
 * first; content another replica wrote after marking it is its seeding, not staff's work.
 */
export async function startSeed(markers: Model<SeedMarkerDoc>, markerId: string, hasContent: () => Promise<boolean>, now: Date): Promise<SeedStart> {
  const marker = await markers.findById(markerId).lean();
  if (marker?.completedAt) return 'already-seeded';
  if (marker) return 'seed';
  if (await hasContent()) return (await markers.exists({ _id: markerId })) ? 'seed' : 'not-a-demo-database';
  await markers.updateOne({ _id: markerId }, { $setOnInsert: { startedAt: now } }, { upsert: true }).catch((err: unknown) => {
    // Another replica marked it between our read and our write.
    if (!isDuplicateKey(err)) throw err;
  });
  return 'seed';
}

/** Seeding is done: it never runs again on this database. */
export async function completeSeed(markers: Model<SeedMarkerDoc>, markerId: string, now: Date): Promise<void> {
  await markers.updateOne({ _id: markerId }, { $set: { completedAt: now } });
}
