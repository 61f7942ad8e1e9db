/**
 * The embedded catalogue API: the service's read interface answered from a generated catalogue.
 * Pure (no Node or browser APIs), so the local server and the browser tests' mock handlers run the
 * same code.
 */
import {
  ALLOW_VALUE,
  COLLECTION_FIELDS,
  COLLECTION_STATES,
  PRESS_ITEM_FIELDS,
  SEED_DEFAULT_FIELDS,
  SEED_GROUP_FIELDS,
  TOTAL_ROW_COUNT_HEADER,
  isResource,
  type Resource,
  type WireSeedApi,
  type WireSeedDefault,
  type WireSeedGroup,
  type WireSeedGroupRef,
} from '../../model/wire';
import type { Catalogue } from './generate';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or null for HEAD. */
  body: string | null;
}

export interface CatalogueApi {
  /** Answers one request. `target` is the path and query string, e.g. `/api/seed?limit=5`. */
  handle(method: string, target: string): ApiResponse;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const DESCRIPTIONS: Record<Resource, string> = {
  press_item: 'Press Item List',
  seed: 'Seed List',
  collection: 'Collection List',
  seed_group: 'Seed Group List',
};

/** The default representation's field order, per resource; rotated from response to response. */
const DEFAULT_FIELDS: Record<Resource, readonly string[]> = {
  press_item: PRESS_ITEM_FIELDS,
  seed: SEED_DEFAULT_FIELDS,
  collection: COLLECTION_FIELDS,
  seed_group: SEED_GROUP_FIELDS,
};

class BadRequest extends Error {}

/**
 * How the service shows its records: to an account (the contract's fields, and more), or to a
 * visitor without one (no user names, no credentials, seed groups with their collections).
 */
export type Representation = 'account' | 'public';

export interface CatalogueApiOptions {
  representation?: Representation;
}

/** Fields a visitor without an account never sees. */
const PRIVATE_FIELDS: Record<Resource, readonly string[]> = {
  press_item: [],
  seed: ['login_username', 'login_password'],
  collection: ['created_by', 'last_updated_by', 'custom_user_agent', 'private_access_token'],
  seed_group: [],
};

/** A record as a visitor without an account sees it. */
function publicRecord(catalogue: Catalogue, resource: Resource, record: object): object {
  if (resource === 'seed_group') {
    const group = record as WireSeedGroup;
    const ref = catalogue.seedGroupRefs.get(group.id);
    return {
      id: group.id,
      name: group.name,
      collections: ref?.collections ?? [group.collection],
      account: ref?.account ?? null,
      visibility: ref?.visibility ?? 'PRIVATE',
    };
  }
  const hidden = PRIVATE_FIELDS[resource];
  if (hidden.length === 0) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!hidden.includes(key)) out[key] = value;
  return out;
}

export function createCatalogueApi(
  catalogue: Catalogue,
  options: CatalogueApiOptions = {},
): CatalogueApi {
  const representation = options.representation ?? 'account';
  // Each response in the default representation lists keys in a different order, as the real
  // service does; clients must not depend on it.
  let responses = 0;

  function handle(method: string, target: string): ApiResponse {
    const verb = method.toUpperCase();
    const { path, query } = splitTarget(target);
    const resource = resourceOf(path);
    if (resource === null) return error(404, 'Not found.');
    if (verb === 'OPTIONS') {
      return json(200, {
        name: DESCRIPTIONS[resource],
        description: '',
        renders: ['application/json'],
        parses: ['application/json'],
      });
    }
    if (WRITE_METHODS.has(verb)) {
      return error(403, `This catalogue is read-only: ${verb} requests are not allowed.`);
    }
    if (verb !== 'GET' && verb !== 'HEAD') return error(405, `Method "${verb}" not allowed.`);

    let page: { total: number; records: readonly object[] };
    try {
      page = select(catalogue, resource, query);
    } catch (e) {
      if (e instanceof BadRequest) return error(400, e.message);
      throw e;
    }
    const headers = {
      ...baseHeaders(),
      [TOTAL_ROW_COUNT_HEADER]: String(page.total),
    };
    if (verb === 'HEAD') return { status: 200, headers, body: null };
    const api = query.get('format') === 'api';
    // The api representation of a seed has no login fields to begin with.
    const records =
      representation === 'public' && !(api && resource === 'seed')
        ? page.records.map((record) => publicRecord(catalogue, resource, record))
        : page.records;
    const body = api
      ? serialiseApi(catalogue, resource, records)
      : serialiseDefault(records, rotate(DEFAULT_FIELDS[resource], responses++));
    return { status: 200, headers, body };
  }

  return { handle };
}

function baseHeaders(): Record<string, string> {
  return { 'Content-Type': 'application/json', Allow: ALLOW_VALUE, Vary: 'Accept' };
}

function json(status: number, value: unknown): ApiResponse {
  return { status, headers: baseHeaders(), body: JSON.stringify(value) };
}

function error(status: number, detail: string): ApiResponse {
  return json(status, { detail });
}

function splitTarget(target: string): { path: string; query: URLSearchParams } {
  const hash = target.indexOf('#');
  const withoutHash = hash === -1 ? target : target.slice(0, hash);
  const mark = withoutHash.indexOf('?');
  return mark === -1
    ? { path: withoutHash, query: new URLSearchParams() }
    : { path: withoutHash.slice(0, mark), query: new URLSearchParams(withoutHash.slice(mark + 1)) };
}

/** `/api/<resource>` with an optional trailing slash; anything else is not a list. */
function resourceOf(path: string): Resource | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const match = /^\/api\/([a-z_]+)\/?$/.exec(decoded);
  const name = match?.[1];
  return name !== undefined && isResource(name) ? name : null;
}

