/**
 * Runtime schemas for the read interface and the parsing of a response body into the domain
 * model. Every byte from the network is `unknown` until it passes through here. A malformed record
 * is reported and skipped; the rest of the page is kept. Unknown fields, including the secret
 * ones, never survive: the object schemas keep only the fields they name.
 */
import * as v from 'valibot';
import type { Resource } from '../model/wire';
import { fastSeed } from './fast-seed';
import type {
  Collection,
  Instant,
  Metadata,
  PressItem,
  RecordProblem,
  ResourceModels,
  Seed,
  SeedGroup,
  SeedGroupRef,
} from './model';

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/;

/** Reads an ISO 8601 timestamp, with or without fractional seconds; null if it is not one. */
export function parseInstant(text: string): Instant | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction = '', zone = 'Z'] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return null;
  }
  let ms = Date.UTC(Number(y), month - 1, day, hour, minute, second);
  if (new Date(ms).getUTCDate() !== day) return null; // 31 February and the like
  if (fraction) ms += Number(`0.${fraction}`) * 1000;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return { text, ms };
}

/** Splits `topics` into codes: null, empty and a trailing `;` give no empty codes. */
export function parseTopics(text: string | null): string[] {
  if (text === null) return [];
  const codes: string[] = [];
  for (const part of text.split(';')) {
    const code = part.trim();
    if (code !== '' && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0, 'must not be negative'));
const text = v.string();
const instant = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseInstant(dataset.value);
    if (parsed === null) {
      addIssue({ message: `"${dataset.value.slice(0, 40)}" is not an ISO 8601 timestamp` });
      return NEVER;
    }
    return parsed;
  }),
);
/** Fields the contract documents but the service has only been seen to send as null. */
const observedNull = <T extends v.GenericSchema>(schema: T) => v.optional(v.nullable(schema), null);

const metadataEntry = v.object({ id, value: text });
const metadata = v.pipe(
  v.record(v.string(), v.array(metadataEntry)),
  v.transform((fields): Metadata => {
    // The contract says every field has entries; an empty list would only show as a blank row.
    for (const name in fields) if (fields[name]?.length === 0) return withoutEmptyFields(fields);
    return fields;
  }),
);

function withoutEmptyFields(fields: Record<string, { id: number; value: string }[]>): Metadata {
  const kept: Record<string, { id: number; value: string }[]> = {};
  for (const [name, entries] of Object.entries(fields))
    if (entries.length > 0) kept[name] = entries;
  return kept;
}

/** Seed groups on a seed: ids in some representations, objects with a name in the real service's. */
const seedGroupRef = v.union([
  v.pipe(
    id,
    v.transform((groupId): SeedGroupRef => ({ id: groupId, name: null })),
  ),
  v.pipe(
    v.object({ id, name: v.optional(v.nullable(text), null) }),
    v.transform((group): SeedGroupRef => ({ id: group.id, name: group.name })),
  ),
]);

const seedSchema = v.pipe(
  v.object({
    id,
    collection: id,
    url: text,
    canonical_url: text,
    crawl_definition: id,
    seed_type: text,
    active: v.boolean(),
    deleted: v.boolean(),
    publicly_visible: v.boolean(),
    valid: observedNull(v.boolean()),
    http_response_code: observedNull(id),
    last_checked_http_response_code: observedNull(id),
    metadata,
    created_by: text,
    created_date: instant,
    last_updated_by: text,
    last_updated_date: instant,
    seed_group: v.optional(v.nullable(id), null),
    seed_groups: v.optional(v.array(seedGroupRef)),
  }),
  v.transform((s): Seed => ({
    id: s.id,
    collectionId: s.collection,
    url: s.url,
    canonicalUrl: s.canonical_url,
    crawlDefinitionId: s.crawl_definition,
    seedType: s.seed_type,
    active: s.active,
    deleted: s.deleted,
    publiclyVisible: s.publicly_visible,
    valid: s.valid,
    httpResponseCode: s.http_response_code,
    lastCheckedHttpResponseCode: s.last_checked_http_response_code,
    metadata: s.metadata,
    seedGroups: s.seed_groups ?? (s.seed_group === null ? [] : [{ id: s.seed_group, name: null }]),
    createdBy: s.created_by,
    created: s.created_date,
    lastUpdatedBy: s.last_updated_by,
    lastUpdated: s.last_updated_date,
  })),
);

const collectionSchema = v.pipe(
  v.object({
    id,
    account: id,
    name: text,
    state: text,
    deleted: v.boolean(),
    publicly_visible: v.boolean(),
    oai_exported: v.boolean(),
    image: v.nullable(id),
    topics: v.nullable(text),
    num_active_seeds: count,
    num_inactive_seeds: count,
    total_warc_bytes: count,
    last_crawl_date: v.nullable(instant),
    metadata,
    created_by: text,
    created_date: instant,
    last_updated_by: text,
    last_updated_date: instant,
  }),
  v.transform((c): Collection => ({
    id: c.id,
    accountId: c.account,
    name: c.name,
    state: c.state,
    deleted: c.deleted,
    publiclyVisible: c.publicly_visible,
    oaiExported: c.oai_exported,
    imageId: c.image,
    topics: parseTopics(c.topics),
    numActiveSeeds: c.num_active_seeds,
    numInactiveSeeds: c.num_inactive_seeds,
    totalWarcBytes: c.total_warc_bytes,
    lastCrawl: c.last_crawl_date,
    metadata: c.metadata,
    createdBy: c.created_by,
    created: c.created_date,
    lastUpdatedBy: c.last_updated_by,
    lastUpdated: c.last_updated_date,
  })),
);

