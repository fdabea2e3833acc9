import { useQuery } from '@tanstack/react-query';
import {
  newsRoutes,
  packageRoutes,
  portfolioRoutes,
  resultRoutes,
  staffRoutes,
  treatmentRoutes,
  type NewsArticle,
  type Package,
  type PortfolioItem,
  type Result,
  type RouteDef,
  type Side,
  type StaffMember,
  type Treatment,
} from '@bb/contracts';
import { routeUrl } from '../../shared/api/routes';

interface CatalogItems {
  treatments: Treatment;
  results: Result;
  news: NewsArticle;
  staff: StaffMember;
  packages: Package;
  portfolio: PortfolioItem;
}
export type CatalogResource = keyof CatalogItems;

const LIST_ROUTES = {
  treatments: treatmentRoutes.list,
  results: resultRoutes.list,
  news: newsRoutes.list,
  staff: staffRoutes.list,
  packages: packageRoutes.list,
  portfolio: portfolioRoutes.list,
} satisfies Record<CatalogResource, RouteDef>;

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
  return useQuery<CatalogItems[K][]>({ queryKey: [routeUrl(LIST_ROUTES[resource], undefined, { offering })] });
}
