/** Seeds built by hand, with every field a test does not name set to a plain, readable value. */
import type { MetadataEntry, Seed, Unknown } from '../../../src/api/records';
import { parseInstant } from '../../../src/api/parse';

let nextId = 1;

export interface SeedSpec {
  id?: number;
  /** Field → values, each value one entry (repeat a value to repeat the entry). */
  meta?: Record<string, readonly string[]>;
  /** Seed group ids; `'unknown'` for a seed whose groups the service did not send. */
  groups?: readonly number[] | 'unknown';
  groupNames?: Readonly<Record<number, string>>;
  active?: boolean | 'unknown';
  publiclyVisible?: boolean | 'unknown';
  /** null for a seed whose type the service did not send. */
  seedType?: string | null;
  /** Last checked HTTP status; null for never checked. */
  status?: number | null | 'unknown';
  /** An ISO 8601 timestamp; null for a seed whose creation the service did not send. */
  created?: string | null;
  metadataUnknown?: boolean;
}

const MISSING: Unknown = { reason: 'missing' };

export function makeSeed(spec: SeedSpec = {}): Seed {
  const id = spec.id ?? nextId++;
  const unknown: Record<string, Unknown> = {};
  const metadata: Record<string, MetadataEntry[]> = {};
  for (const [field, values] of Object.entries(spec.meta ?? {})) {
    metadata[field] = values.map((value, k) => ({ id: id * 100 + k, value }));
  }
  if (spec.metadataUnknown) unknown.metadata = MISSING;
  const groups = spec.groups ?? [];
  if (groups === 'unknown') unknown.seedGroups = MISSING;
  const yesNo = (key: string, value: boolean | 'unknown' | undefined, fallback: boolean) => {
    if (value !== 'unknown') return value ?? fallback;
    unknown[key] = MISSING;
    return null;
  };
  const active = yesNo('active', spec.active, true);
  const publiclyVisible = yesNo('publiclyVisible', spec.publiclyVisible, true);
  let seedType: string | null = 'normal';
  if (spec.seedType === null) {
    unknown.seedType = MISSING;
    seedType = null;
  } else if (spec.seedType !== undefined) {
    seedType = spec.seedType;
  }
  let status: number | null = null;
  if (spec.status === 'unknown') unknown.lastCheckedHttpResponseCode = MISSING;
  else status = spec.status ?? null;
  let created = parseInstant('2020-05-01T12:00:00Z');
  if (spec.created === null) {
    unknown.created = MISSING;
    created = null;
  } else if (spec.created !== undefined) {
    created = parseInstant(spec.created);
  }
  const seed: Seed = {
    id,
    collectionId: 1,
    url: `https://example.org/${id}/`,
    canonicalUrl: `https://example.org/${id}/`,
    crawlDefinitionId: 1,
    seedType,
    active,
    deleted: false,
    publiclyVisible,
    valid: null,
    httpResponseCode: null,
    lastCheckedHttpResponseCode: status,
    metadata,
    seedGroups:
      groups === 'unknown'
        ? []
        : groups.map((group) => ({ id: group, name: spec.groupNames?.[group] ?? null })),
    createdBy: 'someone',
    created,
    lastUpdatedBy: 'someone',
    lastUpdated: created,
  };
  return Object.keys(unknown).length > 0 ? { ...seed, unknown } : seed;
}
