/**
 * The common case of a seed record, checked and built by hand. Seeds are the bulk of every large
 * list, and building the domain object straight from the JSON is several times faster (and makes
 * far less garbage) than the schema's validate-then-transform. The schema in parse.ts stays the
 * definition: anything this does not recognise returns undefined and goes the schema's way, and a
 * property test holds the two to the same result.
 */
import type { Instant, Metadata, MetadataEntry, Seed, SeedGroupRef } from './model';

type Json = Record<string, unknown>;

const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys the schema's record type leaves out; a record that has them takes the schema's way. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function optionalNull<T>(value: unknown, check: (v: unknown) => v is T): T | null | undefined {
  if (value === undefined || value === null) return null;
  return check(value) ? value : undefined;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

function metadata(value: unknown): Metadata | undefined {
  if (!isObject(value)) return undefined;
  const out: Record<string, MetadataEntry[]> = {};
  for (const name in value) {
    if (UNSAFE_KEYS.has(name)) return undefined;
    const entries = value[name];
    if (!Array.isArray(entries)) return undefined;
    if (entries.length === 0) continue;
    const kept: MetadataEntry[] = new Array<MetadataEntry>(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const entry: unknown = entries[i];
      if (!isObject(entry) || !isInt(entry.id) || typeof entry.value !== 'string') return undefined;
      kept[i] = { id: entry.id, value: entry.value };
    }
    out[name] = kept;
  }
  return out;
}

function seedGroups(value: unknown, single: unknown): SeedGroupRef[] | undefined {
  if (value === undefined) {
    if (single === undefined || single === null) return [];
    return isInt(single) ? [{ id: single, name: null }] : undefined;
  }
  if (single !== undefined && single !== null && !isInt(single)) return undefined;
  if (!Array.isArray(value)) return undefined;
  const out: SeedGroupRef[] = new Array<SeedGroupRef>(value.length);
  for (let i = 0; i < value.length; i++) {
    const group: unknown = value[i];
    if (isInt(group)) {
      out[i] = { id: group, name: null };
    } else if (isObject(group) && isInt(group.id)) {
      const name = group.name;
      if (name !== undefined && name !== null && typeof name !== 'string') return undefined;
      out[i] = { id: group.id, name: name ?? null };
    } else {
      return undefined;
    }
  }
  return out;
}

export function fastSeed(
  raw: unknown,
  instant: (text: string) => Instant | null,
): Seed | undefined {
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
  if (!isInt(id) || !isInt(collection) || !isInt(crawl_definition)) return undefined;
  if (typeof url !== 'string' || typeof canonical_url !== 'string') return undefined;
  if (typeof seed_type !== 'string' || typeof created_by !== 'string') return undefined;
  if (typeof last_updated_by !== 'string') return undefined;
  if (!isBoolean(active) || !isBoolean(deleted) || !isBoolean(publicly_visible)) return undefined;
  if (typeof created_date !== 'string' || typeof last_updated_date !== 'string') return undefined;
  const valid = optionalNull(raw.valid, isBoolean);
  const httpResponseCode = optionalNull(raw.http_response_code, isInt);
  const lastChecked = optionalNull(raw.last_checked_http_response_code, isInt);
  if (valid === undefined || httpResponseCode === undefined || lastChecked === undefined) {
    return undefined;
  }
  const created = instant(created_date);
  const lastUpdated = instant(last_updated_date);
  const meta = metadata(raw.metadata);
  const groups = seedGroups(raw.seed_groups, raw.seed_group);
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
