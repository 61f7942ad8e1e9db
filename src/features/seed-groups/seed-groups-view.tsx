/**
 * Seed groups with their collection and, where the seeds are loaded, how many seeds each holds.
 * Used at /seed-groups (all groups) and inside a collection's page (that collection's groups).
 */
import { useCallback, useMemo } from 'react';
import { listView, useCollectionNames, useSeedGroups } from '../../api/hooks';
import type { Seed } from '../../api/records';
import { useEverySeed } from '../../components/every-seed';
import { EmptyState } from '../../components/empty-state';
import { ListPage, useListPage, useQuickFiltered } from '../../components/list-page';
import { countLine } from '../../components/count-words';
import { LoadProgress } from '../../components/list-status';
import { formatCount } from '../../lib/format';
import { paths } from '../../lib/paths';
import { countSeeds, seedGroupColumns, seedGroupSearchText } from './seed-group-columns';

/** Seed groups have no filters of their own beyond the quick filter and the sort. */
const NO_PARAMS = {};

/** Below this many seeds in the catalogue, every group's seeds are counted without being asked. */
const COUNT_UNASKED_BELOW = 100_000;

export function SeedGroupsView({
  fixedCollection,
  seeds,
}: {
  fixedCollection?: number;
  /** The collection's seeds, when the caller has them: the counts come from these. */
  seeds?: { rows: readonly Seed[]; complete: boolean };
}) {
  const groups = listView(useSeedGroups());
  // Across all collections, counting means loading every seed: at once for a catalogue of fewer
  // than 100,000 seeds, or one whose seeds the saved catalogue holds; otherwise on request (or
  // from the cache, when another page has loaded them).
  const everySeed = useEverySeed(fixedCollection === undefined, COUNT_UNASKED_BELOW);
  const { catalogue, view: allSeeds } = everySeed;
  const countedRows = seeds ? seeds.rows : allSeeds.data ? allSeeds.rows : undefined;
  const countsComplete = seeds ? seeds.complete : allSeeds.data?.complete === true;
  const counts = useMemo(() => (countedRows ? countSeeds(countedRows) : null), [countedRows]);
  const collectionName = useCollectionNames();
  // A group's seeds: across the catalogue on /seeds, or on this collection's Seeds tab.
  const seedsOf = useCallback(
    (group: number) => paths.seedList(fixedCollection, { seed_group: group }),
    [fixedCollection],
  );
  const columns = useMemo(
    () => seedGroupColumns(collectionName, counts, fixedCollection === undefined, seedsOf),
    [collectionName, counts, fixedCollection, seedsOf],
  );
  const page = useListPage(NO_PARAMS, columns);
  const inScope = useMemo(
    () =>
      fixedCollection === undefined
        ? groups.rows
        : groups.rows.filter((g) => g.collectionIds.includes(fixedCollection)),
    [groups.rows, fixedCollection],
  );
  // A new function when the collection names change, so the quick filter reads them afresh.
  const searchText = useMemo(() => seedGroupSearchText(collectionName), [collectionName]);
  const rows = useQuickFiltered(inScope, page.quick.query, searchText);

  return (
    <div className="seed-groups-view">
      <ListPage
        state={page}
        list={{
          view: groups,
          resource: 'seed_group',
          noun: 'seed group',
          count: countLine(groups, 'seed group', {
            of: inScope.length,
            shown: page.quick.query === '' ? undefined : rows.length,
          }),
        }}
        filters={{
          label: 'Filter seed groups',
          quick: { placeholder: 'Group or collection' },
          actions: fixedCollection === undefined &&
            !allSeeds.data &&
            !allSeeds.loadingFirst &&
            !everySeed.deciding && (
              <div className="field field-action">
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    everySeed.load();
                  }}
                >
                  Count the seeds in each group
                </button>
                <span className="field-hint">
                  {catalogue === null
                    ? 'Loads every seed in the catalogue'
                    : `Loads all ${formatCount(catalogue)} seeds in the catalogue`}
                </span>
              </div>
            ),
        }}
        table={{
          tableId: fixedCollection === undefined ? 'seed-groups' : 'collection-seed-groups',
          label: 'Seed groups',
          rows,
          columns,
          getRowId: (g) => String(g.id),
        }}
        empty={{
          filtered: false,
          noMatches: <EmptyState kind="no-matches" title="No seed groups match this filter." />,
          nothingYet:
            fixedCollection === undefined
              ? 'This catalogue has no seed groups yet.'
              : 'This collection has no seed groups.',
        }}
        panels={{
          notices: (
            <>
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
            </>
          ),
        }}
      />
    </div>
  );
}
