import type { OfferingType } from '@bb/contracts';
import type { WithOutbox } from '@bb/service-kit';

/** Treatments and packages: what booking needs to know of them leaves as events. */
export interface BookableDoc extends WithOutbox {
  name: string;
  defaultDuration: number | null;
  offeringType: OfferingType;
  /** Counts the item's changes; each event carries the version it produced. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields an admin writes: everything but bookkeeping. */
export type EditableFields<T> = Omit<T, keyof WithOutbox | 'version' | 'createdAt' | 'updatedAt'>;
