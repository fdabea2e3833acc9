import type { EventData, OfferingType } from '@bb/contracts';
import { outboxEvent, type OutboxEntry } from '@bb/service-kit';

export type BookableKind = EventData<'catalog.bookable.changed'>['kind'];

/** What booking keeps of a treatment or package: enough to name it and size its slot. */
export interface BookableState {
  id: string;
  name: string;
  defaultDuration: number | null;
  offeringType: OfferingType;
}

/**
 * catalog.bookable.changed, stored in the same document write as the change it announces and
 * published by the outbox relay. `version` counts the item's changes, so a consumer that gets
 * an older version after a newer one (a redelivery) can ignore it.
 */
export const bookableChanged = (kind: BookableKind, item: BookableState, version: number, deleted: boolean, correlationId?: string): OutboxEntry =>
  outboxEvent(
    'catalog',
    'catalog.bookable.changed',
    { id: item.id, kind, name: item.name, defaultDuration: item.defaultDuration ?? null, offeringType: item.offeringType, deleted, version },
    correlationId,
  );
