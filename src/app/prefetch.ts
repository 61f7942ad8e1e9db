/**
 * Starts loading what a page will read as soon as the address changes, in parallel with the page's
 * own code, so opening a page costs one wait, not two. The queries are the ones the pages read,
 * with the filters decoded from the address by the same code.
 */
import {
  useQueryClient,
  type QueryClient,
  type QueryExecuteOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { collectionQueries, pressQueries, seedGroupQueries, seedQueries } from '../api/queries';
import { collectionFilterParams } from '../features/collections/filters';
import { seedFilterParams, seedFilters } from '../features/seeds/filters';
import { decodeAll } from '../lib/url-state';

type Prefetcher = (
  client: QueryClient,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) => void;

function start<T, K extends QueryKey>(
  client: QueryClient,
  options: QueryExecuteOptions<T, Error, T, T, K>,
): void {
  // A failure shows on the page itself, which reads the same query.
  client.query(options).catch(() => undefined);
}

const PAGES: readonly [pattern: string, prefetch: Prefetcher][] = [
  [
    '/collections',
    (client, _, search) => {
      const { values } = decodeAll(collectionFilterParams, search);
      start(client, collectionQueries.list({ state: values.state }));
      start(client, collectionQueries.list());
    },
  ],
  [
    '/collections/:id/*',
    (client, params, search) => {
      start(client, collectionQueries.list());
      start(client, seedGroupQueries.list());
      if (params.id !== undefined && /^\d{1,15}$/.test(params.id)) {
        const { values } = decodeAll(seedFilterParams, search);
        start(client, seedQueries.list(seedFilters(values, Number(params.id))));
      }
    },
  ],
  [
    '/seeds',
    (client, _, search) => {
      const { values } = decodeAll(seedFilterParams, search);
      start(client, seedQueries.list(seedFilters(values)));
      start(client, collectionQueries.list());
    },
  ],
  [
    '/seed-groups',
    (client) => {
      start(client, seedGroupQueries.list());
      start(client, collectionQueries.list());
    },
  ],
  [
    '/press',
    (client) => {
      start(client, pressQueries.list());
    },
  ],
];

export function prefetchFor(client: QueryClient, pathname: string, search: URLSearchParams) {
  for (const [pattern, prefetch] of PAGES) {
    const match = matchPath(pattern, pathname);
    if (match) {
      prefetch(client, match.params, search);
      return;
    }
  }
}

export function usePrefetchOnNavigate(): void {
  const client = useQueryClient();
  const { pathname, search } = useLocation();
  useEffect(() => {
    prefetchFor(client, pathname, new URLSearchParams(search));
  }, [client, pathname, search]);
}
