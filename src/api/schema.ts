/**
 * One definition of each record the explorer reads: for every field, the service's name for it,
 * its label, and how its value is read. The domain types (src/api/model.ts) are derived from
 * these definitions and the tolerant reader (parse.ts) walks them, so a field added here is read,
 * typed and labelled in one place.
 *
 * The service's representation varies by account, by `format` and over time, so a record is kept
 * whenever its id can be read. Any other field that is missing or unreadable becomes *unknown* for
 * that record: null (or an empty list or map, for fields that are lists), with the reason in the
 * record's `unknown` map.
 */
import * as v from 'valibot';
import type { Resource } from '../model/wire';

/** A point in time as the service wrote it, and as a number that compares correctly. */
export interface Instant {
  /** The service's own text, e.g. `2019-12-04T16:39:28.655117Z`, kept for display fidelity. */
  readonly text: string;
  /** Milliseconds since the epoch, with microseconds as the fraction. */
  readonly ms: number;
}

export interface MetadataEntry {
  readonly id: number;
  readonly value: string;
}

/** Field name → its entries, in the service's order. Fields with no entries are left out. */
export type Metadata = Readonly<Record<string, readonly MetadataEntry[]>>;

export interface SeedGroupRef {
  readonly id: number;
  /** Known when the service embeds the group (format=api); null when it sends only the id. */
  readonly name: string | null;
}

/** Why a field of a record has no value the explorer can show. */
export type Unknown =
  | { readonly reason: 'missing' }
  | {
      readonly reason: 'unreadable';
      /** The beginning of what the service sent, as JSON text. */
      readonly excerpt: string;
    };

/** What reading a field gave: its value (possibly with parts left out), or nothing. */
type Read<T> = { ok: true; value: T; partly?: string } | { ok: false; excerpt: string };

export interface FieldSpec<T> {
  /** The service's name for the field, as messages name it. */
  readonly wire: string;
  /** How the explorer labels it (column headers, notices). */
  readonly label: string;
  readonly read: (value: unknown) => Read<T>;
  /** Where the value is in the raw record, when it is not simply `record[wire]`. */
  readonly pick?: (record: Readonly<Record<string, unknown>>) => unknown;
  /** Outside the contract: its absence is normal and is not reported. */
  readonly optional?: boolean;
}

/** A field whose unknown value reads as empty (a list or a map) rather than null. */
interface FieldWithFallback<T> extends FieldSpec<T> {
  readonly fallback: T;
}

type Fields = Readonly<Record<string, FieldSpec<unknown>>>;

type ValueOf<F> =
  F extends FieldWithFallback<infer T> ? T : F extends FieldSpec<infer T> ? T | null : never;

/** Field key → why it is unknown; present on a record only when some field is. */
export type UnknownFields = Readonly<Partial<Record<string, Unknown>>>;

/** A record as the explorer holds it, derived from its field definitions. */
export type RecordOf<F extends Fields> = { readonly id: number } & {
  readonly [K in keyof F]: ValueOf<F[K]>;
} & { readonly unknown?: UnknownFields };

// ---------------------------------------------------------------------------------------------
// Values

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

/** An identifier: a whole number, or a string of digits (some services send ids as text). */
export const idSchema = v.union([
  v.pipe(v.number(), v.safeInteger()),
  v.pipe(
    v.string(),
    v.regex(/^\d{1,15}$/),
    v.transform((digits) => Number(digits)),
  ),
]);
const countSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** Byte counts can pass 2^53, where JSON numbers stop being exact; they still order correctly. */
const bytesSchema = v.pipe(v.number(), v.integer(), v.minValue(0));
const instantSchema = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseInstant(dataset.value);
    if (parsed === null) {
      addIssue({ message: 'not an ISO 8601 timestamp' });
      return NEVER;
    }
    return parsed;
  }),
);
const topicsSchema = v.pipe(v.nullable(v.string()), v.transform(parseTopics));
const seedGroupRefSchema = v.union([
  v.pipe(
    idSchema,
    v.transform((id): SeedGroupRef => ({ id, name: null })),
  ),
  v.pipe(
    v.object({ id: idSchema, name: v.optional(v.nullable(v.string()), null) }),
    v.transform((group): SeedGroupRef => ({ id: group.id, name: group.name })),
  ),
]);

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Up to 40 characters of what the service sent, as JSON, for the title of an unknown value. */
export function excerpt(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // A value JSON cannot write did not come from JSON; say what it is.
  }
  return clip(text ?? String(value));
}

function fromSchema<T>(schema: v.GenericSchema<unknown, T>): (value: unknown) => Read<T> {
  return (value) => {
    const result = v.safeParse(schema, value, { abortEarly: true });
    return result.success
      ? { ok: true, value: result.output }
      : { ok: false, excerpt: excerpt(value) };
  };
}

/**
 * Names that hold credentials wherever they appear. Records carry them (`login_password`,
 * `private_access_token`); the reader never copies a field it does not define, and drops metadata
 * fields with such names too.
 */
const SECRET_NAME = /password|token|secret/i;

