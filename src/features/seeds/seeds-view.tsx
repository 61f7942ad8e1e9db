/**
 * Seeds in a sortable, virtualised table, filtered through the service (collection, metadata field
 * and value prefix) and by a quick filter over the loaded rows. Selecting a seed opens its details.
 * Used on its own at /seeds and inside a collection's page.
 */
import { useCallback, useId, useMemo } from 'react';
import { listView, useCollections, useSeeds } from '../../api/hooks';
import type { Seed } from '../../api/model';
import { DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import {
  FilterBar,
  SearchInput,
  SelectInput,
  TextBox,
  UrlProblems,
} from '../../components/filters';
import { collectionLabel } from '../../components/columns';
import { compareText } from '../../components/data-table';
import { ListEmpty, ListStatus, countLine, provisionalCount } from '../../components/list-status';
import { quickFilter } from '../../lib/text-match';
import { useQuickFilter } from '../../lib/use-debounced';
import { idParam, sortParam, textParam, useUrlState } from '../../lib/url-state';
import { fieldNames } from './field-names';
import { seedFilterParams, seedFilters } from './filters';
import { SEED_SORTS, seedColumns, seedSearchText } from './seed-columns';
import { SeedDetail } from './seed-detail';

export const seedsParams = {
  ...seedFilterParams,
  q: textParam(),
  sort: sortParam(SEED_SORTS),
  seed: idParam('seed'),
};

const rowId = (s: Seed) => String(s.id);

export function SeedsView({ fixedCollection }: { fixedCollection?: number }) {
  const url = useUrlState(seedsParams);
  const {
    metadata__name: name,
    metadata__value__startswith: prefix,
    sort,
    seed: selected,
  } = url.values;
  const quick = useQuickFilter(url.values.q, (value) => {
    url.set({ q: value }, { replace: true });
  });
  const q = quick.query;
  const collection = fixedCollection ?? url.values.collection;
  const list = listView(useSeeds(seedFilters(url.values, fixedCollection)));
  const collections = listView(useCollections());
  const names = useMemo(
    () => new Map(collections.rows.map((c) => [c.id, c.name] as const)),
    [collections.rows],
  );
  const collectionName = useCallback((id: number) => names.get(id), [names]);
  const columns = useMemo(() => {
    const all = seedColumns(collectionName);
    return fixedCollection === undefined ? all : all.filter((c) => c.id !== 'collection');
  }, [collectionName, fixedCollection]);
  const rows = useMemo(() => quickFilter(list.rows, q, seedSearchText), [list.rows, q]);
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
    url.set({ seed: undefined });
  };

  let count = countLine(list, 'seed', { shown: q === '' ? undefined : rows.length });
  if (serviceFiltered && provisionalCount(list, 'seed') === null)
    count += ' matching these filters';

  return (
    <div className="seeds-view">
      <p className="count-line" aria-live="polite">
        {count}
      </p>
      <UrlProblems problems={url.problems} />
      <FilterBar label="Filter seeds">
        {fixedCollection === undefined && (
          <SelectInput
            label="Collection"
            value={collection === undefined ? '' : String(collection)}
            options={collectionOptions}
            onChange={(value) => {
              url.set({ collection: value === '' ? undefined : Number(value), seed: undefined });
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
            url.set({ metadata__name: value.trim() }, { replace: true });
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
            url.set({ metadata__value__startswith: value }, { replace: true });
          }}
        />
        <TextBox
          label="Quick filter"
          value={quick.text}
          onChange={quick.setText}
          onEnter={quick.commitNow}
          placeholder="URL or title"
          hint="Over the loaded rows"
        />
      </FilterBar>
      <ListStatus view={list} noun="seed" resource="seed" />
      <div className={selectedSeed ? 'table-with-panel' : undefined}>
        <DataTable
          tableId={fixedCollection === undefined ? 'seeds' : 'collection-seeds'}
          label="Seeds"
          rows={rows}
          columns={columns}
          getRowId={rowId}
          hiddenFields={list.absentFields}
          sort={sort}
          onSortChange={(next) => {
            url.set({ sort: next });
          }}
          onOpenRow={(s) => {
            url.set({ seed: s.id });
          }}
          selectedRowId={selected === undefined ? null : String(selected)}
          loading={list.loadingFirst}
          empty={
            <ListEmpty
              view={list}
              nouns="seeds"
              filtered={serviceFiltered || q !== ''}
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
            />
          }
        />
        {selectedSeed && (
          <SeedDetail seed={selectedSeed} collectionName={collectionName} onClose={close} />
        )}
      </div>
      {selected !== undefined && !selectedSeed && list.data?.complete && (
        <div className="notice notice-info" role="status">
          <p>
            Seed {selected} is not in this list.{' '}
            <button type="button" className="link-button" onClick={close}>
              Clear the selection
            </button>
          </p>
        </div>
      )}
    </div>
  );
}
