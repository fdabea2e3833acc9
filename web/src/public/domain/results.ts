import { RESULT_CATEGORIES } from '@bb/contracts';

export const ALL_RESULTS = 'All';
export const RESULT_FILTERS = [ALL_RESULTS, ...RESULT_CATEGORIES] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];

/** The gallery's category filter: All shows everything, a category only its own results. */
export function filterResults<T extends { category: string }>(results: readonly T[], filter: ResultFilter): T[] {
  return filter === ALL_RESULTS ? [...results] : results.filter((r) => r.category.trim().toLowerCase() === filter.toLowerCase());
}