/** Keys a plain object cannot hold as data without touching its prototype. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Metadata field names are few and repeat on every record: each is checked once. */
const droppedNames = new Map<string, boolean>();

/** A metadata field the explorer never keeps: a credential, or a key no plain object can hold. */
export function isDroppedFieldName(name: string): boolean {
  let dropped = droppedNames.get(name);
  if (dropped === undefined) {
    dropped = UNSAFE_KEYS.has(name) || SECRET_NAME.test(name);
    if (droppedNames.size < 10_000) droppedNames.set(name, dropped);
  }
  return dropped;
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Metadata: every entry that can be read is kept; entries (or whole fields) that cannot be read
 * are left out and make the field partly unknown. Fields with no entries are dropped, as are
 * fields whose names say they hold credentials.
 */
function readMetadata(value: unknown): Read<Metadata> {
  if (!isObject(value)) return { ok: false, excerpt: excerpt(value) };
  const out: Record<string, MetadataEntry[]> = {};
  let skipped: string | undefined;
  for (const name in value) {
    if (isDroppedFieldName(name)) continue;
    const entries = value[name];
    if (!Array.isArray(entries)) {
      skipped ??= clip(`${name}: ${excerpt(entries)}`);
      continue;
    }
    const kept: MetadataEntry[] = [];
    for (const entry of entries as unknown[]) {
      const id = isObject(entry) ? v.safeParse(idSchema, entry.id) : null;
      if (id?.success && isObject(entry) && typeof entry.value === 'string') {
        kept.push({ id: id.output, value: entry.value });
      } else {
        skipped ??= clip(`${name}: ${excerpt(entry)}`);
      }
    }
    if (kept.length > 0) out[name] = kept;
  }
  return skipped === undefined
    ? { ok: true, value: out }
    : { ok: true, value: out, partly: skipped };
}

function readSeedGroups(value: unknown): Read<SeedGroupRef[]> {
  if (!Array.isArray(value)) return { ok: false, excerpt: excerpt(value) };
  const groups: SeedGroupRef[] = [];
  let skipped: string | undefined;
  for (const item of value as unknown[]) {
    const group = v.safeParse(seedGroupRefSchema, item);
    if (group.success) groups.push(group.output);
    else skipped ??= excerpt(item);
  }
  return skipped === undefined
    ? { ok: true, value: groups }
    : { ok: true, value: groups, partly: skipped };
}

function readIds(value: unknown): Read<number[]> {
  const ids = v.safeParse(v.array(idSchema), value);
  return ids.success ? { ok: true, value: ids.output } : { ok: false, excerpt: excerpt(value) };
}

// ---------------------------------------------------------------------------------------------
// Field definitions

function field<T>(
  wire: string,
  label: string,
  schema: v.GenericSchema<unknown, T>,
  extra: Partial<Pick<FieldSpec<T>, 'optional' | 'pick'>> = {},
): FieldSpec<T> {
  return { wire, label, read: fromSchema(schema), ...extra };
}

function listField<T>(
  spec: Omit<FieldSpec<T>, 'read'> & { read: FieldSpec<T>['read'] },
  fallback: T,
): FieldWithFallback<T> {
  return { ...spec, fallback };
}

const text = v.string();
const bool = v.boolean();

function metadataField(): FieldWithFallback<Metadata> {
  return listField({ wire: 'metadata', label: 'Metadata', read: readMetadata }, {});
}

const auditFields = {
  createdBy: field('created_by', 'Created by', text),
  created: field('created_date', 'Created', instantSchema),
  lastUpdatedBy: field('last_updated_by', 'Last updated by', text),
  lastUpdated: field('last_updated_date', 'Last updated', instantSchema),
};

export const seedFields = {
  collectionId: field('collection', 'Collection', idSchema),
  url: field('url', 'URL', text),
  canonicalUrl: field('canonical_url', 'Canonical URL', text),
  crawlDefinitionId: field('crawl_definition', 'Crawl definition', idSchema),
  /** `normal` on most records; other values are kept as the service sends them. */
  seedType: field('seed_type', 'Type', text),
  active: field('active', 'Active', bool),
  deleted: field('deleted', 'Deleted', bool),
  publiclyVisible: field('publicly_visible', 'Public', bool),
  valid: field('valid', 'Valid', v.nullable(bool)),
  httpResponseCode: field('http_response_code', 'HTTP response', v.nullable(idSchema)),
  lastCheckedHttpResponseCode: field(
    'last_checked_http_response_code',
    'Last checked response',
    v.nullable(idSchema),
  ),
  metadata: metadataField(),
  /** `seed_groups` (objects or ids) in the api representation, `seed_group` (an id) otherwise. */
  seedGroups: listField(
    {
      wire: 'seed_groups',
      label: 'Seed groups',
      read: readSeedGroups,
      pick: (raw) => {
        if (raw.seed_groups !== undefined) return raw.seed_groups;
        if (raw.seed_group === undefined) return undefined;
        return raw.seed_group === null ? [] : [raw.seed_group];
      },
    },
    [],
  ),
  ...auditFields,
};

export const collectionFields = {
  accountId: field('account', 'Account', idSchema),
  name: field('name', 'Name', text),
  /** `ACTIVE` or `INACTIVE`; any other value is kept as text. */
  state: field('state', 'State', text),
  deleted: field('deleted', 'Deleted', bool),
  publiclyVisible: field('publicly_visible', 'Visibility', bool),
  oaiExported: field('oai_exported', 'OAI exported', bool),
  imageId: field('image', 'Image', v.nullable(idSchema)),
  /** Subject codes in the service's order, without empty codes or repeats. */
  topics: listField({ wire: 'topics', label: 'Topics', read: fromSchema(topicsSchema) }, []),
  numActiveSeeds: field('num_active_seeds', 'Active seeds', countSchema),
  numInactiveSeeds: field('num_inactive_seeds', 'Inactive seeds', countSchema),
  totalWarcBytes: field('total_warc_bytes', 'Archived size', bytesSchema),
  /** Null when the collection was never crawled. */
  lastCrawl: field('last_crawl_date', 'Last crawl', v.nullable(instantSchema)),
  metadata: metadataField(),
  ...auditFields,
};

export const seedGroupFields = {
  name: field('name', 'Name', text),
  /** `collections` (a list) where the service sends it, else the one `collection`. */
  collectionIds: listField(
    {
      wire: 'collections',
      label: 'Collection',
      read: readIds,
      pick: (raw) => {
        if (raw.collections !== undefined) return raw.collections;
        return raw.collection === undefined ? undefined : [raw.collection];
      },
    },
    [],
  ),
  accountId: field('account', 'Account', idSchema, { optional: true }),
  /** `PUBLIC` or `PRIVATE` where the service says. */
  visibility: field('visibility', 'Visibility', text, { optional: true }),
};

export const pressItemFields = {
  title: field('title', 'Title', text),
  description: field('description', 'Description', text),
  /** Image file name, or null when the item has none. */
  image: field('image', 'Image', v.nullable(text)),
  imageBlobId: field('image_blob', 'Image blob', idSchema),
  featuredLink: field('featured_link', 'Article link', text),
  pressFooter: field('press_footer', 'Attribution', text),
  listOrder: field('list_order', 'List order', v.pipe(v.number(), v.safeInteger())),
  createdBy: field('created_by', 'Created by', v.nullable(text)),
  created: field('created_date', 'Created', v.nullable(instantSchema)),
  lastUpdatedBy: field('last_updated_by', 'Last updated by', text),
  lastUpdated: field('last_updated_date', 'Last updated', instantSchema),
};

export const RECORD_FIELDS = {
  seed: seedFields,
  collection: collectionFields,
  seed_group: seedGroupFields,
  press_item: pressItemFields,
} as const satisfies Record<Resource, Fields>;

export type FieldKey<R extends Resource> = keyof (typeof RECORD_FIELDS)[R] & string;

// ---------------------------------------------------------------------------------------------
// Reading

/** Why a record was left out: only an id that cannot be read loses a record. */
export interface RecordProblem {
  /** Position of the record in the response. */
  readonly index: number;
  /** The service's name for the field at fault (`id`), or empty for an item that is no record. */
  readonly field: string;
  readonly message: string;
}

/** A record read field by field, or why it could not be. */
export type RecordResult<T> = { ok: true; record: T } | { ok: false; problem: RecordProblem };

/** Reads one record, keeping it whenever its id can be read. Never throws. */
export function readRecord<F extends Fields>(
  fields: F,
  raw: unknown,
  index: number,
): RecordResult<RecordOf<F>> {
  if (!isObject(raw)) {
    return {
      ok: false,
      problem: { index, field: '', message: `is ${describe(raw)}, not a record` },
    };
  }
  const id = v.safeParse(idSchema, raw.id);
  if (!id.success) {
    return {
      ok: false,
      problem: {
        index,
        field: 'id',
        message: raw.id === undefined ? 'is missing' : `is not a whole number: ${excerpt(raw.id)}`,
      },
    };
  }
  const record: Record<string, unknown> = { id: id.output };
  let unknown: Record<string, Unknown> | undefined;
  for (const key in fields) {
    const spec = fields[key] as FieldSpec<unknown> & { fallback?: unknown };
    const value = spec.pick ? spec.pick(raw) : raw[spec.wire];
    let why: Unknown | undefined;
    if (value === undefined) {
      record[key] = spec.fallback ?? null;
      why = MISSING;
    } else {
      const read = spec.read(value);
      if (read.ok) {
        record[key] = read.value;
        if (read.partly !== undefined) why = { reason: 'unreadable', excerpt: read.partly };
      } else {
        record[key] = spec.fallback ?? null;
        why = { reason: 'unreadable', excerpt: read.excerpt };
      }
    }
    if (why) (unknown ??= {})[key] = why;
  }
  if (unknown) record.unknown = unknown;
  return { ok: true, record: record as RecordOf<F> };
}

const MISSING: Unknown = { reason: 'missing' };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
