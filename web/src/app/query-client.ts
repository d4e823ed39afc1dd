import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * Whether a failed read is asked again. A refusal (4xx: not allowed, not found, bad input, too
 * many requests) will not change by asking again, so the screen says so at once; anything else
 * (the network, a 5xx, a 503 while the server is busy) is asked once more, a second later, then
 * shown: a screen's error state never waits for a series of retries.
 */
export function retryRead(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

/**
 * The app's one query cache. A module of its own, not state of the providers, so the router's
 * loaders can start a screen's calls (`prefetchQuery`) while its code is still downloading.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: retryRead,
      retryDelay: 1000,
    },
  },
});
