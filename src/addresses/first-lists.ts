/**
 * The lists each page reads, from its address: what the page asks for as it starts (the route
 * table's prefetch, src/app/routes.tsx) and, with --preload-first-pages, what the server names in
 * the page it sends, so the browser asks for those lists' first pages while the page's code is
 * still on its way (src/server/app.ts). Without React, so the server reads it too.
 */
import { pageAt, type PageName } from './pages';
import {
  firstPagePath,
  type CollectionFilters,
  type ExplorerList,
  type SeedFilters,
} from './service-lists';
import { choiceParam, decodeAll, idParam, textParam, type Values } from './url-params';

/** The collection list's filters as URL parameters. */
export const collectionFilterParams = {
  state: choiceParam('collection state', ['ACTIVE', 'INACTIVE'] as const),
};

/** The seed list's service filters as URL parameters. */
export const seedFilterParams = {
  collection: idParam('collection'),
  metadata__name: textParam(),
  metadata__value__startswith: textParam(),
};

/** The list to ask the service for; a collection's own page fixes the collection. */
export function seedFilters(
  values: Values<typeof seedFilterParams>,
  fixedCollection?: number,
): SeedFilters {
  return {
    collection: fixedCollection ?? values.collection,
    metadataName: values.metadata__name || undefined,
    metadataPrefix: values.metadata__value__startswith || undefined,
  };
}

const collections = (filters: CollectionFilters = {}): ExplorerList => ({
  resource: 'collection',
  filters,
});
const seeds = (filters: SeedFilters): ExplorerList => ({ resource: 'seed', filters });
const SEED_GROUPS: ExplorerList = { resource: 'seed_group' };
const PRESS: ExplorerList = { resource: 'press_item' };

const FIRST_LISTS: Record<
  PageName,
  (id: string | undefined, search: URLSearchParams) => ExplorerList[]
> = {
  overview: () => [collections()],
  collections: (_, search) => [
    collections({ state: decodeAll(collectionFilterParams, search).values.state }),
    // Every collection too, which the page also reads.
    collections(),
  ],
  collection: (text, search) => {
    // Read as the seed list's `collection` is: a whole number, or no collection at all.
    const id = seedFilterParams.collection.decode(text ?? null).value;
    const lists = [collections(), SEED_GROUPS];
    if (id !== undefined) {
      lists.push(seeds(seedFilters(decodeAll(seedFilterParams, search).values, id)));
    }
    return lists;
  },
  seeds: (_, search) => [
    seeds(seedFilters(decodeAll(seedFilterParams, search).values)),
    collections(),
    SEED_GROUPS,
  ],
  // Not every seed: this page loads them only when they are saved, few or asked for.
  seedGroups: () => [SEED_GROUPS, collections()],
  press: () => [PRESS, collections()],
  activity: () => [collections()],
};

/** The lists the page at this address reads (none for an address that leads nowhere). */
export function firstListsAt(pathname: string, search: URLSearchParams): ExplorerList[] {
  const at = pageAt(pathname);
  return at ? FIRST_LISTS[at.page](at.id, search) : [];
}

/** The requests for the first pages of those lists, each once. */
export function firstPagePaths(pathname: string, search: URLSearchParams): string[] {
  return [...new Set(firstListsAt(pathname, search).map(firstPagePath))];
}
