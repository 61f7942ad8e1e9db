/** Thin hooks over the query factories, for components. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
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

/**
 * A collection's name by id, from the collection list (loaded once for every page that names
 * collections); undefined until it is known, null when the service did not give one.
 */
export function useCollectionNames(): (id: number) => string | null | undefined {
  const collections = useCollections();
  const rows = collections.data?.rows;
  const names = useMemo(() => new Map(rows?.map((c) => [c.id, c.name] as const)), [rows]);
  return useCallback((id: number) => names.get(id), [names]);
}

/** Collection fields the service shows an account only: who created and last changed it. */
const ACCOUNT_ONLY: readonly string[] = ['createdBy', 'lastUpdatedBy'];

/**
 * Whether the service shows its catalogue as it shows a visitor without an account, as its
 * collections tell: none of them carries the fields an account alone is shown. Unknown (false)
 * until collections arrive; it holds for the embedded sample and a real service alike.
 */
export function useVisitorsCatalogue(): boolean {
  const collections = listView(useCollections());
  return collections.rows.length > 0 && ACCOUNT_ONLY.every((f) => collections.absentFields.has(f));
}

export interface ListView<T> {
  /** Rows loaded so far (possibly from an earlier load, when a refresh failed). */
  rows: readonly T[];
  /** No rows yet: the first page is on its way. */
  loadingFirst: boolean;
  /** More rows are arriving. */
  loadingMore: boolean;
  loaded: number;
  /**
   * How many rows the list has: the service's count while it loads, then the rows that arrived
   * and could be read (notices say what the difference is, when there is one).
   */
  total: number;
  totalCertain: boolean;
  /** Records left out because their id could not be read. */
  dropped: number;
  /** Record fields that no loaded row has, so their columns can start hidden. */
  absentFields: ReadonlySet<string>;
  data: ListData<T> | undefined;
  /** The last load failed; `rows` may still hold what arrived before it did. */
  error: Error | null;
  /** A refresh failed, so the rows on screen are from an earlier load. */
  stale: boolean;
  /** When the rows on screen were saved, for a list shown from the saved catalogue; else null. */
  savedAt: number | null;
  /** When the whole list on screen was loaded (or saved, when it came from the saved catalogue). */
  updatedAt: number | null;
  /** A fresh copy of a whole list is loading behind the rows on screen. */
  refreshing: boolean;
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
    total: data === undefined ? 0 : data.complete ? rows.length : data.total,
    totalCertain: data?.totalCertain ?? false,
    dropped: data?.problems.length ?? 0,
    absentFields: absentFields(data),
    data,
    error: query.error,
    stale: query.isRefetchError && data?.complete === true,
    savedAt: data?.savedAt ?? null,
    updatedAt: data?.complete ? (data.savedAt ?? query.dataUpdatedAt) : null,
    refreshing: data?.complete === true && query.isFetching,
    retry: () => {
      // The user asks now, even while the service's wait holds; nothing else does.
      liftWait(query.error);
      void query.refetch();
    },
  };
}

const EMPTY: readonly never[] = [];
const NONE: ReadonlySet<string> = new Set();

/** The same set for the same list, so tables do not recompute their columns on every render. */
const absentByList = new WeakMap<object, ReadonlySet<string>>();

function absentFields<T>(data: ListData<T> | undefined): ReadonlySet<string> {
  if (!data || data.rows.length === 0) return NONE;
  let absent = absentByList.get(data);
  if (!absent) {
    const keys = Object.entries(data.gaps)
      .filter(([, gap]) => gap.missing === data.rows.length)
      .map(([key]) => key);
    absent = keys.length === 0 ? NONE : new Set(keys);
    absentByList.set(data, absent);
  }
  return absent;
}
