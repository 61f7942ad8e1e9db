/**
 * `since=saved&change=added|changed|unknown`: the seeds that changed since the saved copy the last
 * refresh of this list replaced (src/api/since-saved.ts), a filter like the others: it combines
 * with every other one, has its chip, and the table (and so its export) shows only its seeds.
 * `since=saved` alone keeps every seed added or changed, or whose change cannot be told.
 *
 * A value that cannot be read, or a comparison that is no longer there (dismissed, or made in
 * another browser), matches no seed and says why, as the other filters do.
 */
import type { SavedChanges } from '../../api/since-saved';
import type { Chip } from '../../components/filter-chips';
import { oneChip } from '../../components/filter-chips';
import {
  listParam,
  quoted,
  strictParam,
  type Decoded,
  type Values,
} from '../../addresses/url-params';
import { isUnreadable, NO_MATCH, unreadable, type Unreadable } from './filter-values';

export const CHANGE_KINDS = ['added', 'changed', 'unknown'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

function decodeChange(text: string): Decoded<ChangeKind | Unreadable> {
  if ((CHANGE_KINDS as readonly string[]).includes(text)) return { value: text as ChangeKind };
  return unreadable(text, `${quoted(text)} is not a kind of change: change=added|changed|unknown.`);
}

export const sinceParams = {
  since: strictParam(
    (text) => (text === 'saved' ? 'saved' : undefined),
    (text) => `${quoted(text)} is not a copy to compare with: since=saved. ${NO_MATCH}`,
  ),
  change: listParam(decodeChange, (value) => (isUnreadable(value) ? value.unreadable : value)),
};

export type SinceValues = Values<typeof sinceParams>;

/** What removing the filter sets. */
export const NO_SINCE: Partial<SinceValues> = { since: undefined, change: [] };

export interface SinceFilter {
  /** The ids the filter keeps, or null when the address asks for none. */
  readonly ids: ReadonlySet<number> | null;
  /** Why it keeps none, beyond values the address decoder reports. */
  readonly problem: string | null;
}

const NOTHING: ReadonlySet<number> = new Set();

/** The seeds the address keeps, by id, from the changes kept for this list. */
export function sinceFilter(values: SinceValues, changes: SavedChanges | null): SinceFilter {
  const { since, change } = values;
  if (since === undefined && change.length === 0) return { ids: null, problem: null };
  if (since === undefined) {
    return { ids: NOTHING, problem: `change= goes with since=saved. ${NO_MATCH}` };
  }
  if (typeof since === 'object' || change.some(isUnreadable))
    return { ids: NOTHING, problem: null };
  if (changes === null) {
    return {
      ids: NOTHING,
      problem:
        'This list has no comparison with a saved copy (it was dismissed, or made in another browser), so no seeds match since=saved.',
    };
  }
  const kinds = change.length === 0 ? CHANGE_KINDS : (change as ChangeKind[]);
  const ids = new Set<number>();
  for (const kind of kinds) for (const id of changes[kind]) ids.add(id);
  return { ids, problem: null };
}

const WORDS: Record<ChangeKind, string> = {
  added: 'added',
  changed: 'changed',
  unknown: 'with a last update that cannot be read',
};

/** The filter's chip: "added or changed since your copy of 20 Nov 09:12". */
export function sinceChips<Patch>(
  values: SinceValues,
  copyAt: string | null,
  without: Patch,
): Chip<Patch>[] {
  const { since, change } = values;
  if (since === undefined && change.length === 0) return [];
  if (typeof since === 'object') return [oneChip(`since=${since.unreadable}`, without)];
  const kinds =
    change.length === 0
      ? ['added', 'changed']
      : change.map((c) => (isUnreadable(c) ? c.unreadable : WORDS[c]));
  const copy = copyAt === null ? 'your saved copy' : `your copy of ${copyAt}`;
  return [oneChip(`${kinds.join(' or ')} since ${copy}`, without)];
}
