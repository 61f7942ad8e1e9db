/**
 * The explorer's pages by address: one pattern per page, which the route table in src/app builds
 * the router from, and the matching of an address to its page without the router, for code that
 * runs before it (or without it, on the server: first-lists.ts).
 */

export const PATTERNS = {
  overview: '/overview',
  collections: '/collections',
  collection: '/collections/:id',
  seeds: '/seeds',
  seedGroups: '/seed-groups',
  press: '/press',
  activity: '/activity',
} as const;

export type PageName = keyof typeof PATTERNS;

export interface PageAt {
  readonly page: PageName;
  /** The page's `:id`, as the address writes it. */
  readonly id?: string | undefined;
}

/**
 * The page at an address, as the router matches it: letter case ignored, trailing slashes allowed,
 * `/` the overview, and a collection's page by its own part of the address, whatever tab follows.
 * Undefined for an address that leads nowhere.
 */
export function pageAt(pathname: string): PageAt | undefined {
  if (/^\/*$/.test(pathname)) return { page: 'overview' };
  for (const [page, pattern] of Object.entries(PATTERNS) as [PageName, string][]) {
    const tabs = page === 'collection' ? '(?:/.*)?' : '';
    const match = new RegExp(`^${pattern.replace(':id', '([^/]+)')}${tabs}/*$`, 'i').exec(pathname);
    if (match) return { page, id: match[1] };
  }
  return undefined;
}
