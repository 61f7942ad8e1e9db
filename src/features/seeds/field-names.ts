/** The metadata field names the seeds page offers in its field picker. */
import type { Seed } from '../../api/records';
import { DUBLIN_CORE_FIELDS } from '../../contract/wire';

/**
 * What was found in a list already scanned, under the list's first seed: a list that loads page by
 * page grows by appending, so each new page needs only its own rows scanned. Held weakly, so a
 * list that is dropped from the cache takes its entry with it.
 */
const scans = new WeakMap<Seed, { length: number; last: Seed | undefined; names: Set<string> }>();

/** Field names for the picker: Dublin Core first, then every other name seen in the rows. */
export function fieldNames(rows: readonly Seed[]): string[] {
  const first = rows[0];
  const previous = first === undefined ? undefined : scans.get(first);
  const grew =
    previous !== undefined &&
    rows.length >= previous.length &&
    rows[previous.length - 1] === previous.last;
  const names = new Set(grew ? previous.names : undefined);
  for (let i = grew ? previous.length : 0; i < rows.length; i++) {
    for (const name in rows[i]?.metadata) names.add(name);
  }
  if (first !== undefined) scans.set(first, { length: rows.length, last: rows.at(-1), names });
  const core = new Set<string>(DUBLIN_CORE_FIELDS);
  const others = [...names].filter((name) => !core.has(name)).sort((a, b) => a.localeCompare(b));
  return [...DUBLIN_CORE_FIELDS, ...others];
}
