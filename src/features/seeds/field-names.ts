/** The metadata field names the seeds page offers in its field picker. */
import type { Seed } from '../../api/records';
import { DUBLIN_CORE_FIELDS } from '../../contract/wire';
import { addFieldNames, orderFieldNames } from '../../lib/metadata-audit';

/**
 * What was found in a list already scanned, under the list's first seed: a list that loads page by
 * page grows by appending, so each new page needs only its own rows scanned, and names put in
 * order are put in order again only when new ones came. Held weakly, so a list that is dropped
 * from the cache takes its entry with it.
 */
interface Scan {
  readonly length: number;
  readonly last: Seed | undefined;
  readonly names: Set<string>;
  /** The names in order, once asked for (see usedFieldNames, fieldNames). */
  used?: string[];
  offered?: string[];
}

const scans = new WeakMap<Seed, Scan>();

/** The names seen in the rows, scanning only rows added since the list was last scanned. */
function scanned(rows: readonly Seed[]): Scan {
  const first = rows[0];
  const previous = first === undefined ? undefined : scans.get(first);
  const grew =
    previous !== undefined &&
    rows.length >= previous.length &&
    rows[previous.length - 1] === previous.last;
  if (grew && rows.length === previous.length) return previous;
  // The set of a list's latest scan grows with it (an earlier, shorter list is scanned afresh).
  const names = grew ? previous.names : new Set<string>();
  const before = names.size;
  addFieldNames(rows, grew ? previous.length : 0, names);
  const scan: Scan = { length: rows.length, last: rows.at(-1), names };
  if (grew && names.size === before) {
    if (previous.used) scan.used = previous.used;
    if (previous.offered) scan.offered = previous.offered;
  }
  if (first !== undefined) scans.set(first, scan);
  return scan;
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
