import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { queryClient } from './shared/api/query-client';
import { OfferingProvider } from './shared/offering/OfferingContext';
import { SessionProvider } from './shared/session/SessionContext';
import { system } from './shared/theme';
import { Toaster } from './shared/ui/toaster';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <OfferingProvider>
            <BrowserRouter>
              <App />
            </BrowserRouter>
            <Toaster />
          </OfferingProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ChakraProvider>
  </StrictMode>,
);
