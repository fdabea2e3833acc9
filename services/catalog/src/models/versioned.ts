import type { WithOutbox } from '@bb/service-kit';

/** A document whose every change leaves as an event (treatments, packages, staff): versioned, with its outbox. */
export interface VersionedDoc extends WithOutbox {
  /** Counts the item's changes; each event carries the version it produced. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields an admin writes: everything but bookkeeping. */
export type EditableFields<T> = Omit<T, keyof VersionedDoc>;
