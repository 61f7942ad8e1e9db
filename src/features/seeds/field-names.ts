/** The metadata field names the seeds page offers in its field picker. */
import type { Seed } from '../../api/records';
import { DUBLIN_CORE_FIELDS } from '../../contract/wire';
import { addFieldNames, orderFieldNames } from '../../lib/metadata-audit';
import { resume } from '../../lib/resume';
import { AFTER_LOAD, type Job } from '../../scheduling';
import { useAfterRows } from '../../lib/use-after-rows';

/**
 * What was found in a list so far: a list that loads page by page grows by appending, so each new
 * page needs only its own rows scanned, and names put in order are put in order again only when
 * new ones came.
 */
interface Scan {
  length: number;
  readonly names: Set<string>;
  /** The names in order, once asked for (see usedFieldNames, fieldNames). */
  used?: string[] | undefined;
  offered?: string[] | undefined;
}

const SCAN = {
  key: 'field names',
  start: (): Scan => ({ length: 0, names: new Set() }),
};

/** Rows scanned between a job's yields. */
const SCAN_STEP = 8_192;

/**
 * The names seen in the rows, scanning only rows added since the list was last scanned, a step
 * at a time; a step reads how far the scan has come, so two runs over one list share it.
 */
function* scanJob(rows: readonly Seed[]): Job<Scan> {
  const scan = resume(rows, SCAN, (s) => s);
  while (scan.length < rows.length) {
    const before = scan.names.size;
    const end = Math.min(rows.length, scan.length + SCAN_STEP);
    addFieldNames(rows, scan.length, scan.names, end);
    scan.length = end;
    if (scan.names.size !== before) {
      scan.used = undefined;
      scan.offered = undefined;
    }
    if (end < rows.length) yield;
  }
  return scan;
}

export interface FieldNames {
  /** The metadata fields the rows use, Dublin Core first, then the others by name. */
  readonly used: string[];
  /** Field names for the picker: Dublin Core first, then every other name seen in the rows. */
  readonly offered: string[];
}

/** Before the rows' names are known: none used, Dublin Core offered. */
const NO_FIELD_NAMES: FieldNames = { used: [], offered: [...DUBLIN_CORE_FIELDS] };

/** The field names of the rows, as a job (see src/lib/use-after-rows.ts). */
export function* fieldNamesJob(rows: readonly Seed[]): Job<FieldNames> {
  const scan = yield* scanJob(rows);
  scan.used ??= orderFieldNames(scan.names);
  scan.offered ??= orderFieldNames(new Set([...DUBLIN_CORE_FIELDS, ...scan.names]));
  return { used: scan.used, offered: scan.offered };
}

/** The rows' field names: a long list's once its rows are on screen (src/lib/use-after-rows.ts). */
export function useFieldNames(rows: readonly Seed[]): FieldNames {
  return useAfterRows(rows, rows, fieldNamesJob, AFTER_LOAD.audit).value ?? NO_FIELD_NAMES;
}
