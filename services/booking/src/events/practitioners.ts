import type { Model } from 'mongoose';
import type { EventData } from '@bb/contracts';
import { isDuplicateKey, type EventBus } from '@bb/service-kit';
import { newPractitionerFields, type PractitionerDoc } from '../models/practitioner';

/**
 * Applies a catalog staff change to booking's practitioners, as applyBookableChange does:
 * only over an older copy (an older or repeated change hits the existing `_id` and is
 * dropped). It sets the catalog's fields alone; booking's own (skills, hours, leave, address,
 * bookable) are set once, when the practitioner is first heard of, and kept after. A deleted
 * staff member stays, marked, so past appointments keep their name.
 */
export async function applyStaffChange(Practitioner: Model<PractitionerDoc>, change: EventData<'catalog.staff.changed'>): Promise<boolean> {
  const { id, ...fields } = change;
  try {
    await Practitioner.updateOne({ _id: id, version: { $lt: change.version } }, { $set: fields, $setOnInsert: newPractitionerFields() }, { upsert: true });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** Queue of booking's copy of the catalog's staff. */
export const PRACTITIONERS_QUEUE = 'booking.practitioners';

export function consumeStaffChanges(bus: EventBus, Practitioner: Model<PractitionerDoc>): void {
  bus.subscribe(PRACTITIONERS_QUEUE, ['catalog.staff.changed'], async (event) => {
    await applyStaffChange(Practitioner, event.data);
  });
}
