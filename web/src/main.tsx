import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { queryClient } from './shared/api/query-client';
import { IslandHost } from './shared/islands/IslandHost';
import { OfferingProvider } from './shared/offering/OfferingContext';
import { SessionProvider } from './shared/session/SessionContext';

const root = createRoot(document.getElementById('root')!);
// A transition renders in slices that yield to the browser, so a phone's main thread is never
// blocked for long while the first screen is built. No Chakra provider here: the public frame is
// plain CSS; Chakra comes with the islands (IslandHost) and with the staff console's own chunk.
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <OfferingProvider>
            <BrowserRouter>
              <App />
              <IslandHost />
            </BrowserRouter>
          </OfferingProvider>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
