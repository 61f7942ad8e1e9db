/**
 * The catalogue service's records as they travel over the wire (the read interface in
 * ../shared/spec/catalogue-read-interface.md). The embedded API produces exactly these shapes and
 * the browser's schemas parse exactly these shapes, so the two sides cannot drift apart.
 */

export const RESOURCES = ['press_item', 'seed', 'collection', 'seed_group'] as const;
export type Resource = (typeof RESOURCES)[number];

export function isResource(name: string): name is Resource {
  return (RESOURCES as readonly string[]).includes(name);
}

/** ISO 8601 UTC text ending in `Z`, with six fractional digits or none. */
export type Timestamp = string;

export interface MetadataEntry {
  id: number;
  value: string;
}

/** Field name → non-empty list of entries. The set of field names is open. */
export type Metadata = Record<string, MetadataEntry[]>;

export const COLLECTION_STATES = ['ACTIVE', 'INACTIVE'] as const;
export type CollectionState = (typeof COLLECTION_STATES)[number];

/** Topic codes observed on the real service; the set is open. */
export const KNOWN_TOPIC_CODES = [
  'government',
  'government-National',
  'government-USStates',
  'politicsAndElections',
  'societyAndCulture',
  'universitiesAndLibraries',
  'artsAndHumanities',
  'spontaneousEvents',
  'blogsAndSocialMedia',
] as const;

/** Dublin Core field names observed on the real service, in the order an archivist expects. */
export const DUBLIN_CORE_FIELDS = [
  'Title',
  'Description',
  'Subject',
  'Creator',
  'Collector',
  'Publisher',
  'Date',
  'Language',
  'Type',
  'Format',
  'Rights',
  'Coverage',
  'Source',
  'Identifier',
  'Origin',
  'Notes',
] as const;

export interface WirePressItem {
  id: number;
  title: string;
  description: string;
  image: string | null;
  image_blob: number;
  featured_link: string;
  press_footer: string;
  list_order: number;
  created_by: string | null;
  created_date: Timestamp | null;
  last_updated_by: string;
  last_updated_date: Timestamp;
}

/** A seed group as the real service embeds it in a seed's `seed_groups` (format=api). */
export interface WireSeedGroupRef {
  id: number;
  name: string;
  account: number;
  collections: number[];
  visibility: string;
}

interface WireSeedCommon {
  id: number;
  collection: number;
  url: string;
  canonical_url: string;
  crawl_definition: number;
  /** Observed `normal`; the real service has others (`oneHopOff`, ...). */
  seed_type: string;
  active: boolean;
  deleted: boolean;
  publicly_visible: boolean;
  valid: boolean | null;
  http_response_code: number | null;
  last_checked_http_response_code: number | null;
  metadata: Metadata;
  created_by: string;
  created_date: Timestamp;
  last_updated_by: string;
  last_updated_date: Timestamp;
}

/** The default representation: a single `seed_group` id and the login fields. */
export interface WireSeedDefault extends WireSeedCommon {
  seed_group: number | null;
  login_username: string | null;
  login_password: string | null;
}

/** The `format=api` representation: `seed_groups` instead of `seed_group`, no login fields. */
export interface WireSeedApi extends WireSeedCommon {
  seed_groups: WireSeedGroupRef[];
}

export interface WireCollection {
  id: number;
  account: number;
  name: string;
  state: CollectionState;
  deleted: boolean;
  publicly_visible: boolean;
  oai_exported: boolean;
  image: number | null;
  /** Codes joined by `;`; may be null, empty, or end in `;`. */
  topics: string | null;
  num_active_seeds: number;
  num_inactive_seeds: number;
  /** May exceed 2^32. */
  total_warc_bytes: number;
  last_crawl_date: Timestamp | null;
  metadata: Metadata;
  created_by: string;
  created_date: Timestamp;
  last_updated_by: string;
  last_updated_date: Timestamp;
}

export interface WireSeedGroup {
  id: number;
  name: string;
  collection: number;
}

/**
 * A seed group as the real service shows it to a visitor without an account: the collections it
 * spans, its account and its visibility (`PUBLIC` or `PRIVATE`) instead of one collection, as it
 * embeds the group in a seed.
 */
export type WirePublicSeedGroup = WireSeedGroupRef;

/**
 * Field lists in the order the service documents them. The embedded API varies this order between
 * responses (the contract says key order is not significant) and sorts it for `format=api`.
 */
export const PRESS_ITEM_FIELDS = [
  'id',
  'title',
  'description',
  'image',
  'image_blob',
  'featured_link',
  'press_footer',
  'list_order',
  'created_by',
  'created_date',
  'last_updated_by',
  'last_updated_date',
] as const satisfies readonly (keyof WirePressItem)[];

const SEED_COMMON_FIELDS = [
  'id',
  'collection',
  'url',
  'canonical_url',
  'crawl_definition',
  'seed_type',
  'active',
  'deleted',
  'publicly_visible',
  'valid',
  'http_response_code',
  'last_checked_http_response_code',
  'metadata',
  'created_by',
  'created_date',
  'last_updated_by',
  'last_updated_date',
] as const satisfies readonly (keyof WireSeedCommon)[];

export const SEED_DEFAULT_FIELDS = [
  ...SEED_COMMON_FIELDS,
  'seed_group',
  'login_username',
  'login_password',
] as const satisfies readonly (keyof WireSeedDefault)[];

export const SEED_API_FIELDS = [
  ...SEED_COMMON_FIELDS,
  'seed_groups',
] as const satisfies readonly (keyof WireSeedApi)[];

export const COLLECTION_FIELDS = [
  'id',
  'account',
  'name',
  'state',
  'deleted',
  'publicly_visible',
  'oai_exported',
  'image',
  'topics',
  'num_active_seeds',
  'num_inactive_seeds',
  'total_warc_bytes',
  'last_crawl_date',
  'metadata',
  'created_by',
  'created_date',
  'last_updated_by',
  'last_updated_date',
] as const satisfies readonly (keyof WireCollection)[];

export const SEED_GROUP_FIELDS = [
  'id',
  'name',
  'collection',
] as const satisfies readonly (keyof WireSeedGroup)[];

/** The service's list headers. */
export const TOTAL_ROW_COUNT_HEADER = 'Total-Row-Count';
export const ALLOW_VALUE = 'GET, POST, PUT, PATCH, HEAD, OPTIONS';
