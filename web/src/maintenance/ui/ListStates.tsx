import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './states';

interface ListStatesProps<T> {
  query: { isLoading: boolean; error: unknown; data?: readonly T[] };
  loadingText: string;
  errorText: string;
  /** Shown when the list arrived empty, usually an EmptyState with what to do next. */
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}

/** The four faces of a fetched list: still loading, failed, empty, or its items. */
export function ListStates<T>({ query, loadingText, errorText, empty, children }: ListStatesProps<T>) {
  if (query.isLoading) return <LoadingState text={loadingText} />;
  if (query.error) return <ErrorState text={errorText} error={query.error} />;
  const items = query.data ?? [];
  return <>{items.length === 0 ? empty : children(items)}</>;
}
