/**
 * The embedded catalogue API: the service's read interface answered from a generated catalogue.
 * Pure (no Node or browser APIs beyond the web standard ones), so the local server and the browser
 * tests' mock handlers run the same code. A page costs time in proportion to its length: filters
 * read indexes (seed-index.ts), and records prepared ahead are encoded once and copied (encode.ts).
 *
 * It is over 300 lines because it is the whole read interface: routing, parameters and their
 * errors, the representations, and paging.
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
  RESOURCES,
  type Resource,
  type WireSeedApi,
  type WireSeedDefault,
  type WirePublicSeedGroup,
  type WireSeedGroupRef,
} from '../../contract/wire';
import { createRecordEncoder, type RecordEncoder, type Representation } from './encode';
import type { Catalogue } from './generate';
import { createSeedIndex, type SeedIndex } from './seed-index';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or null for HEAD. */
  body: string | null;
}

/** An answer as UTF-8 bytes: whole when short, a list longer than one chunk as its chunks. */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  /**
   * JSON, or null for HEAD. A list of more than CHUNK_RECORDS records is a sequence of chunks of
   * that many records at most, each made only when it is asked for: a whole catalogue is never one
   * string or one buffer, and a reader that stops early costs no more than it read. Chunks of
   * prepared records are views of the encoder's storage, shared by every answer: read-only.
   */
  body: Uint8Array<ArrayBuffer> | Iterable<Uint8Array<ArrayBuffer>> | null;
  /** How many records the body holds (0 for anything but a list). */
  records: number;
}

export interface CatalogueApi {
  /** Answers one request. `target` is the path and query string, e.g. `/api/seed?limit=5`. */
  handle(method: string, target: string): ApiResponse;
  /** The same answer as bytes, a long list in chunks, for writing to a connection as it goes. */
  answer(method: string, target: string): ApiAnswer;
  /**
   * Encodes every record in both representations (about 1.5 KB a seed, kept for good) and builds
   * the seed indexes, so that pages are copied rather than serialised and the first clients of a
   * freshly started server do not wait for the indexes. The catalogue must not change afterwards.
   */
  prepare(): void;
}

/** Records per chunk of a long list: about 0.75 MB of seeds. */
export const CHUNK_RECORDS = 1_000;

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

export interface CatalogueApiOptions {
  /**
   * Whom the service shows its records to: an account (the contract's fields, and more) or a
   * visitor without one (no user names, no credentials, seed groups with their collections).
   */
  representation?: 'account' | 'public';
}

/** Fields a visitor without an account never sees. */
const PRIVATE_FIELDS: Record<Resource, readonly string[]> = {
  press_item: [],
  seed: ['login_username', 'login_password'],
  collection: ['created_by', 'last_updated_by', 'custom_user_agent', 'private_access_token'],
  seed_group: [],
};

function without(record: object, hidden: readonly string[]): object {
  if (hidden.length === 0) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!hidden.includes(key)) out[key] = value;
  return out;
}

/**
 * The catalogue as a visitor without an account sees it, made once: only public records (public
 * collections, and their public seeds and their seed groups, a group naming only the public
 * collections it serves), without the fields an account alone sees, and with each collection's
 * seed counts those of the seeds the visitor is shown, so that every count agrees with the lists.
 * The engine reads only the fields the visitor's records keep (`state`, `collection`, `metadata`,
 * `seed_group`) and writes out the rest as they are, so the records can stand in for the
 * account's though their type says more.
 */
export function visitorsCatalogue(catalogue: Catalogue): Catalogue {
  const hide = (record: object, resource: Resource) => without(record, PRIVATE_FIELDS[resource]);
  const open = new Set(catalogue.collections.filter((c) => c.publicly_visible).map((c) => c.id));
  const seeds = catalogue.seeds.filter((s) => s.publicly_visible && open.has(s.collection));
  const counts = new Map<number, { active: number; inactive: number }>();
  for (const seed of seeds) {
    const count = counts.get(seed.collection) ?? { active: 0, inactive: 0 };
    if (seed.active) count.active++;
    else count.inactive++;
    counts.set(seed.collection, count);
  }
  const collections = catalogue.collections
    .filter((c) => open.has(c.id))
    .map((c) =>
      hide(
        {
          ...c,
          num_active_seeds: counts.get(c.id)?.active ?? 0,
          num_inactive_seeds: counts.get(c.id)?.inactive ?? 0,
        },
        'collection',
      ),
    );
  const accounts = new Map(catalogue.collections.map((c) => [c.id, c.account]));
  // The service embeds a group in seeds as it shows it to visitors: one shape for both.
  const refs = new Map<number, WirePublicSeedGroup>();
  for (const group of catalogue.seedGroups) {
    const ref = catalogue.seedGroupRefs.get(group.id) ?? {
      id: group.id,
      name: group.name,
      collections: [group.collection],
      account: accounts.get(group.collection) ?? 0,
      visibility: 'PRIVATE',
    };
    const shown = ref.collections.filter((id) => open.has(id));
    if (shown.length > 0) refs.set(group.id, { ...ref, collections: shown });
  }
  return {
    ...catalogue,
    pressItems: catalogue.pressItems.map((p) => hide(p, 'press_item')),
    collections,
    seeds: seeds.map((s) => hide(s, 'seed')),
    seedGroups: [...refs.values()],
    seedGroupRefs: refs,
  } as unknown as Catalogue;
}

