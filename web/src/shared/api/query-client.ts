import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './request';

/** No retries, no refetch on focus or timer, data never stale: reads happen when asked. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
