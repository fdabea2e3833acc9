import type { Model } from 'mongoose';
import type { EventData } from '@bb/contracts';
import { isDuplicateKey, type EventBus } from '@bb/service-kit';
import type { BookableDoc } from '../models/bookable';

/**
 * Applies a catalog change to booking's copy, idempotently: the upsert only matches a copy
 * older than the change, so a redelivered or out-of-order older change hits the existing
 * `_id` and is dropped. A deleted item is kept, marked, so past appointments keep its name.
 */
export async function applyBookableChange(Bookable: Model<BookableDoc>, change: EventData<'catalog.bookable.changed'>): Promise<boolean> {
  const { id, ...fields } = change;
  try {
    // An event published before prices were sent says nothing of it: none then.
    fields.priceCentavos ??= null;
    await Bookable.updateOne({ _id: id, version: { $lt: change.version } }, { $set: fields }, { upsert: true });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** Queue of booking's copy of bookable names and durations. */
export const BOOKABLES_QUEUE = 'booking.bookables';

export function consumeBookableChanges(bus: EventBus, Bookable: Model<BookableDoc>): void {
  bus.subscribe(BOOKABLES_QUEUE, ['catalog.bookable.changed'], async (event) => {
    await applyBookableChange(Bookable, event.data);
  });
}