export function createCatalogueApi(
  account: Catalogue,
  options: CatalogueApiOptions = {},
): CatalogueApi {
  const catalogue = options.representation === 'public' ? visitorsCatalogue(account) : account;
  // Each response in the default representation lists keys in a different order, as the real
  // service does; clients must not depend on it.
  let responses = 0;
  const seedIndex = createSeedIndex(catalogue.seeds);
  const encoder = createRecordEncoder();
  const lists: Record<Resource, readonly object[]> = {
    press_item: catalogue.pressItems,
    seed: catalogue.seeds,
    collection: catalogue.collections,
    seed_group: catalogue.seedGroups,
  };
  const apiShapes: Record<Resource, (record: object) => unknown> = {
    seed: (record) => toApiSeed(catalogue, record as WireSeedDefault),
    collection: withSortedKeys,
    press_item: withSortedKeys,
    seed_group: withSortedKeys,
  };

  function answer(method: string, target: string): ApiAnswer {
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

    let page: Page;
    try {
      page = select(catalogue, seedIndex, resource, query);
    } catch (e) {
      if (e instanceof BadRequest) return error(400, e.message);
      throw e;
    }
    const headers = {
      ...baseHeaders(),
      [TOTAL_ROW_COUNT_HEADER]: String(page.total),
    };
    if (verb === 'HEAD') return { status: 200, headers, body: null, records: 0 };
    const representation: Representation =
      query.get('format') === 'api'
        ? { kind: 'fixed', shape: apiShapes[resource] }
        : { kind: 'default', fields: DEFAULT_FIELDS[resource], rotation: responses++ };
    return {
      status: 200,
      headers,
      body: serialise(encoder, page, representation),
      records: page.to - page.from,
    };
  }

  return {
    answer,
    prepare() {
      seedIndex.prepare();
      for (const resource of RESOURCES) {
        const records = lists[resource];
        encoder.prepare(records, { kind: 'fixed', shape: apiShapes[resource] });
        encoder.prepare(records, {
          kind: 'default',
          fields: DEFAULT_FIELDS[resource],
          rotation: 0,
        });
      }
    },
    handle(method, target) {
      const { status, headers, body } = answer(method, target);
      return { status, headers, body: body === null ? null : text(body) };
    },
  };
}

/** The records of a response: `records[from..to)`. */
interface Page {
  total: number;
  records: readonly object[];
  from: number;
  to: number;
}

function serialise(
  encoder: RecordEncoder,
  { records, from, to }: Page,
  representation: Representation,
): Uint8Array<ArrayBuffer> | Iterable<Uint8Array<ArrayBuffer>> {
  if (to - from <= CHUNK_RECORDS) {
    return encoder.write(records, from, to, representation, { first: true, last: true });
  }
  return {
    *[Symbol.iterator]() {
      for (let at = from; at < to; at += CHUNK_RECORDS) {
        const end = Math.min(to, at + CHUNK_RECORDS);
        yield* encoder.pieces(records, at, end, representation, {
          first: at === from,
          last: end === to,
        });
      }
    },
  };
}

const decoder = new TextDecoder();
const textEncoder = new TextEncoder();

function text(body: Uint8Array<ArrayBuffer> | Iterable<Uint8Array<ArrayBuffer>>): string {
  if (ArrayBuffer.isView(body)) return decoder.decode(body);
  // Chunks end between records, so each decodes on its own.
  let out = '';
  for (const chunk of body) out += decoder.decode(chunk);
  return out;
}

function baseHeaders(): Record<string, string> {
  return { 'Content-Type': 'application/json', Allow: ALLOW_VALUE, Vary: 'Accept' };
}

function json(status: number, value: unknown): ApiAnswer {
  return {
    status,
    headers: baseHeaders(),
    body: textEncoder.encode(JSON.stringify(value)),
    records: 0,
  };
}

function error(status: number, detail: string): ApiAnswer {
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
  seedIndex: SeedIndex,
  resource: Resource,
  query: URLSearchParams,
): Page {
  const limit = integerParam(query, 'limit', -1);
  const offset = integerParam(query, 'offset', 0) ?? 0;
  const matching = filter(catalogue, seedIndex, resource, query);
  const total = matching.length;
  const from = Math.min(offset, total);
  const to = limit === null || limit === -1 ? total : Math.min(total, offset + limit);
  if (!(matching instanceof Int32Array)) return { total, records: matching, from, to };
  // Filtered seeds are positions in the catalogue: only the page's are looked up.
  const records = Array.from(matching.subarray(from, to), (at) => catalogue.seeds[at] as object);
  return { total, records, from: 0, to: records.length };
}

/** The records that match, or for seeds the positions of those that do. */
function filter(
  catalogue: Catalogue,
  seedIndex: SeedIndex,
  resource: Resource,
  query: URLSearchParams,
): readonly object[] | Int32Array {
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
      return (
        seedIndex.select({
          collection: integerParam(query, 'collection', Number.NEGATIVE_INFINITY),
          name: param(query, 'metadata__name'),
          prefix: param(query, 'metadata__value__startswith'),
        }) ?? catalogue.seeds
      );
  }
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
