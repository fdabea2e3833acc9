import type { OutboxRelay } from '@bb/service-kit';
import type { ListChanges } from '../events/list-changes';
import type { CatalogModels } from '../models';
import type { ReadCaches } from './reads';

/** What the content routes share. */
export interface ContentDeps {
  models: CatalogModels;
  caches: ReadCaches;
  /** Drops the lists a write touched, in every replica. */
  lists: ListChanges;
  relay: OutboxRelay;
}

/** Lists without an order of their own: newest first, ties by id so pages never shuffle. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export const messageOf = (what: string) => ({ message: `${what} deleted` });
