import { useQuery } from '@tanstack/react-query';
import type { NewsArticle, Package, PortfolioItem, Result, Side, StaffMember, Treatment } from '@bb/contracts';

interface CatalogItems {
  treatments: Treatment;
  results: Result;
  news: NewsArticle;
  staff: StaffMember;
  packages: Package;
  portfolio: PortfolioItem;
}
export type CatalogResource = keyof CatalogItems;

/** The error catalogue's text for each list that fails to load (spec §8). */
export const FETCH_FAILED: Record<CatalogResource, string> = {
  treatments: 'Failed to fetch treatments',
  results: 'Failed to fetch results',
  news: 'Failed to fetch news',
  staff: 'Failed to fetch staff',
  packages: 'Failed to fetch packages',
  portfolio: 'Failed to fetch portfolio',
};

/**
 * A public list through the default query function (the key is the URL): filtered by
 * offering on the landing pages, unfiltered for the detail pages (spec §7).
 */
export function useCatalog<K extends CatalogResource>(resource: K, offering?: Side) {
  const url = offering ? `/api/${resource}?offering=${offering}` : `/api/${resource}`;
  return useQuery<CatalogItems[K][]>({ queryKey: [url] });
}
