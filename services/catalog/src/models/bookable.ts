import type { OfferingType } from '@bb/contracts';
import type { VersionedDoc } from './versioned';

/** Treatments and packages: what booking needs to know of them leaves as events. */
export interface BookableDoc extends VersionedDoc {
  name: string;
  defaultDuration: number | null;
  offeringType: OfferingType;
  /** A package's in pesos; a treatment's as text ("₱1,500", "₱900–1,200", "Ask us"). */
  price: number | string;
}
