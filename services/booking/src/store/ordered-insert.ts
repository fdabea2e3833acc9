import type { Model } from 'mongoose';
import { isDuplicateKey } from '@bb/service-kit';

/**
 * Inserts the documents in one ordered write, which stops at the first whose `_id` someone else
 * holds (seats, contact claims: places a unique `_id` settles). Adds those inserted to `held`
 * (also when the write fails otherwise, so they can be given back) and returns their number.
 */
export async function insertUntilTaken<T extends { _id: string }>(model: Model<T>, docs: T[], held: string[]): Promise<number> {
  try {
    await model.insertMany(docs, { ordered: true });
    held.push(...docs.map((d) => d._id));
    return docs.length;
  } catch (err) {
    const firstError = (err as { writeErrors?: { index: number; code?: number }[] }).writeErrors?.[0];
    const inserted = firstError?.index ?? 0;
    held.push(...docs.slice(0, inserted).map((d) => d._id));
    if (firstError && isDuplicateKey(firstError)) return inserted;
    throw err;
  }
}
