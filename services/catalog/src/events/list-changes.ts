import { CATALOG_LISTS, type CatalogList } from '@bb/contracts';
import type { EventBus, Logger } from '@bb/service-kit';
import type { ReadCaches } from '../store/read-cache';

/**
 * The public lists every catalog replica caches, kept in step across replicas: a write drops
 * the lists it touched here at once and announces them; every replica hears the announcement
 * on its own queue and drops them too, so a visitor's next read on any replica sees the write.
 * An announcement missed (the broker away) leaves a list at most the cache's lifetime old; when
 * the queue (re)starts every list is dropped.
 */
export class ListChanges {
  constructor(
    private readonly caches: ReadCaches,
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  listen(): void {
    this.bus.subscribe(
      'catalog.lists.live',
      ['catalog.lists.changed'],
      async (event) => {
        this.drop(event.data.lists);
      },
      { perProcess: true, onConsuming: () => this.drop(CATALOG_LISTS) },
    );
  }

  /** After a write in this replica. */
  changed(...lists: CatalogList[]): void {
    this.drop(lists);
    this.bus
      .publish('catalog.lists.changed', { lists })
      .catch((err: unknown) => this.logger.warn({ err: (err as Error).message, lists }, 'could not announce changed lists'));
  }

  private drop(lists: readonly CatalogList[]): void {
    for (const list of lists) this.caches[list].clear();
  }
}
