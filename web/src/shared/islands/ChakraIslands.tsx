import { Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { publicSystem } from '../public-theme';
import ToastRegion from '../ui/toast-region';
import { getState, markReady, subscribe, type IslandEntry } from './store';

function IslandRoot({ id, entry }: { id: string; entry: IslandEntry }) {
  useLayoutEffect(() => markReady(id), [id]);
  return (
    <Box colorPalette={entry.palette}>
      <Suspense fallback={<p className="lx-status">{entry.loadingText}</p>}>{entry.node}</Suspense>
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