/** A query parameter's value; an empty value counts as not given, as the service treats it. */
function param(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name);
  const last = values[values.length - 1];
  return last === undefined || last === '' ? null : last;
}

function integerParam(query: URLSearchParams, name: string, min: number): number | null {
  const text = param(query, name);
  if (text === null) return null;
  if (!/^-?\d+$/.test(text)) {
    throw new BadRequest(`${name} must be a whole number, not "${clip(text)}".`);
  }
  const value = Number(text);
  if (value < min) {
    throw new BadRequest(
      name === 'limit'
        ? `limit must be -1 (everything) or a whole number of 0 or more, not ${text}.`
        : `${name} must be a whole number of ${min} or more, not ${text}.`,
    );
  }
  return value;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function select(
  catalogue: Catalogue,
  resource: Resource,
  query: URLSearchParams,
): { total: number; records: readonly object[] } {
  const limit = integerParam(query, 'limit', -1);
  const offset = integerParam(query, 'offset', 0) ?? 0;
  const matching = filter(catalogue, resource, query);
  const end = limit === null || limit === -1 ? matching.length : offset + limit;
  return { total: matching.length, records: matching.slice(offset, end) };
}

function filter(
  catalogue: Catalogue,
  resource: Resource,
  query: URLSearchParams,
): readonly object[] {
  switch (resource) {
    case 'press_item':
      return catalogue.pressItems;
    case 'seed_group':
      return catalogue.seedGroups;
    case 'collection': {
      const state = param(query, 'state');
      if (state === null) return catalogue.collections;
      if (!(COLLECTION_STATES as readonly string[]).includes(state)) {
        throw new BadRequest(`state must be ACTIVE or INACTIVE, not "${clip(state)}".`);
      }
      return catalogue.collections.filter((c) => c.state === state);
    }
    case 'seed':
      return filterSeeds(catalogue.seeds, query);
  }
}

function filterSeeds(
  seeds: readonly WireSeedDefault[],
  query: URLSearchParams,
): readonly WireSeedDefault[] {
  const collection = integerParam(query, 'collection', Number.NEGATIVE_INFINITY);
  const name = param(query, 'metadata__name');
  const prefix = param(query, 'metadata__value__startswith');
  if (collection === null && name === null && prefix === null) return seeds;
  return seeds.filter((seed) => {
    if (collection !== null && seed.collection !== collection) return false;
    if (name === null && prefix === null) return true;
    if (name !== null) {
      const entries = Object.hasOwn(seed.metadata, name) ? seed.metadata[name] : undefined;
      if (!entries || entries.length === 0) return false;
      // Name and prefix together: one entry of that field must carry the prefix.
      return prefix === null || entries.some((e) => e.value.startsWith(prefix));
    }
    for (const field in seed.metadata) {
      if (seed.metadata[field]?.some((e) => e.value.startsWith(prefix as string))) return true;
    }
    return false;
  });
}

function rotate(fields: readonly string[], by: number): string[] {
  const k = by % fields.length;
  return [...fields.slice(k), ...fields.slice(0, k)];
}

/** Records with their keys in `order`; keys a record has beyond the list follow in their own order. */
function serialiseDefault(records: readonly object[], order: readonly string[]): string {
  const known = new Set(order);
  return JSON.stringify(
    records.map((record) => {
      const source = record as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const key of order) if (key in source) out[key] = source[key];
      for (const key in source) if (!known.has(key)) out[key] = source[key];
      return out;
    }),
  );
}

/** `format=api`: keys in alphabetical order at every level; seeds take their api representation. */
function serialiseApi(
  catalogue: Catalogue,
  resource: Resource,
  records: readonly object[],
): string {
  if (resource === 'seed') {
    return JSON.stringify((records as WireSeedDefault[]).map((seed) => toApiSeed(catalogue, seed)));
  }
  return JSON.stringify(records.map(withSortedKeys));
}

/**
 * The api representation of a seed, written out key by key in alphabetical order: seeds are the
 * bulk of every large response, and a literal is several times faster than sorting keys per record.
 */
function toApiSeed(catalogue: Catalogue, seed: WireSeedDefault): WireSeedApi {
  const ref = seed.seed_group === null ? undefined : catalogue.seedGroupRefs.get(seed.seed_group);
  return {
    active: seed.active,
    canonical_url: seed.canonical_url,
    collection: seed.collection,
    crawl_definition: seed.crawl_definition,
    created_by: seed.created_by,
    created_date: seed.created_date,
    deleted: seed.deleted,
    http_response_code: seed.http_response_code,
    id: seed.id,
    last_checked_http_response_code: seed.last_checked_http_response_code,
    last_updated_by: seed.last_updated_by,
    last_updated_date: seed.last_updated_date,
    metadata: withSortedKeys(seed.metadata) as WireSeedApi['metadata'],
    publicly_visible: seed.publicly_visible,
    seed_groups: ref ? [withSortedKeys(ref) as WireSeedGroupRef] : [],
    seed_type: seed.seed_type,
    url: seed.url,
    valid: seed.valid,
  };
}

/** A copy with keys in alphabetical order at every level; parts already in order are reused. */
function withSortedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withSortedKeys);
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  let inOrder = true;
  for (let i = 1; i < keys.length && inOrder; i++)
    inOrder = (keys[i - 1] as string) < (keys[i] as string);
  let flat = true;
  for (const key of keys) if (source[key] !== null && typeof source[key] === 'object') flat = false;
  if (inOrder && flat) return source;
  if (!inOrder) keys.sort();
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = withSortedKeys(source[key]);
  return out;
}