const seedGroupSchema = v.pipe(
  v.object({ id, name: text, collection: id }),
  v.transform((g): SeedGroup => ({ id: g.id, name: g.name, collectionId: g.collection })),
);

const pressItemSchema = v.pipe(
  v.object({
    id,
    title: text,
    description: text,
    image: v.nullable(text),
    image_blob: id,
    featured_link: text,
    press_footer: text,
    list_order: id,
    created_by: v.nullable(text),
    created_date: v.nullable(instant),
    last_updated_by: text,
    last_updated_date: instant,
  }),
  v.transform((p): PressItem => ({
    id: p.id,
    title: p.title,
    description: p.description,
    image: p.image,
    imageBlobId: p.image_blob,
    featuredLink: p.featured_link,
    pressFooter: p.press_footer,
    listOrder: p.list_order,
    createdBy: p.created_by,
    created: p.created_date,
    lastUpdatedBy: p.last_updated_by,
    lastUpdated: p.last_updated_date,
  })),
);

const SCHEMAS: { [R in Resource]: v.GenericSchema<unknown, ResourceModels[R]> } = {
  seed: seedSchema,
  collection: collectionSchema,
  seed_group: seedGroupSchema,
  press_item: pressItemSchema,
};

/** A record as the schema alone reads it (no fast route), or null when it breaks the contract. */
export function schemaParse<R extends Resource>(
  resource: R,
  raw: unknown,
): ResourceModels[R] | null {
  const result = v.safeParse(SCHEMAS[resource], raw, { abortEarly: true });
  return result.success ? result.output : null;
}

export interface ParsedRecords<T> {
  records: T[];
  problems: RecordProblem[];
}

/** Parses one record; the problem says which field broke the contract. */
export function parseRecord<R extends Resource>(
  resource: R,
  raw: unknown,
  index: number,
): { ok: true; record: ResourceModels[R] } | { ok: false; problem: RecordProblem } {
  if (resource === 'seed') {
    const seed = fastSeed(raw, parseInstant);
    if (seed) return { ok: true, record: seed as ResourceModels[R] };
  }
  const result = v.safeParse(SCHEMAS[resource], raw, { abortEarly: true });
  if (result.success) return { ok: true, record: result.output as ResourceModels[R] };
  const issue = result.issues[0];
  const rawId = raw !== null && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  return {
    ok: false,
    problem: {
      index,
      id: typeof rawId === 'number' && Number.isInteger(rawId) ? rawId : null,
      field: v.getDotPath(issue) ?? '',
      message: describeIssue(issue),
    },
  };
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema' && issue.received === 'undefined') return 'is missing';
  if (issue.type === 'union') return `must be a seed group id or object, not ${issue.received}`;
  if (issue.kind === 'schema') return `must be ${issue.expected ?? 'valid'}, not ${issue.received}`;
  return issue.message;
}

/**
 * Parses a list of records. Never throws: whatever the items are, the result holds the records
 * that could be read and a problem for each one that could not.
 */
export function parseRecords<R extends Resource>(
  resource: R,
  items: readonly unknown[],
  firstIndex = 0,
): ParsedRecords<ResourceModels[R]> {
  const records: ResourceModels[R][] = [];
  const problems: RecordProblem[] = [];
  for (let i = 0; i < items.length; i++) {
    const result = parseRecord(resource, items[i], firstIndex + i);
    if (result.ok) records.push(result.record);
    else problems.push(result.problem);
  }
  return { records, problems };
}

/** The list shapes the service has been seen to send: a bare array, or a paginated envelope. */
export type ListBody =
  | { kind: 'array'; items: unknown[] }
  | { kind: 'envelope'; items: unknown[]; count: number | null }
  | { kind: 'invalid'; reason: string };

export function readListBody(body: unknown): ListBody {
  if (Array.isArray(body)) return { kind: 'array', items: body };
  if (body !== null && typeof body === 'object' && 'results' in body) {
    const { results, count } = body as { results: unknown; count?: unknown };
    if (!Array.isArray(results)) return { kind: 'invalid', reason: '"results" is not a list' };
    return {
      kind: 'envelope',
      items: results,
      count: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null,
    };
  }
  if (body !== null && typeof body === 'object' && 'detail' in body) {
    const { detail } = body;
    return { kind: 'invalid', reason: typeof detail === 'string' ? detail : 'an error object' };
  }
  return { kind: 'invalid', reason: `expected a list of records, got ${describeJson(body)}` };
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
