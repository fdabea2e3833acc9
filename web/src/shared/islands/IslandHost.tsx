import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getState, subscribe } from './store';

const ChakraIslands = lazy(() => import('./ChakraIslands'));

const needed = () => getState().islands.length > 0 || getState().toasts;

/**
 * Mount once under the router and query providers. Chakra (and the system it builds) is fetched
 * only when a page first needs an island or a toast.
 */
export function IslandHost() {
  const show = useSyncExternalStore(subscribe, needed, () => false);
  return show ? (
    <Suspense fallback={null}>
      <ChakraIslands />
    </Suspense>
  ) : null;
}
