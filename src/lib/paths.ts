/**
 * The explorer's addresses: one pattern per page (the route table in src/app builds the router
 * from these) and typed helpers that every link and navigation uses, so a path is written once.
 */

export const PATTERNS = {
  overview: '/overview',
  collections: '/collections',
  collection: '/collections/:id',
  seeds: '/seeds',
  seedGroups: '/seed-groups',
  press: '/press',
} as const;

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
  seedGroups: (query?: Query) => withQuery(PATTERNS.seedGroups, query),
  press: () => PATTERNS.press,
};

/** Every page's pattern, each tab included: what an address that leads nowhere is compared with. */
const PAGE_PATTERNS: readonly string[] = [
  ...Object.values(PATTERNS),
  ...Object.values(COLLECTION_TABS).map((tab) => `${PATTERNS.collection}/${tab.path}`),
];

/** Letters to add, drop or change to turn one word into the other (short words only). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(
        Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + same),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** A part of an address left over after a page's own: dropping it costs this much. */
const EXTRA_PART = 3;

/**
 * The real page nearest to an address that leads nowhere: each part of the address matched to a
 * page's, a slip of a few letters forgiven (`/collections/12/seedz`), parts after a page's own
 * dropped (`/seeds/123`), ids kept. Null when no page is near.
 */
export function nearestPage(pathname: string): string | null {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // An address that is not valid percent-encoding is compared as it is.
  }
  const parts = decoded
    .split('/')
    .filter((part) => part !== '')
    .slice(0, 12)
    .map((part) => part.toLowerCase().slice(0, 40));
  let best: { path: string; cost: number } | null = null;
  for (const pattern of PAGE_PATTERNS) {
    const wanted = pattern.split('/').filter((part) => part !== '');
    if (parts.length < wanted.length) continue;
    let cost = (parts.length - wanted.length) * EXTRA_PART;
    const path: string[] = [];
    for (const [i, want] of wanted.entries()) {
      const part = parts[i] ?? '';
      if (want.startsWith(':')) {
        if (!/^\d{1,15}$/.test(part)) cost = Infinity;
        path.push(part);
        continue;
      }
      const distance = editDistance(want, part);
      if (distance > Math.max(1, Math.floor(want.length / 3))) cost = Infinity;
      cost += distance;
      path.push(want);
    }
    if (cost < (best?.cost ?? Infinity)) best = { path: `/${path.join('/')}`, cost };
  }
  return best?.path ?? null;
}
