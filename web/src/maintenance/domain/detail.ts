import { errorStatus } from '../../shared/api/request';

/** What a detail screen shows for its one read. */
export type DetailState<T> = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; item: T };

/**
 * Not found only when the server says so (404); a 500 or a failed connection is a failure to
 * load, which the admin can retry, not a sign that the item is gone.
 */
export function detailState<T>(query: { isLoading: boolean; error: unknown; data?: T }): DetailState<T> {
  if (query.isLoading) return { kind: 'loading' };
  if (query.data !== undefined) return { kind: 'ready', item: query.data };
  if (query.error && errorStatus(query.error) !== 404) return { kind: 'failed' };
  return { kind: 'missing' };
}
