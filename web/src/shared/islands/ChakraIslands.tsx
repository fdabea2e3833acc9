import { Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { publicSystem } from '../public-theme';
import ToastRegion from '../ui/toast-region';
import { getState, markReady, subscribe, type IslandEntry } from './store';

/** A section whose code did not arrive (or that broke) says so in its place, with a way to try again. */
function IslandError({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="lx-status lx-status--error">
      <p>This section could not be loaded.</p>
      <button type="button" className="lx-btn" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

function IslandRoot({ id, entry }: { id: string; entry: IslandEntry }) {
  useLayoutEffect(() => markReady(id), [id]);
  return (
    <Box colorPalette={entry.palette}>
      <ErrorBoundary fallback={(_error, retry) => <IslandError retry={retry} />}>
        <Suspense fallback={<p className="lx-status">{entry.loadingText}</p>}>{entry.node}</Suspense>
      </ErrorBoundary>
    </Box>
  );
}

/**
 * The one Chakra provider of the public site, loaded after the first screen: it draws every
 * island into its placeholder (React context reaches through the portals) and the toasts, whose
 * live region is thus in place as soon as any island is.
 */
export default function ChakraIslands() {
  const { islands } = useSyncExternalStore(subscribe, getState, getState);
  return (
    <ChakraProvider value={publicSystem}>
      <ToastRegion />
      {islands.map(([id, entry]) => createPortal(<IslandRoot id={id} entry={entry} />, entry.element, id))}
    </ChakraProvider>
  );
}
