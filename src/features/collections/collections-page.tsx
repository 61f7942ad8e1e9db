import { useNavigate } from 'react-router';
import { listView, useCollections } from '../../api/hooks';
import { EmptyState } from '../../components/empty-state';
import { SelectInput } from '../../components/filters';
import { ListPage, useListPage, useQuickFiltered } from '../../components/list-page';
import { countLine } from '../../components/list-status';
import { Page } from '../../components/page';
import { paths } from '../../lib/paths';
import { collectionColumns, collectionSearchText } from './collection-columns';
import { collectionFilterParams } from './filters';

const STATE_OPTIONS = [
  { value: '', label: 'Active and inactive' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
] as const;

export function CollectionsPage() {
  const page = useListPage(collectionFilterParams, collectionColumns);
  const { state } = page.values;
  const list = listView(useCollections({ state }));
  const everything = listView(useCollections());
  const navigate = useNavigate();
  const rows = useQuickFiltered(list.rows, page.quick.query, collectionSearchText);
  const filtered = state !== undefined || page.quick.query !== '';

  return (
    <Page title="Collections">
      <ListPage
        state={page}
        list={list}
        resource="collection"
        noun="collection"
        count={countLine(
          list,
          'collection',
          filtered && everything.data
            ? { shown: rows.length, of: everything.total }
            : { shown: filtered ? rows.length : undefined },
        )}
        filterLabel="Filter collections"
        filters={
          <SelectInput
            label="State"
            value={state ?? ''}
            options={STATE_OPTIONS}
            onChange={(value) => {
              page.url.set({ state: value === '' ? undefined : value });
            }}
          />
        }
        quickFilter={{ label: 'Name contains', placeholder: 'e.g. elections' }}
        table={{
          tableId: 'collections',
          label: 'Collections',
          rows,
          columns: collectionColumns,
          getRowId: (c) => String(c.id),
          onOpenRow: (c) => {
            void navigate(paths.collection(c.id));
          },
        }}
        filtered={filtered}
        noMatches={
          <EmptyState kind="no-matches" title="No collections match these filters.">
            Try another state or a shorter name.
          </EmptyState>
        }
        nothingYet="This catalogue has no collections yet."
      />
    </Page>
  );
}
