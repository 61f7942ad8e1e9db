/**
 * One definition of each record the explorer reads: for every field, the service's name for it,
 * its label, and how its value is read (values.ts). The domain types are derived from these
 * definitions and the tolerant reader walks them, so a field added here is read, typed and
 * labelled in one place.
 *
 * The service's representation varies by account, by `format` and over time, so a record is kept
 * whenever its id can be read. Any other field that is missing or unreadable becomes *unknown* for
 * that record: null (or an empty list or map, for fields that are lists), with the reason in the
 * record's `unknown` map. Secrets (login fields, access tokens) have no place here: the reader
 * never copies a field these definitions do not name.
 */
import type { Resource } from '../contract/wire';
import {
  bool,
  bytes,
  count,
  fromCheck,
  id,
  instant,
  nullable,
  readIds,
  readMetadata,
  readSeedGroups,
  safeInteger,
  text,
  topics,
  type Check,
  type ColumnKind,
  type Metadata,
  type Read,
  type Unknown,
} from './values';

export type { Instant } from './calendar';
export type { ColumnKind, Metadata, MetadataEntry, SeedGroupRef, Unknown } from './values';

export interface FieldSpec<T> {
  /** The service's name for the field, as messages name it. */
  readonly wire: string;
  readonly column: ColumnKind;
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

export type Fields = Readonly<Record<string, FieldSpec<unknown>>>;

type ValueOf<F> =
  F extends FieldWithFallback<infer T> ? T : F extends FieldSpec<infer T> ? T | null : never;

/** Field key → why it is unknown; present on a record only when some field is. */
export type UnknownFields = Readonly<Partial<Record<string, Unknown>>>;

/** A record as the explorer holds it, derived from its field definitions. */
export type RecordOf<F extends Fields> = { readonly id: number } & {
  readonly [K in keyof F]: ValueOf<F[K]>;
} & { readonly unknown?: UnknownFields };

// ---------------------------------------------------------------------------------------------
// Field definitions

/** A field's spec, keeping the service's name for it as a literal type (see WireNamesOf). */
type Named<S, W extends string> = S & { readonly wire: W };

function field<T, const W extends string>(
  wire: W,
  label: string,
  check: Check<T>,
  extra: Partial<Pick<FieldSpec<T>, 'optional'>> = {},
): Named<FieldSpec<T>, W> {
  return { wire, label, read: fromCheck(check), column: check.column, ...extra };
}

function listField<T, const W extends string, const A extends string = never>(
  spec: Omit<FieldSpec<T>, 'wire' | 'read' | 'column'> & {
    wire: W;
    read: FieldSpec<T>['read'];
    column: ColumnKind;
    /** Other names of the service's that `pick` reads the value from. */
    also?: readonly A[];
  },
  fallback: T,
): Named<FieldWithFallback<T>, W> & { readonly also?: readonly A[] } {
  return { ...spec, fallback };
}

type WireOf<S> = S extends { readonly wire: infer W extends string } ? W : never;
type AlsoOf<S> = 'also' extends keyof S
  ? S extends { readonly also?: readonly (infer A extends string)[] }
    ? A
    : never
  : never;

/** The service's names for the fields of a definition: what the reader reads from the wire. */
export type WireNamesOf<F> = { [K in keyof F]: WireOf<F[K]> | AlsoOf<F[K]> }[keyof F];

function metadataField() {
  return listField<Metadata, 'metadata'>(
    { wire: 'metadata', label: 'Metadata', read: readMetadata, column: 'metadata' },
    {},
  );
}

const auditFields = {
  createdBy: field('created_by', 'Created by', text),
  created: field('created_date', 'Created', instant),
  lastUpdatedBy: field('last_updated_by', 'Last updated by', text),
  lastUpdated: field('last_updated_date', 'Last updated', instant),
};

/**
 * A list the service sends under `plural`, or as one value under `single`: that value as a list of
 * one (a `single` of null is no values where `nullIsNone`, else a null the list cannot read).
 */
function pluralOrOne(plural: string, single: string, nullIsNone: boolean) {
  return (raw: Readonly<Record<string, unknown>>): unknown => {
    if (raw[plural] !== undefined) return raw[plural];
    const one = raw[single];
    if (one === undefined) return undefined;
    return one === null && nullIsNone ? [] : [one];
  };
}

/** A seed's groups as the service sent them: `seed_groups`, or `seed_group` as a list of one. */
export const pickSeedGroups = pluralOrOne('seed_groups', 'seed_group', true);

export const seedFields = {
  collectionId: field('collection', 'Collection', id),
  url: field('url', 'URL', text),
  canonicalUrl: field('canonical_url', 'Canonical URL', text),
  crawlDefinitionId: field('crawl_definition', 'Crawl definition', id),
  /** `normal` on most records; other values are kept as the service sends them. */
  seedType: field('seed_type', 'Type', text),
  active: field('active', 'Active', bool),
  deleted: field('deleted', 'Deleted', bool),
  publiclyVisible: field('publicly_visible', 'Public', bool),
  valid: field('valid', 'Valid', nullable(bool)),
  httpResponseCode: field('http_response_code', 'HTTP response', nullable(id)),
  lastCheckedHttpResponseCode: field(
    'last_checked_http_response_code',
    'Last checked response',
    nullable(id),
  ),
  metadata: metadataField(),
  /** `seed_groups` (objects or ids) in the api representation, `seed_group` (an id) otherwise. */
  seedGroups: listField(
    {
      wire: 'seed_groups',
      also: ['seed_group'],
      label: 'Seed groups',
      read: readSeedGroups,
      column: 'groups',
      pick: pickSeedGroups,
    },
    [],
  ),
  ...auditFields,
};

export const collectionFields = {
  accountId: field('account', 'Account', id),
  name: field('name', 'Name', text),
  /** `ACTIVE` or `INACTIVE`; any other value is kept as text. */
  state: field('state', 'State', text),
  deleted: field('deleted', 'Deleted', bool),
  publiclyVisible: field('publicly_visible', 'Visibility', bool),
  oaiExported: field('oai_exported', 'OAI exported', bool),
  imageId: field('image', 'Image', nullable(id)),
  /** Subject codes in the service's order, without empty codes or repeats. */
  topics: listField(
    { wire: 'topics', label: 'Topics', read: fromCheck(topics), column: topics.column },
    [],
  ),
  numActiveSeeds: field('num_active_seeds', 'Active seeds', count),
  numInactiveSeeds: field('num_inactive_seeds', 'Inactive seeds', count),
  totalWarcBytes: field('total_warc_bytes', 'Archived size', bytes),
  /** Null when the collection was never crawled. */
  lastCrawl: field('last_crawl_date', 'Last crawl', nullable(instant)),
  metadata: metadataField(),
  ...auditFields,
};

export const seedGroupFields = {
  name: field('name', 'Name', text),
  /** `collections` (a list) where the service sends it, else the one `collection`. */
  collectionIds: listField(
    {
      wire: 'collections',
      also: ['collection'],
      label: 'Collection',
      read: readIds,
      column: 'json',
      pick: pluralOrOne('collections', 'collection', false),
    },
    [],
  ),
  accountId: field('account', 'Account', id, { optional: true }),
  /** `PUBLIC` or `PRIVATE` where the service says. */
  visibility: field('visibility', 'Visibility', text, { optional: true }),
};

export const pressItemFields = {
  title: field('title', 'Title', text),
  description: field('description', 'Description', text),
  /** Image file name, or null when the item has none. */
  image: field('image', 'Image', nullable(text)),
  imageBlobId: field('image_blob', 'Image blob', id),
  featuredLink: field('featured_link', 'Article link', text),
  pressFooter: field('press_footer', 'Attribution', text),
  listOrder: field('list_order', 'List order', safeInteger),
  createdBy: field('created_by', 'Created by', nullable(text)),
  created: field('created_date', 'Created', nullable(instant)),
  lastUpdatedBy: field('last_updated_by', 'Last updated by', text),
  lastUpdated: field('last_updated_date', 'Last updated', instant),
};

export const RECORD_FIELDS = {
  seed: seedFields,
  collection: collectionFields,
  seed_group: seedGroupFields,
  press_item: pressItemFields,
} as const satisfies Record<Resource, Fields>;

export type Seed = RecordOf<typeof seedFields>;
export type Collection = RecordOf<typeof collectionFields>;
export type SeedGroup = RecordOf<typeof seedGroupFields>;
export type PressItem = RecordOf<typeof pressItemFields>;

export interface ResourceModels {
  seed: Seed;
  collection: Collection;
  seed_group: SeedGroup;
  press_item: PressItem;
}

/** Any record: it may say which of its fields the service did not provide or sent unreadable. */
export interface MaybeUnknown {
  readonly unknown?: UnknownFields;
}

/** Why a record's field has no value, or undefined when the field was read. */
export function unknownOf(record: unknown, field: string | undefined): Unknown | undefined {
  if (field === undefined) return undefined;
  const unknown = (record as MaybeUnknown | null)?.unknown;
  return unknown && Object.hasOwn(unknown, field) ? unknown[field] : undefined;
}
