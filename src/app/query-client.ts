import { QueryClient } from '@tanstack/react-query';

/**
 * The app's cache. The HTTP client already retries what a retry can cure (with backoff and
 * Retry-After), so queries do not retry again on top of it. Lists are large: they are not
 * refetched just because the window regained focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}
