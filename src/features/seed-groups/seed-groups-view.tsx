/**
 * Seed groups with their collection and, where the seeds are loaded, how many seeds each holds.
 * Used at /seed-groups (all groups) and inside a collection's page (that collection's groups).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { listView, useCollections, useSeedGroups } from '../../api/hooks';
import type { Seed } from '../../api/model';
import { seedQueries } from '../../api/queries';
import { DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { FilterBar, TextBox, UrlProblems } from '../../components/filters';
import { ListEmpty, ListStatus, LoadProgress, countLine } from '../../components/list-status';
import { quickFilter } from '../../lib/text-match';
import { useQuickFilter } from '../../lib/use-debounced';
import { sortParam, textParam, useUrlState } from '../../lib/url-state';
import {
  SEED_GROUP_SORTS,
  countSeeds,
  seedGroupColumns,
  seedGroupSearchText,
} from './seed-group-columns';

export const seedGroupsParams = {
  q: textParam(),
  sort: sortParam(SEED_GROUP_SORTS),
};

export function SeedGroupsView({
  fixedCollection,
  seeds,
}: {
  fixedCollection?: number;
  /** The collection's seeds, when the caller has them: the counts come from these. */
  seeds?: { rows: readonly Seed[]; complete: boolean };
}) {
  const url = useUrlState(seedGroupsParams);
  const { sort } = url.values;
  const quick = useQuickFilter(url.values.q, (value) => {
    url.set({ q: value }, { replace: true });
  });
  const q = quick.query;
  const groups = listView(useSeedGroups());
  const collections = listView(useCollections());
  // Across all collections, counting means loading every seed: only on request, or from cache.
  const everySeed = useQuery({ ...seedQueries.list({}), enabled: false });
  const allSeeds = listView(everySeed);
  const countedRows = seeds ? seeds.rows : allSeeds.data ? allSeeds.rows : undefined;
  const countsComplete = seeds ? seeds.complete : allSeeds.data?.complete === true;
  const counts = useMemo(() => (countedRows ? countSeeds(countedRows) : null), [countedRows]);
  const names = useMemo(
    () => new Map(collections.rows.map((c) => [c.id, c.name] as const)),
    [collections.rows],
  );
  const collectionName = useCallback((id: number) => names.get(id), [names]);
  const cols = useMemo(
    () => seedGroupColumns(collectionName, counts, fixedCollection === undefined),
    [collectionName, counts, fixedCollection],
  );
  const inScope = useMemo(
    () =>
      fixedCollection === undefined
        ? groups.rows
        : groups.rows.filter((g) => g.collectionIds.includes(fixedCollection)),
    [groups.rows, fixedCollection],
  );
  // A new function when the collection names change, so the quick filter reads them afresh.
  const searchText = useMemo(() => seedGroupSearchText(collectionName), [collectionName]);
  const rows = useMemo(
    () => quickFilter(inScope, q, searchText),
    [inScope, q, searchText],
  );

  return (
    <div className="seed-groups-view">
      <p className="count-line" aria-live="polite">
        {countLine(groups, 'seed group', {
          of: inScope.length,
          shown: q === '' ? undefined : rows.length,
        })}
      </p>
      <UrlProblems problems={url.problems} />
      <FilterBar label="Filter seed groups">
        <TextBox
          label="Quick filter"
          value={quick.text}
          onChange={quick.setText}
          onEnter={quick.commitNow}
          placeholder="Group or collection"
        />
        {fixedCollection === undefined && !allSeeds.data && (
          <div className="field field-action">
            <button
              type="button"
              className="button"
              onClick={() => {
                void everySeed.refetch();
              }}
            >
              Count the seeds in each group
            </button>
            <span className="field-hint">Loads every seed in the catalogue</span>
          </div>
        )}
      </FilterBar>
      {allSeeds.loadingMore && (
        <LoadProgress
          loaded={allSeeds.loaded}
          total={allSeeds.total}
          totalCertain={allSeeds.totalCertain}
          noun="seed"
        />
      )}
      {countedRows && !countsComplete && (
        <p className="notice notice-info" role="status">
          Seed counts cover the seeds loaded so far.
        </p>
      )}
      <ListStatus view={groups} noun="seed group" resource="seed_group" />
      <DataTable
        tableId={fixedCollection === undefined ? 'seed-groups' : 'collection-seed-groups'}
        label="Seed groups"
        rows={rows}
        columns={cols}
        getRowId={(g) => String(g.id)}
        hiddenFields={groups.absentFields}
        sort={sort}
        onSortChange={(next) => {
          url.set({ sort: next });
        }}
        loading={groups.loadingFirst}
        empty={
          <ListEmpty
            view={groups}
            nouns="seed groups"
            filtered={q !== ''}
            noMatches={<EmptyState kind="no-matches" title="No seed groups match this filter." />}
            nothingYet={
              fixedCollection === undefined
                ? 'This catalogue has no seed groups yet.'
                : 'This collection has no seed groups.'
            }
          />
        }
      />
    </div>
  );
}
