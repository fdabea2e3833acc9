import type { ImageStore, OutboxRelay } from '@bb/service-kit';
import type { ListChanges } from './events/list-changes';
import type { CatalogModels } from './models';
import type { ReadCaches } from './store/read-cache';

/** What the catalog's routes are mounted with; each mount takes the part it uses. */
export interface CatalogDeps {
  models: CatalogModels;
  relay: OutboxRelay;
  /** Public lists cached in this replica. */
  caches: ReadCaches;
  /** Drops the lists a write touched, in every replica. */
  lists: ListChanges;
  images: ImageStore;
}
