import type { QueryClient, QueryExecuteOptions, QueryKey } from '@tanstack/react-query';

/**
 * Starts loading what a page will read, without holding up navigation: the page shows its own
 * progress, and a failure shows on the page, so the loader lets it go.
 */
export function prefetch<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<T, Error, T, T, K>,
): void {
  queryClient.query(options).catch(() => undefined);
}
