/**
 * The lists the explorer asks the service for, and how a list's request is written: one definition
 * for the page's client (src/api/client.ts) and for the server, which names a page's first
 * requests in the page itself (first-lists.ts).
 */
import type { Resource } from '../contract/wire';

/** The service's query parameters, by their meaning. */
export interface ListParams {
  limit?: number;
  offset?: number;
  format?: 'api';
  state?: string;
  collection?: number;
  metadataName?: string;
  metadataPrefix?: string;
}

/** Filters of a list: every parameter but paging. */
export type ListFilters = Omit<ListParams, 'limit' | 'offset'>;

/** Each parameter's name in the query, in the order a request writes them. */
const PARAM_NAMES: Record<keyof ListParams, string> = {
  limit: 'limit',
  offset: 'offset',
  format: 'format',
  state: 'state',
  collection: 'collection',
  metadataName: 'metadata__name',
  metadataPrefix: 'metadata__value__startswith',
};

/**
 * A list request's path and query on the service's origin (`/api/seed?limit=500&offset=0&
 * format=api`): unset and empty parameters left out, the rest always in the same order, so one
 * request is always written the same way.
 */
export function listPath(resource: Resource, params: ListParams): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(PARAM_NAMES) as (keyof ListParams)[]) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(PARAM_NAMES[key], String(value));
  }
  const search = query.toString();
  return `/api/${resource}${search ? `?${search}` : ''}`;
}

/** The first page of a list: small, so the first rows paint at once. */
export const FIRST_PAGE_SIZE = 500;

export interface CollectionFilters {
  state?: 'ACTIVE' | 'INACTIVE' | undefined;
}

export interface SeedFilters {
  collection?: number | undefined;
  metadataName?: string | undefined;
  metadataPrefix?: string | undefined;
}

/** A list a page reads, by what the explorer filters it by. */
export type ExplorerList =
  | { readonly resource: 'collection'; readonly filters: CollectionFilters }
  | { readonly resource: 'seed'; readonly filters: SeedFilters }
  | { readonly resource: 'seed_group' }
  | { readonly resource: 'press_item' };

/**
 * A list's filters as the service is asked for them (and its saved copy is keyed by): every list
 * in the `api` format, whose seeds carry their metadata and seed groups, with its filters, which
 * are the service's own parameters.
 */
export function serviceFilters(list: ExplorerList): ListFilters {
  return { format: 'api', ...('filters' in list ? list.filters : {}) };
}

/** The request for a list's first page. */
export function firstPagePath(list: ExplorerList): string {
  return listPath(list.resource, { ...serviceFilters(list), limit: FIRST_PAGE_SIZE, offset: 0 });
}
