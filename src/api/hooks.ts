/** Thin hooks over the query factories, for components. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Collection, PressItem, Seed, SeedGroup } from './model';
import {
  collectionQueries,
  pressQueries,
  seedGroupQueries,
  seedQueries,
  type CollectionFilters,
  type ListData,
  type SeedFilters,
} from './queries';
import { liftWait } from './waits';

export const useCollections = (filters: CollectionFilters = {}) =>
  useQuery(collectionQueries.list(filters));
export const useSeeds = (filters: SeedFilters = {}) => useQuery(seedQueries.list(filters));
export const useSeedGroups = () => useQuery(seedGroupQueries.list());
export const usePressItems = () => useQuery(pressQueries.list());

export interface ListView<T> {
  /** Rows loaded so far (possibly from an earlier load, when a refresh failed). */
  rows: readonly T[];
  /** No rows yet: the first page is on its way. */
  loadingFirst: boolean;
  /** More rows are arriving. */
  loadingMore: boolean;
  loaded: number;
  total: number;
  totalCertain: boolean;
  data: ListData<T> | undefined;
  /** The last load failed; `rows` may still hold what arrived before it did. */
  error: Error | null;
  /** A refresh failed, so the rows on screen are from an earlier load. */
  stale: boolean;
  retry: () => void;
}

/** What a page needs to know about a list query, whatever its state. */
export function listView<T>(query: UseQueryResult<ListData<T>>): ListView<T> {
  const data = query.data;
  const rows = data?.rows ?? EMPTY;
  return {
    rows,
    loadingFirst: data === undefined && query.isFetching,
    loadingMore: data !== undefined && !data.complete && query.isFetching,
    loaded: rows.length,
    total: data?.total ?? 0,
    totalCertain: data?.totalCertain ?? false,
    data,
    error: query.error,
    stale: query.isRefetchError && data?.complete === true,
    retry: () => {
      // The user asks now, even while the service's wait holds; nothing else does.
      liftWait(query.error);
      void query.refetch();
    },
  };
}

const EMPTY: readonly never[] = [];

export type { Collection, PressItem, Seed, SeedGroup };
