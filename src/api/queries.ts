/**
 * Query factories, one per resource (TkDodo's pattern): key-only levels for invalidation and
 * `queryOptions` leaves that carry key and fetch together, with every input of the fetch in the
 * key. The prefetch of a page's lists (`startList`, from `prefetchFor` in src/app/routes.tsx)
 * and the components use the same options.
 */
import {
  queryOptions,
  type QueryClient,
  type QueryExecuteOptions,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query';
import type { Resource } from '../contract/wire';
import { defaultApiConfig, type ApiConfig } from './config';
import {
  serviceFilters,
  type CollectionFilters,
  type ExplorerList,
  type ListFilters,
  type SeedFilters,
} from '../addresses/service-lists';
import { loadList, type ListData } from './load-list';
import type { ResourceModels } from './records';
import {
  isListSaved,
  listSummary,
  renewList,
  restoreList,
  saveList,
  savedListKey,
} from './saved-lists';
import { waitHolds } from './waits';

export type { CollectionFilters, ListData, SeedFilters };

const MINUTE = 60_000;

/** Drops unset filters so `{collection: undefined}` and `{}` are one cache entry. */
function defined<T extends object>(filters: T): T {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') kept[key] = value;
  }
  return kept as T;
}

/**
 * How often a growing list is shown again: every page of 5,000 would mean re-filtering and
 * re-measuring every row loaded so far, sixty times over for 300,000 seeds. A quarter of a second
 * per 50,000 rows keeps the work of showing it in proportion to the rows.
 */
function showEvery(rows: number): number {
  return 250 * Math.max(1, rows / 50_000);
}

/**
 * Streams a list into the cache as its pages arrive. A first load shows rows as they come; a failed load
 * keeps what arrived and a retry continues from there; a background refresh of a complete list
 * keeps the old rows on screen until the new list is whole. A list the page does not hold yet is
 * first looked for in the saved catalogue: a saved copy is shown at once, and refreshed like any
 * complete list. Every list that loads whole is saved for the next visit.
 */
function listQueryFn<R extends Resource>(
  resource: R,
  filters: ListFilters,
  config: ApiConfig,
): QueryFunction<ListData<ResourceModels[R]>> {
  return async (context) => {
    const savedKey = savedListKey(resource, filters, config);
    let previous = context.client.getQueryData<ListData<ResourceModels[R]>>(context.queryKey);
    let shown: ListData<ResourceModels[R]> | undefined;
    let shownAt = -Infinity;
    const show = (snapshot: ListData<ResourceModels[R]>) => {
      context.client.setQueryData(context.queryKey, snapshot);
      shown = snapshot;
      shownAt = performance.now();
    };
    /** A growing list is shown at once, then as often as showEvery says. */
    const due = (rows: number) =>
      shown === undefined || performance.now() >= shownAt + showEvery(rows);
    if (previous === undefined) {
      // A big saved list shows its first rows while the rest are read back.
      previous = await restoreList(resource, savedKey, {
        onPart: (rowsRead, part) => {
          if (!context.signal.aborted && due(rowsRead)) show(part());
        },
      });
      context.signal.throwIfAborted();
      if (previous) show(previous);
      shown = undefined;
    }
    const refreshing = previous?.complete === true;
    let latest: ListData<ResourceModels[R]> | undefined;
    try {
      for await (const snapshot of loadList(resource, filters, {
        signal: context.signal,
        config,
        resumeFrom: refreshing ? undefined : previous,
      })) {
        latest = snapshot;
        if (!refreshing && due(snapshot.rows.length)) show(snapshot);
      }
    } catch (error) {
      // Rows that arrived before a failure stay on the page, and a retry continues after them.
      if (!refreshing && latest && latest !== shown && !context.signal.aborted) show(latest);
      throw error;
    }
    if (!latest) throw new Error(`The ${resource} list ended before its first page.`);
    if (refreshing && previous && (await sameList(previous, latest))) {
      // Nothing changed: the rows on screen stay (and all that was worked out from them), and
      // the saved copy is only dated afresh.
      void renewList(savedKey);
      return { ...previous, savedAt: null };
    }
    void saveList(savedKey, latest);
    if (refreshing && previous) {
      // What changed since the copy on screen: worked out after the fresh list is shown.
      const copy = previous;
      void import('./since-saved')
        .then((m) => m.noteChanges(context.client, savedKey, copy, latest))
        .catch(() => undefined);
    }
    return latest;
  };
}

