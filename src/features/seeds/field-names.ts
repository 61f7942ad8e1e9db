/** The metadata field names the seeds page offers in its field picker. */
import type { Seed } from '../../api/records';
import { DUBLIN_CORE_FIELDS } from '../../contract/wire';
import { addFieldNames, orderFieldNames } from '../../lib/metadata-audit';
import { resume } from '../../lib/resume';

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

/** The names seen in the rows, scanning only rows added since the list was last scanned. */
function scanned(rows: readonly Seed[]): Scan {
  return resume(rows, SCAN, (scan) => {
    if (scan.length === rows.length) return scan;
    const before = scan.names.size;
    addFieldNames(rows, scan.length, scan.names);
    scan.length = rows.length;
    if (scan.names.size !== before) {
      scan.used = undefined;
      scan.offered = undefined;
    }
    return scan;
  });
}

/** Field names for the picker: Dublin Core first, then every other name seen in the rows. */
export function fieldNames(rows: readonly Seed[]): string[] {
  const scan = scanned(rows);
  scan.offered ??= orderFieldNames(new Set([...DUBLIN_CORE_FIELDS, ...scan.names]));
  return scan.offered;
}

/** The metadata fields the rows use, Dublin Core first, then the others by name. */
export function usedFieldNames(rows: readonly Seed[]): string[] {
  const scan = scanned(rows);
  scan.used ??= orderFieldNames(scan.names);
  return scan.used;
}
