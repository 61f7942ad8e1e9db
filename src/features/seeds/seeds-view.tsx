/**
 * Seeds in a sortable, virtualised table, filtered through the service (collection, metadata field
 * and value prefix) and by a quick filter over the loaded rows. Selecting a seed opens its details.
 * Used on its own at /seeds and inside a collection's page.
 */
import { useId, useMemo } from 'react';
import { listView, useCollectionNames, useCollections, useSeeds } from '../../api/hooks';
import type { Seed } from '../../api/records';
import { collectionLabel } from '../../components/columns';
import { compareText } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { SearchInput, SelectInput } from '../../components/filters';
import { ListPage, useListPage, useQuickFiltered } from '../../components/list-page';
import { countLine, provisionalCount } from '../../components/list-status';
import { idParam } from '../../lib/url-state';
import { fieldNames } from './field-names';
import { seedFilterParams, seedFilters } from './filters';
import { seedColumns, seedSearchText } from './seed-columns';
import { SeedDetail } from './seed-detail';

const seedsParams = { ...seedFilterParams, seed: idParam('seed') };

const rowId = (s: Seed) => String(s.id);

export function SeedsView({ fixedCollection }: { fixedCollection?: number }) {
  const collectionName = useCollectionNames();
  // A collection's own page has no collection column (every seed is in it): no sorting by it.
  const columns = useMemo(() => {
    const all = seedColumns(collectionName);
    return fixedCollection === undefined ? all : all.filter((c) => c.id !== 'collection');
  }, [collectionName, fixedCollection]);
  const page = useListPage(seedsParams, columns);
  const { metadata__name: name, metadata__value__startswith: prefix, seed: selected } = page.values;
  const collection = fixedCollection ?? page.values.collection;
  const list = listView(useSeeds(seedFilters(page.values, fixedCollection)));
  const collections = listView(useCollections());
  const rows = useQuickFiltered(list.rows, page.quick.query, seedSearchText);
  const fields = useMemo(() => fieldNames(list.rows), [list.rows]);
  const fieldListId = useId();
  const collectionOptions = useMemo(
    () => [
      { value: '', label: 'All collections' },
      ...collections.rows
        .map((c) => ({ value: String(c.id), label: collectionLabel(c.id, c.name) }))
        .sort((a, b) => compareText(a.label, b.label)),
    ],
    [collections.rows],
  );

  const serviceFiltered =
    name !== '' || prefix !== '' || (fixedCollection === undefined && collection !== undefined);
  const selectedSeed =
    selected === undefined ? undefined : list.rows.find((s) => s.id === selected);
  const close = () => {
    page.url.set({ seed: undefined });
  };

  let count = countLine(list, 'seed', {
    shown: page.quick.query === '' ? undefined : rows.length,
  });
  if (serviceFiltered && provisionalCount(list, 'seed') === null) {
    count += ' matching these filters';
  }

  return (
    <div className="seeds-view">
      <ListPage
        state={page}
        list={list}
        resource="seed"
        noun="seed"
        count={count}
        filterLabel="Filter seeds"
        filters={
          <>
            {fixedCollection === undefined && (
              <SelectInput
                label="Collection"
                value={collection === undefined ? '' : String(collection)}
                options={collectionOptions}
                onChange={(value) => {
                  page.url.set({
                    collection: value === '' ? undefined : Number(value),
                    seed: undefined,
                  });
                }}
              />
            )}
            <SearchInput
              label="Metadata field"
              value={name}
              list={fieldListId}
              placeholder="Any field"
              hint="A name from the list, or any other"
              onCommit={(value) => {
                page.url.set({ metadata__name: value.trim() }, { replace: true });
              }}
            />
            <datalist id={fieldListId}>
              {fields.map((field) => (
                <option key={field} value={field} />
              ))}
            </datalist>
            <SearchInput
              label="Value starts with"
              value={prefix}
              placeholder="e.g. Elections"
              hint="Case-sensitive, as the service matches it"
              onCommit={(value) => {
                page.url.set({ metadata__value__startswith: value }, { replace: true });
              }}
            />
          </>
        }
        quickFilter={{ placeholder: 'URL or title', hint: 'Over the loaded rows' }}
        table={{
          tableId: fixedCollection === undefined ? 'seeds' : 'collection-seeds',
          label: 'Seeds',
          rows,
          columns,
          getRowId: rowId,
          onOpenRow: (s) => {
            page.url.set({ seed: s.id });
          },
          selectedRowId: selected === undefined ? null : String(selected),
        }}
        filtered={serviceFiltered}
        noMatches={
          <EmptyState kind="no-matches" title="No seeds match these filters.">
            Field names and prefixes are matched exactly, including capitals.
          </EmptyState>
        }
        nothingYet={
          fixedCollection === undefined
            ? 'This catalogue has no seeds yet.'
            : 'This collection has no seeds yet.'
        }
        aside={
          selectedSeed && (
            <SeedDetail seed={selectedSeed} collectionName={collectionName} onClose={close} />
          )
        }
        after={
          selected !== undefined &&
          !selectedSeed &&
          list.data?.complete && (
            <div className="notice notice-info" role="status">
              <p>
                Seed {selected} is not in this list.{' '}
                <button type="button" className="link-button" onClick={close}>
                  Clear the selection
                </button>
              </p>
            </div>
          )
        }
      />
    </div>
  );
}
