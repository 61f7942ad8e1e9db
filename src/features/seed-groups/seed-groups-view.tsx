/**
 * Seed groups with their collection and, where the seeds are loaded, how many seeds each holds.
 * Used at /seed-groups (all groups) and inside a collection's page (that collection's groups).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { listView, useCollections, useSeedGroups } from '../../api/hooks';
import type { Seed, SeedGroup } from '../../api/model';
import { seedQueries } from '../../api/queries';
import {
  collectionColumn,
  idColumn,
  textColumn,
  type CollectionNames,
} from '../../components/columns';
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { FilterBar, TextBox, UrlProblems } from '../../components/filters';
import { ListStatus, LoadProgress, NotLoaded, countLine } from '../../components/list-status';
import { formatCount } from '../../lib/format';
import { quickFilter } from '../../lib/text-match';
import { useQuickFilter } from '../../lib/use-debounced';
import { sortParam, textParam, useUrlState } from '../../lib/url-state';

type Counts = ReadonlyMap<number, number>;

function countSeeds(seeds: readonly Seed[]): Counts {
  const counts = new Map<number, number>();
  for (const seed of seeds) {
    for (const group of seed.seedGroups) counts.set(group.id, (counts.get(group.id) ?? 0) + 1);
  }
  return counts;
}

function columns(
  collectionName: CollectionNames,
  counts: Counts | null,
  showCollection: boolean,
): DataColumn<SeedGroup>[] {
  const all: DataColumn<SeedGroup>[] = [
    textColumn('name', 'Name', 'name', { width: 280 }),
    idColumn(),
    collectionColumn('collectionIds', (g) => g.collectionIds, collectionName, 320),
    textColumn('visibility', 'Visibility', 'visibility', { width: 120 }),
    {
      id: 'seeds',
      header: 'Seeds',
      kind: 'number',
      width: 120,
      value: (g) => (counts ? (counts.get(g.id) ?? 0) : null),
      cell: (g) =>
        counts ? formatCount(counts.get(g.id) ?? 0) : <span className="muted">not counted</span>,
    },
    {
      id: 'account',
      header: 'Account',
      field: 'accountId',
      kind: 'number',
      width: 110,
      value: (g) => g.accountId,
      cell: (g) => (g.accountId === null ? null : String(g.accountId)),
      hiddenByDefault: true,
    },
  ];
  return showCollection ? all : all.filter((c) => c.id !== 'collection');
}

export const seedGroupsParams = {
  q: textParam(),
  sort: sortParam(['name', 'id', 'collection', 'visibility', 'seeds', 'account']),
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
    () => columns(collectionName, counts, fixedCollection === undefined),
    [collectionName, counts, fixedCollection],
  );
  const inScope = useMemo(
    () =>
      fixedCollection === undefined
        ? groups.rows
        : groups.rows.filter((g) => g.collectionIds.includes(fixedCollection)),
    [groups.rows, fixedCollection],
  );
  const rows = useMemo(
    () =>
      quickFilter(
        inScope,
        q,
        (g) => `${g.name ?? ''} ${g.collectionIds.map((id) => collectionName(id) ?? '').join(' ')}`,
      ),
    [inScope, q, collectionName],
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
          groups.error && groups.rows.length === 0 ? (
            <NotLoaded nouns="seed groups" />
          ) : q !== '' ? (
            <EmptyState kind="no-matches" title="No seed groups match this filter." />
          ) : (
            <EmptyState
              kind="nothing-yet"
              title={
                fixedCollection === undefined
                  ? 'This catalogue has no seed groups yet.'
                  : 'This collection has no seed groups.'
              }
            />
          )
        }
      />
    </div>
  );
}
