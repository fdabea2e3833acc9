import type { ReactNode } from 'react';
import { detailState } from '../domain/detail';
import { ErrorState, LoadingState } from './states';

interface DetailStatesProps<T> {
  query: { isLoading: boolean; error: unknown; data?: T; refetch: () => unknown };
  /** The way back to the list, shown above a missing or failed item too. */
  back: ReactNode;
  loadingText: string;
  /** The spec's text for an item that does not exist ('Treatment not found'…). */
  notFoundText: string;
  failedText: string;
  children: (item: T) => ReactNode;
}

/** A detail screen's faces: loading, not found (404 only), failed to load (with Try again), or the item. */
export function DetailStates<T>({ query, back, loadingText, notFoundText, failedText, children }: DetailStatesProps<T>) {
  const state = detailState(query);
  if (state.kind === 'loading') return <LoadingState text={loadingText} />;
  if (state.kind === 'ready') return <>{children(state.item)}</>;
  return (
    <>
      {back}
      {state.kind === 'missing' ? (
        <ErrorState text={notFoundText} />
      ) : (
        <ErrorState text={failedText} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}
