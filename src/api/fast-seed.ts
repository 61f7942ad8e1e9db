/**
 * The common case of a seed record, checked and built by hand. Seeds are the bulk of every large
 * list, and building the domain object straight from the JSON is several times faster (and makes
 * far less garbage) than reading it field by field through the schema. The field definitions in
 * schema.ts stay the definition: anything this does not recognise as a whole, readable seed
 * returns undefined and goes the schema's way, and a property test holds the two to the same
 * result.
 */
import type { Metadata, MetadataEntry, Seed, SeedGroupRef } from './records';
import { isDroppedFieldName, parseInstant } from './values';

type Json = Record<string, unknown>;

const isId = (value: unknown): value is number => Number.isSafeInteger(value);
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** A present value that is null or passes `check`; undefined when it is missing or does not. */
function nullOr<T>(value: unknown, check: (v: unknown) => v is T): T | null | undefined {
  if (value === null) return null;
  return check(value) ? value : undefined;
}

function metadata(value: unknown): Metadata | undefined {
  if (!isObject(value)) return undefined;
  const out: Record<string, MetadataEntry[]> = {};
  for (const name in value) {
    if (isDroppedFieldName(name)) continue;
    const entries = value[name];
    if (!Array.isArray(entries)) return undefined;
    if (entries.length === 0) continue;
    const kept: MetadataEntry[] = new Array<MetadataEntry>(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const entry: unknown = entries[i];
      if (!isObject(entry) || !isId(entry.id) || typeof entry.value !== 'string') return undefined;
      kept[i] = { id: entry.id, value: entry.value };
    }
    out[name] = kept;
  }
  return out;
}

function seedGroups(raw: Json): SeedGroupRef[] | undefined {
  const value = raw.seed_groups;
  if (value === undefined) {
    const single = raw.seed_group;
    if (single === null) return [];
    return isId(single) ? [{ id: single, name: null }] : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const out: SeedGroupRef[] = new Array<SeedGroupRef>(value.length);
  for (let i = 0; i < value.length; i++) {
    const group: unknown = value[i];
    if (isId(group)) {
      out[i] = { id: group, name: null };
    } else if (isObject(group) && isId(group.id)) {
      const name = group.name;
      if (name !== undefined && name !== null && typeof name !== 'string') return undefined;
      out[i] = { id: group.id, name: name ?? null };
    } else {
      return undefined;
    }
  }
  return out;
}

export function fastSeed(raw: unknown): Seed | undefined {
  if (!isObject(raw)) return undefined;
  const {
    id,
    collection,
    url,
    canonical_url,
    crawl_definition,
    seed_type,
    active,
    deleted,
    publicly_visible,
    created_by,
    created_date,
    last_updated_by,
    last_updated_date,
  } = raw;
  if (!isId(id) || !isId(collection) || !isId(crawl_definition)) return undefined;
  if (typeof url !== 'string' || typeof canonical_url !== 'string') return undefined;
  if (typeof seed_type !== 'string' || typeof created_by !== 'string') return undefined;
  if (typeof last_updated_by !== 'string') return undefined;
  if (!isBoolean(active) || !isBoolean(deleted) || !isBoolean(publicly_visible)) return undefined;
  if (typeof created_date !== 'string' || typeof last_updated_date !== 'string') return undefined;
  const valid = nullOr(raw.valid, isBoolean);
  const httpResponseCode = nullOr(raw.http_response_code, isId);
  const lastChecked = nullOr(raw.last_checked_http_response_code, isId);
  if (valid === undefined || httpResponseCode === undefined || lastChecked === undefined) {
    return undefined;
  }
  const created = parseInstant(created_date);
  const lastUpdated = parseInstant(last_updated_date);
  const meta = metadata(raw.metadata);
  const groups = seedGroups(raw);
  if (!created || !lastUpdated || !meta || !groups) return undefined;
  return {
    id,
    collectionId: collection,
    url,
    canonicalUrl: canonical_url,
    crawlDefinitionId: crawl_definition,
    seedType: seed_type,
    active,
    deleted,
    publiclyVisible: publicly_visible,
    valid,
    httpResponseCode,
    lastCheckedHttpResponseCode: lastChecked,
    metadata: meta,
    seedGroups: groups,
    createdBy: created_by,
    created,
    lastUpdatedBy: last_updated_by,
    lastUpdated,
  };
}
