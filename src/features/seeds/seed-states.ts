/**
 * What the facet index (facet-index.ts) reads of each seed as small integers: its yes/no fields
 * and status class, with a state for unknown that is never read as no, and how many metadata
 * fields it names (the work it is to index).
 */
import { unknownOf, type Seed } from '../../api/records';
import type { MetadataView } from '../../api/row-view';
import { STATUS_CLASSES, statusClassOf } from '../../lib/seed-status';

/** A yes/no field: 0 no, 1 yes, 2 unknown (the service did not say), never read as no. */
export const NO = 0;
export const YES = 1;
export const UNKNOWN_STATE = 2;

/** Status classes are their index in STATUS_CLASSES; this one is for an unknown status. */
export const UNKNOWN_STATUS = STATUS_CLASSES.length;

export function yesNo(seed: Seed, field: 'active' | 'publiclyVisible'): number {
  const value = seed[field];
  if (typeof value !== 'boolean' || unknownOf(seed, field)) return UNKNOWN_STATE;
  return value ? YES : NO;
}

export function statusClass(seed: Seed): number {
  const status = statusClassOf(seed);
  return status === null ? UNKNOWN_STATUS : STATUS_CLASSES.indexOf(status);
}

/** Metadata fields that make a row worth a slice of its own (rows have a handful). */
export const HEAVY_ROW = 1_000;

/** The work of indexing a row: one, and one more per metadata field it names. */
export function fieldsOf(metadata: MetadataView): number {
  return metadata.fieldCount + 1;
}
