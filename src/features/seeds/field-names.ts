/** The metadata field names the seeds page offers in its field picker. */
import type { Seed } from '../../api/records';
import { DUBLIN_CORE_FIELDS } from '../../contract/wire';
import { addFieldNames, orderFieldNames } from '../../lib/metadata-audit';

/**
 * What was found in a list already scanned, under the list's first seed: a list that loads page by
 * page grows by appending, so each new page needs only its own rows scanned. Held weakly, so a
 * list that is dropped from the cache takes its entry with it.
 */
const scans = new WeakMap<Seed, { length: number; last: Seed | undefined; names: Set<string> }>();

/** The names seen in the rows, scanning only rows added since the list was last scanned. */
function seenNames(rows: readonly Seed[]): ReadonlySet<string> {
  const first = rows[0];
  const previous = first === undefined ? undefined : scans.get(first);
  const grew =
    previous !== undefined &&
    rows.length >= previous.length &&
    rows[previous.length - 1] === previous.last;
  const names = new Set(grew ? previous.names : undefined);
  addFieldNames(rows, grew ? previous.length : 0, names);
  if (first !== undefined) scans.set(first, { length: rows.length, last: rows.at(-1), names });
  return names;
}

/** Field names for the picker: Dublin Core first, then every other name seen in the rows. */
export function fieldNames(rows: readonly Seed[]): string[] {
  return orderFieldNames(new Set([...DUBLIN_CORE_FIELDS, ...seenNames(rows)]));
}

/** The metadata fields the rows use, Dublin Core first, then the others by name. */
export function usedFieldNames(rows: readonly Seed[]): string[] {
  return orderFieldNames(seenNames(rows));
}
