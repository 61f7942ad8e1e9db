import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { listView, useCollections } from '../../api/hooks';
import { DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { FilterBar, SelectInput, TextBox, UrlProblems } from '../../components/filters';
import { ListEmpty, ListStatus, countLine } from '../../components/list-status';
import { paths } from '../../lib/paths';
import { quickFilter } from '../../lib/text-match';
import { useQuickFilter } from '../../lib/use-debounced';
import { sortParam, textParam, useUrlState } from '../../lib/url-state';
import { collectionFilterParams } from './filters';
import { COLLECTION_SORTS, collectionColumns, collectionSearchText } from './collection-columns';
import { PageTitle } from '../../components/page-title';

export const collectionsParams = {
  ...collectionFilterParams,
  q: textParam(),
  sort: sortParam(COLLECTION_SORTS),
};

const STATE_OPTIONS = [
  { value: '', label: 'Active and inactive' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
] as const;

export function CollectionsPage() {
  const url = useUrlState(collectionsParams);
  const { state, sort } = url.values;
  const quick = useQuickFilter(url.values.q, (value) => {
    url.set({ q: value }, { replace: true });
  });
  const q = quick.query;
  const list = listView(useCollections({ state }));
  const everything = listView(useCollections());
  const navigate = useNavigate();
  const rows = useMemo(() => quickFilter(list.rows, q, collectionSearchText), [list.rows, q]);
  const filtered = state !== undefined || q !== '';

  return (
    <section aria-labelledby="collections-title" className="page">
      <PageTitle>Collections</PageTitle>
      <header className="page-header">
        <h1 id="collections-title">Collections</h1>
        <p className="count-line" aria-live="polite">
          {countLine(
            list,
            'collection',
            filtered && everything.data
              ? { shown: rows.length, of: everything.total }
              : { shown: filtered ? rows.length : undefined },
          )}
        </p>
      </header>
      <UrlProblems problems={url.problems} />
      <FilterBar label="Filter collections">
        <SelectInput
          label="State"
          value={state ?? ''}
          options={STATE_OPTIONS}
          onChange={(value) => {
            url.set({ state: value === '' ? undefined : value });
          }}
        />
        <TextBox
          label="Name contains"
          value={quick.text}
          onChange={quick.setText}
          onEnter={quick.commitNow}
          placeholder="e.g. elections"
        />
      </FilterBar>
      <ListStatus view={list} noun="collection" resource="collection" />
      <DataTable
        tableId="collections"
        label="Collections"
        rows={rows}
        columns={collectionColumns}
        getRowId={(c) => String(c.id)}
        hiddenFields={list.absentFields}
        sort={sort}
        onSortChange={(next) => {
          url.set({ sort: next });
        }}
        onOpenRow={(c) => {
          void navigate(paths.collection(c.id));
        }}
        loading={list.loadingFirst}
        empty={
          <ListEmpty
            view={list}
            nouns="collections"
            filtered={filtered}
            noMatches={
              <EmptyState kind="no-matches" title="No collections match these filters.">
                Try another state or a shorter name.
              </EmptyState>
            }
            nothingYet="This catalogue has no collections yet."
          />
        }
      />
    </section>
  );
}
