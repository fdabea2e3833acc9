import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { StatusText } from './StatusText';

interface QueryListProps<T> {
  query: UseQueryResult<T[]>;
  loadingText: string;
  emptyText: string;
  errorText: string;
  children: (items: T[]) => ReactNode;
}

/** A fetched list with its three other states: loading, failed, and empty (spec texts). */
export function QueryList<T>({ query, loadingText, emptyText, errorText, children }: QueryListProps<T>) {
  if (query.isPending) return <StatusText>{loadingText}</StatusText>;
  if (query.isError) return <StatusText tone="error">{errorText}</StatusText>;
  if (query.data.length === 0) return <StatusText>{emptyText}</StatusText>;
  return <>{children(query.data)}</>;
}
