/**
 * The common case of a seed record, checked by hand and written straight into a block's columns.
 * Seeds are the bulk of every large list, and writing them from the JSON without making a record
 * is several times faster (and makes far less garbage) than reading each field through the schema
 * and then putting the record into columns. The field definitions in records.ts stay the
 * definition: anything this does not recognise as a whole, readable seed is left to them, and a
 * property test holds the two to the same rows.
 */
import type {
  BlockBuilder,
  BoolWriter,
  GroupsWriter,
  InstantWriter,
  MetadataColumnWriter,
  NumberWriter,
  TextWriter,
} from './block-builder';
import { COMPACT_COLUMNS } from './compact-columns';
import type { FastRoutes } from './read-page';
import { pickSeedGroups, type SeedGroupRef } from './records';
import { instantMs } from './calendar';
import {
  isDroppedFieldName,
  isObject,
  LONGEST_VALUE,
  MOST_FIELDS,
  NO_GROUPS,
  NOT_READ,
  seedGroupRef,
} from './values';

type Json = Readonly<Record<string, unknown>>;

const isId = (value: unknown): value is number => Number.isSafeInteger(value);

/** Text the schema keeps whole: not longer than LONGEST_VALUE. */
const short = (value: string): boolean => value.length <= LONGEST_VALUE;

/**
 * Metadata the schema would read whole: a map of lists of `{id, value}`, at most MOST_FIELDS
 * fields, no name or value too long to keep.
 */
function wholeMetadata(value: unknown): boolean {
  if (!isObject(value)) return false;
  let fields = 0;
  for (const name in value) {
    if (isDroppedFieldName(name)) continue;
    if (++fields > MOST_FIELDS || !short(name)) return false;
    const entries = value[name];
    if (!Array.isArray(entries)) return false;
    for (const entry of entries as unknown[]) {
      if (!isObject(entry) || !isId(entry.id) || typeof entry.value !== 'string') return false;
      if (!short(entry.value)) return false;
    }
  }
  return true;
}

/** The seed's groups as the field definition reads them, when it reads them whole; or undefined. */
function seedGroups(raw: Json): readonly SeedGroupRef[] | undefined {
  const value = pickSeedGroups(raw);
  if (!Array.isArray(value)) return undefined;
  if (value.length === 0) return NO_GROUPS;
  const out = new Array<SeedGroupRef>(value.length);
  for (let i = 0; i < value.length; i++) {
    const group = seedGroupRef(value[i]);
    if (group === NOT_READ || (group.name !== null && !short(group.name))) return undefined;
    out[i] = group;
  }
  return out;
}

/** 1, 0, or -1 for null; undefined for anything else. */
function nullableBool(value: unknown): number | undefined {
  if (value === null) return -1;
  return typeof value === 'boolean' ? Number(value) : undefined;
}

/**
 * A function that writes a seed as the service sent it into `builder` and says true, or, when
 * the seed is not whole and readable, writes nothing and says false.
 */
export function seedFastRoute(builder: BlockBuilder<'seed'>): (raw: unknown) => boolean {
  // The worker's blocks are what a saved list keeps: they keep less text.
  builder.compact = COMPACT_COLUMNS;
  const w = builder.writers;
  const numbers = (key: string) => (w[key] as NumberWriter).values;
  const bools = (key: string) => (w[key] as BoolWriter).values;
  const texts = (key: string) => (w[key] as TextWriter).parts;
  const id = numbers('id');
  const collection = numbers('collectionId');
  const crawlDefinition = numbers('crawlDefinitionId');
  const http = numbers('httpResponseCode');
  const lastChecked = numbers('lastCheckedHttpResponseCode');
  const url = texts('url');
  const canonical = texts('canonicalUrl');
  const seedType = texts('seedType');
  const createdBy = texts('createdBy');
  const lastUpdatedBy = texts('lastUpdatedBy');
  const active = bools('active');
  const deleted = bools('deleted');
  const publiclyVisible = bools('publiclyVisible');
  const valid = bools('valid');
  const created = w.created as InstantWriter;
  const lastUpdated = w.lastUpdated as InstantWriter;
  const metadata = w.metadata as MetadataColumnWriter;
  const groups = w.seedGroups as GroupsWriter;
  const unknown = w.unknown;

  return (raw) => {
    if (!isObject(raw)) return false;
    const r = raw;
    if (!isId(r.id) || !isId(r.collection) || !isId(r.crawl_definition)) return false;
    if (typeof r.url !== 'string' || typeof r.canonical_url !== 'string') return false;
    if (typeof r.seed_type !== 'string' || typeof r.created_by !== 'string') return false;
    if (typeof r.last_updated_by !== 'string') return false;
    if (!short(r.url) || !short(r.canonical_url) || !short(r.seed_type)) return false;
    if (!short(r.created_by) || !short(r.last_updated_by)) return false;
    if (typeof r.active !== 'boolean' || typeof r.deleted !== 'boolean') return false;
    if (typeof r.publicly_visible !== 'boolean') return false;
    if (typeof r.created_date !== 'string' || typeof r.last_updated_date !== 'string') return false;
    const isValid = nullableBool(r.valid);
    const httpCode = r.http_response_code;
    const checked = r.last_checked_http_response_code;
    if (isValid === undefined || !(httpCode === null || isId(httpCode))) return false;
    if (!(checked === null || isId(checked))) return false;
    const createdMs = instantMs(r.created_date);
    const updatedMs = instantMs(r.last_updated_date);
    if (Number.isNaN(createdMs) || Number.isNaN(updatedMs) || !wholeMetadata(r.metadata))
      return false;
    const refs = seedGroups(r);
    if (!refs) return false;

    const i = builder.length++;
    id[i] = r.id;
    collection[i] = r.collection;
    crawlDefinition[i] = r.crawl_definition;
    http[i] = httpCode === null ? Number.NaN : httpCode;
    lastChecked[i] = checked === null ? Number.NaN : checked;
    url[i] = r.url;
    canonical[i] = r.canonical_url;
    seedType[i] = r.seed_type;
    createdBy[i] = r.created_by;
    lastUpdatedBy[i] = r.last_updated_by;
    active[i] = r.active ? 1 : 0;
    deleted[i] = r.deleted ? 1 : 0;
    publiclyVisible[i] = r.publicly_visible ? 1 : 0;
    valid[i] = isValid;
    created.ms[i] = createdMs;
    created.text.parts[i] = r.created_date;
    lastUpdated.ms[i] = updatedMs;
    lastUpdated.text.parts[i] = r.last_updated_date;
    metadata.set(i, r.metadata);
    groups.set(i, refs);
    unknown?.set(i, undefined);
    return true;
  };
}

/** The fast routes the list worker reads with. */
export const LIST_WORKER_ROUTES: FastRoutes = { seed: seedFastRoute };
