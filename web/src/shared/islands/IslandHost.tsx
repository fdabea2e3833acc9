import { Suspense, useSyncExternalStore } from 'react';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { retryableLazy } from '../errors/retryable-lazy';
import { getState, subscribe } from './store';

const ChakraIslands = retryableLazy(() => import('./ChakraIslands'));

const needed = () => getState().islands.length > 0 || getState().toasts;
const islandCount = () => getState().islands.length;

/**
 * Mount once under the router and query providers. Chakra (and the system it builds) is fetched
 * only when a page first needs an island or a toast.
 */
export function IslandHost() {
  const show = useSyncExternalStore(subscribe, needed, () => false);
  const count = useSyncExternalStore(subscribe, islandCount, () => 0);
  // Without its chunk no island can draw: the next island to appear tries to load it again.
  return show ? (
    <ErrorBoundary resetKey={count} fallback={() => null}>
      <Suspense fallback={null}>
        <ChakraIslands />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}
