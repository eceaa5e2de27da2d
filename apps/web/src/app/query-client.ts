import { QueryClient } from '@tanstack/react-query';

/** One client for the whole console; the request layer already reports errors, so no retries by default. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
