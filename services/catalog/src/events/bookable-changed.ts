import { priceCentavos, type EventData } from '@bb/contracts';
import { outboxEvent } from '@bb/service-kit';
import type { BookableDoc } from '../models/bookable';
import type { Announce } from '../store/versioned-writes';

export type BookableKind = EventData<'catalog.bookable.changed'>['kind'];

/**
 * catalog.bookable.changed, stored in the same document write as the change it announces and
 * published by the outbox relay. `version` counts the item's changes, so a consumer that gets
 * an older version after a newer one (a redelivery) can ignore it. The price goes as centavos
 * when it is one amount (booking's deposits take shares of it), null otherwise.
 */
export const bookableChanged =
  (kind: BookableKind): Announce<BookableDoc> =>
  (id, item, version, deleted, correlationId) =>
    outboxEvent(
      'catalog',
      'catalog.bookable.changed',
      {
        id: String(id),
        kind,
        name: item.name,
        defaultDuration: item.defaultDuration ?? null,
        offeringType: item.offeringType,
        deleted,
        version,
        priceCentavos: priceCentavos(item.price),
      },
      correlationId,
    );
