/**
 * The explorer's addresses: typed helpers that every link and navigation uses, from the page
 * patterns of src/addresses/pages.ts, so a path is written once.
 */
import { PATTERNS } from '../addresses/pages';

/**
 * The tabs of a collection's page, in order: their path below the collection and their label.
 * Every tab has an address of its own; the collection's own address opens one of them (see
 * `collectionLanding`).
 */
export const COLLECTION_TABS = {
  overview: { path: 'overview', label: 'Overview' },
  seeds: { path: 'seeds', label: 'Seeds' },
  seedGroups: { path: 'seed-groups', label: 'Seed groups' },
  metadata: { path: 'metadata', label: 'Metadata' },
  activity: { path: 'activity', label: 'Activity' },
} as const;
export type CollectionTab = keyof typeof COLLECTION_TABS;

/**
 * The tab `/collections/:id` opens: the Overview, or the Seeds tab when the address carries a
 * query, as links made when the Seeds tab was the collection's own address do
 * (`/collections/12?seed_group=4`).
 */
export function collectionLanding(search: URLSearchParams): CollectionTab {
  return search.size > 0 ? 'seeds' : 'overview';
}

/** A query parameter's value: repeated for a list, left out when undefined or empty. */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) search.append(name, String(item));
    } else {
      search.set(name, String(value));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  overview: () => PATTERNS.overview,
  collections: (query?: Query) => withQuery(PATTERNS.collections, query),
  collection: (id: number, tab: CollectionTab = 'overview', query?: Query) =>
    withQuery(`/collections/${String(id)}/${COLLECTION_TABS[tab].path}`, query),
  seeds: (query?: Query) => withQuery(PATTERNS.seeds, query),
  /** A list of seeds: across the catalogue, or on one collection's Seeds tab. */
  seedList: (collection: number | undefined, query?: Query): string =>
    collection === undefined
      ? withQuery(PATTERNS.seeds, query)
      : paths.collection(collection, 'seeds', query),
  seedGroups: (query?: Query) => withQuery(PATTERNS.seedGroups, query),
  press: () => PATTERNS.press,
  /** Recent work: the catalogue's, or one collection's on its Activity tab. */
  activity: (collection: number | undefined, query?: Query): string =>
    collection === undefined
      ? withQuery(PATTERNS.activity, query)
      : paths.collection(collection, 'activity', query),
};
