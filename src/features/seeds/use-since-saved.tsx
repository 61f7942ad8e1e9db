/**
 * A seed list with what changed since the saved copy its last refresh replaced: the note beside
 * the count, and the `since=saved` filter (since-filter.ts) applied to the rows before every other
 * filter, so facets, the table and its export see only those seeds.
 */
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ListView } from '../../api/hooks';
import { seedListFilters, type SeedFilters } from '../../api/queries';
import type { Seed } from '../../api/records';
import { useSavedChanges } from '../../api/since-saved';
import type { Chip } from '../../components/filter-chips';
import { SinceSavedNote, formatCopyTime } from '../../components/since-saved-note';
import { sameInUrl } from '../../addresses/url-params';
import { useSame } from '../../lib/use-same';
import { NO_SINCE, sinceChips, sinceFilter, sinceParams, type SinceValues } from './since-filter';

export interface SinceSaved<Patch> {
  /** The list, with only the seeds the filter keeps when it is in force. */
  readonly list: ListView<Seed>;
  /** Whether the filter is in force. */
  readonly active: boolean;
  readonly chips: Chip<Patch>[];
  readonly problem: string | null;
  /** The note beside the count, or null when nothing is kept. */
  readonly note: ReactNode;
}

export function useSinceSaved(
  loaded: ListView<Seed>,
  values: SinceValues,
  filters: SeedFilters,
  collectionName: (id: number) => string | null | undefined,
): SinceSaved<Partial<SinceValues>> {
  const location = useLocation();
  const { changes, dismiss } = useSavedChanges('seed', seedListFilters(filters));
  const kept = useSame(values, (before, now) => sameInUrl(sinceParams, before, now));
  const filter = useMemo(() => sinceFilter(kept, changes), [kept, changes]);
  const { ids } = filter;
  const rows = useMemo(
    () => (ids === null ? loaded.rows : loaded.rows.filter((seed) => ids.has(seed.id))),
    [ids, loaded.rows],
  );
  const list = useMemo(() => (rows === loaded.rows ? loaded : { ...loaded, rows }), [loaded, rows]);
  const hrefOf = (kind: string) => {
    const search = new URLSearchParams(location.search);
    search.delete('seed');
    search.set('since', 'saved');
    search.set('change', kind);
    return `${location.pathname}?${search.toString()}`;
  };
  const copyAt = changes === null ? null : formatCopyTime(changes.copyAt);
  return {
    list,
    active: ids !== null,
    chips: sinceChips(kept, copyAt, NO_SINCE),
    problem: filter.problem,
    note: changes && (
      <SinceSavedNote
        changes={changes}
        hrefOf={hrefOf}
        collectionName={collectionName}
        onDismiss={dismiss}
      />
    ),
  };
}
