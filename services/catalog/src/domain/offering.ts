import type { OfferingType } from '@bb/contracts';

/**
 * The database filter of a public list asked with `?offering=`: items tagged with that
 * offering or with `both`, so an item tagged `both` appears on either side (and
 * `?offering=both` shows only items tagged `both`). Without the parameter: everything.
 */
export function offeringFilter(offering: OfferingType | undefined): { offeringType?: { $in: OfferingType[] } } {
  if (!offering) return {};
  return { offeringType: { $in: offering === 'both' ? ['both'] : [offering, 'both'] } };
}
