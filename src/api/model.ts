/**
 * The explorer's domain model: the service's records after parsing. Everything the pages show has
 * this shape; nothing reads the wire format directly. Secrets (login fields, access tokens) have
 * no place here: they are dropped when a response is parsed.
 */
import type { MetadataEntry } from '../model/wire';

export type { MetadataEntry };

/** A point in time as the service wrote it, and as a number that compares correctly. */
export interface Instant {
  /** The service's own text, e.g. `2019-12-04T16:39:28.655117Z`, kept for display fidelity. */
  text: string;
  /** Milliseconds since the epoch, with microseconds as the fraction. */
  ms: number;
}

/** Field name → its entries, in the service's order. Fields with no entries are left out. */
export type Metadata = Readonly<Record<string, readonly MetadataEntry[]>>;

export interface SeedGroupRef {
  id: number;
  /** Known when the service embeds the group (format=api); null when it sends only the id. */
  name: string | null;
}

export interface Seed {
  id: number;
  collectionId: number;
  url: string;
  canonicalUrl: string;
  crawlDefinitionId: number;
  /** `normal` on most records; other values are kept as the service sends them. */
  seedType: string;
  active: boolean;
  deleted: boolean;
  publiclyVisible: boolean;
  valid: boolean | null;
  httpResponseCode: number | null;
  lastCheckedHttpResponseCode: number | null;
  metadata: Metadata;
  seedGroups: readonly SeedGroupRef[];
  createdBy: string;
  created: Instant;
  lastUpdatedBy: string;
  lastUpdated: Instant;
}

export interface Collection {
  id: number;
  accountId: number;
  name: string;
  /** `ACTIVE` or `INACTIVE`; any other value is kept as text. */
  state: string;
  deleted: boolean;
  publiclyVisible: boolean;
  oaiExported: boolean;
  imageId: number | null;
  /** Subject codes in the service's order, without empty codes or repeats. */
  topics: readonly string[];
  numActiveSeeds: number;
  numInactiveSeeds: number;
  /** Exact below 2^53 bytes (8 PiB). */
  totalWarcBytes: number;
  lastCrawl: Instant | null;
  metadata: Metadata;
  createdBy: string;
  created: Instant;
  lastUpdatedBy: string;
  lastUpdated: Instant;
}

export interface SeedGroup {
  id: number;
  name: string;
  collectionId: number;
}

export interface PressItem {
  id: number;
  title: string;
  description: string;
  /** Image file name, or null when the item has none. */
  image: string | null;
  imageBlobId: number;
  featuredLink: string;
  pressFooter: string;
  listOrder: number;
  createdBy: string | null;
  created: Instant | null;
  lastUpdatedBy: string;
  lastUpdated: Instant;
}

export interface ResourceModels {
  seed: Seed;
  collection: Collection;
  seed_group: SeedGroup;
  press_item: PressItem;
}

/** A record the explorer could not read, and why. */
export interface RecordProblem {
  /** Position of the record in the response. */
  index: number;
  /** The record's id when it had a readable one. */
  id: number | null;
  /** Dot path of the offending field, e.g. `metadata.Title.0.value`; empty for the record itself. */
  field: string;
  message: string;
}