/**
 * The same rows, counts and notices: a refresh that brought nothing new. The comparison of the
 * columns loads with the first refresh that needs it, not with the first screen.
 */
async function sameList(a: ListData<unknown>, b: ListData<unknown>): Promise<boolean> {
  if (
    a.rows.length !== b.rows.length ||
    JSON.stringify(listSummary(a)) !== JSON.stringify(listSummary(b))
  ) {
    return false;
  }
  const { sameBlocks } = await import('./same-blocks');
  return sameBlocks(a.blocks, b.blocks);
}

/**
 * A list refused for a wait that still holds is left as it is when a page showing it mounts: the
 * client would refuse it again without asking, after a flash of "Loading…". Every other path is
 * refused by the client; the user's "Try again" (a refetch) is not held back.
 */
const unlessWaiting = (query: { state: { error: Error | null } }) => !waitHolds(query.state.error);

/** Shared by every list: the rows are big and replaced wholesale, so no deep comparison. */
function listOptions<R extends Resource>(
  queryKey: QueryKey,
  list: ExplorerList & { readonly resource: R },
  freshFor: number,
  config: ApiConfig,
) {
  return queryOptions({
    queryKey,
    queryFn: listQueryFn(list.resource, serviceFilters(list), config),
    staleTime: freshFor,
    gcTime: Math.max(freshFor, 10 * MINUTE),
    structuralSharing: false,
    retryOnMount: unlessWaiting,
    refetchOnMount: unlessWaiting,
  });
}

export const collectionQueries = {
  all: () => ['collection'] as const,
  lists: () => [...collectionQueries.all(), 'list'] as const,
  /** Collections change rarely: fresh for ten minutes. */
  list: (filters: CollectionFilters = {}, config = defaultApiConfig) => {
    const f = defined(filters);
    return listOptions(
      [...collectionQueries.lists(), f] as const,
      { resource: 'collection', filters: f },
      10 * MINUTE,
      config,
    );
  },
};

/** A seed list as the service is asked for it. */
const seedList = (filters: SeedFilters): ListFilters =>
  serviceFilters({ resource: 'seed', filters });

/** A seed list's filters as the service is asked for them (and its saved copy is keyed by). */
export const seedListFilters = (filters: SeedFilters): ListFilters => seedList(defined(filters));

export const seedQueries = {
  all: () => ['seed'] as const,
  lists: () => [...seedQueries.all(), 'list'] as const,
  list: (filters: SeedFilters = {}, config = defaultApiConfig) => {
    const f = defined(filters);
    return listOptions(
      [...seedQueries.lists(), f] as const,
      { resource: 'seed', filters: f },
      5 * MINUTE,
      config,
    );
  },
  /** Whether the saved catalogue holds this list, which a page may then show unasked. */
  saved: (filters: SeedFilters = {}, config = defaultApiConfig) => {
    const key = savedListKey('seed', seedList(defined(filters)), config);
    return queryOptions({
      queryKey: [...seedQueries.all(), 'saved', key] as const,
      queryFn: () => isListSaved(key),
      staleTime: Infinity,
    });
  },
};

export const seedGroupQueries = {
  all: () => ['seed_group'] as const,
  lists: () => [...seedGroupQueries.all(), 'list'] as const,
  list: (config = defaultApiConfig) =>
    listOptions(
      [...seedGroupQueries.lists()] as const,
      { resource: 'seed_group' },
      10 * MINUTE,
      config,
    ),
};

export const pressQueries = {
  all: () => ['press_item'] as const,
  lists: () => [...pressQueries.all(), 'list'] as const,
  /** Press items change rarely: fresh for thirty minutes. */
  list: (config = defaultApiConfig) =>
    listOptions(
      [...pressQueries.lists()] as const,
      { resource: 'press_item' },
      30 * MINUTE,
      config,
    ),
};

/**
 * Starts loading a list a page reads (src/addresses/first-lists.ts) into the cache entry the page
 * reads it from.
 */
export function startList(client: QueryClient, list: ExplorerList): void {
  const options =
    list.resource === 'collection'
      ? collectionQueries.list(list.filters)
      : list.resource === 'seed'
        ? seedQueries.list(list.filters)
        : list.resource === 'seed_group'
          ? seedGroupQueries.list()
          : pressQueries.list();
  // A failure shows on the page itself, which reads the same query.
  client.query(options as QueryExecuteOptions).catch(() => undefined);
}
