/**
 * The one wiring of a list page: its state in the address (the page's own filters, plus the quick
 * filter `q` and the `sort`, which only accepts the columns the page shows), the quick filter over
 * the loaded rows, and the layout every list shares: count line, messages about the address, the
 * filter bar, the list's status, and the table with its empty state (and a panel beside it).
 * Each page configures it with its parameters, columns and controls. It is a little over 300 lines
 * because it is that one wiring: split, every list page would have to join the parts again.
 */
import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ListView } from '../api/hooks';
import { RECORD_FIELDS } from '../api/records';
import type { Resource } from '../contract/wire';
import { prepareQuickFilter, quickFilter } from '../lib/text-match';
import { useQuickFilter } from '../lib/use-debounced';
import { startJob, type Job } from '../scheduling';
import { sortParam, textParam, type Params, type Sort, type Values } from '../addresses/url-params';
import { useUrlState, type UrlState } from '../lib/url-state';
import { DataTable, type DataColumn, type DataTableProps, type TableView } from './data-table';
import { ExportMenu, exportListState } from './export/export-menu';
import { FilterBar, QuickFilterBox, UrlProblems } from './filters';
import { CountLine, ListEmpty, ListStatus } from './list-status';
import { PrintButton } from './print/print-button';

/** The page's own parameters, with the quick filter and the sort every list has. */
function listParams<P extends Params>(
  own: P,
  sortable: readonly string[],
  alsoSortable?: (id: string) => boolean,
) {
  return { ...own, q: textParam(), sort: sortParam(sortable, alsoSortable) };
}
type ListParams<P extends Params> = ReturnType<typeof listParams<P>>;

export interface ListPageState<P extends Params> {
  url: UrlState<ListParams<P>>;
  values: Values<ListParams<P>>;
  sort: Sort | null;
  /** The quick filter: its query (following the box in a transition) and the box's link. */
  quick: ReturnType<typeof useQuickFilter>;
}

/**
 * A list page's state from the address. `columns` are the columns the page shows: a sort by any
 * other is reported as unreadable rather than silently ignored.
 */
export function useListPage<P extends Params, Row>(
  own: P,
  columns: readonly DataColumn<Row>[],
  /** Sort ids of columns that follow the rows and may not be there yet; keep it stable. */
  alsoSortable?: (id: string) => boolean,
): ListPageState<P> {
  const sortable = columns
    .filter((c) => c.sortable !== false)
    .map((c) => c.id)
    .join('\n');
  const params = useMemo(
    () => listParams(own, sortable.split('\n'), alsoSortable),
    [own, sortable, alsoSortable],
  );
  const url = useUrlState(params);
  // Every list has these two; TypeScript cannot see their types through the page's own params.
  const { q, sort } = url.values as unknown as { q: string; sort: Sort | null };
  const quick = useQuickFilter(q, (value) => {
    url.set({ q: value } as Partial<Values<ListParams<P>>>, { replace: true });
  });
  return { url, values: url.values, sort, quick };
}

const never = () => false;

/** Folds the rows' texts for the quick filter, a few hundred rows a step. */
function* prepareJob<Row extends object>(
  rows: readonly Row[],
  text: (row: Row) => string,
): Job<void> {
  while (prepareQuickFilter(rows, text, never) < rows.length) yield;
}

/**
 * The rows the quick filter leaves, recomputed only when the rows, query or text change. Each
 * row's text is prepared in the background once the browser is idle, so that the first key press
 * on a long list compares instead of preparing 100,000 texts.
 */
export function useQuickFiltered<Row extends object>(
  rows: readonly Row[],
  query: string,
  text: (row: Row) => string,
): readonly Row[] {
  useEffect(() => {
    return startJob(prepareJob(rows, text), {
      priority: 'background',
      onceSettled: { idleTimeoutMs: 1_000 },
    });
  }, [rows, text]);
  return useMemo(() => quickFilter(rows, query, text), [rows, query, text]);
}

type TableProps<Row> = Omit<
  DataTableProps<Row>,
  'sort' | 'onSortChange' | 'hiddenFields' | 'loading' | 'empty' | 'toolbar'
>;

/** The list itself: its rows' state, what they are, and how the page counts them. */
export interface ListPageList<Row> {
  view: ListView<Row>;
  resource: Resource;
  noun: string;
  nouns?: string;
  /** The count line (see `countLine`). */
  count: string;
  /** Said beside the count (what changed since a saved copy). */
  countNote?: ReactNode;
  /** The page's own filters in force, in words, for a printout ("in group “Fix”"). */
  inForce?: readonly string[];
  /** The rows are being worked out (filters applied in slices): placeholder rows, not "none". */
  busy?: boolean;
  /** The rows shown are being worked out afresh (filters over new rows): an export waits. */
  settling?: boolean;
}

/** The filter bar. */
export interface ListPageFilters {
  label: string;
  /** The page's own controls, before the quick filter. */
  controls?: ReactNode;
  /** The quick filter's placeholder and hint. */
  quick: { placeholder: string; hint?: string; label?: string };
  /** Controls after the quick filter (buttons that act on the list). */
  actions?: ReactNode;
}

/** What an empty table says. */
export interface ListPageEmpty {
  /** The page narrows the list: an empty table means no matches. */
  filtered: boolean;
  noMatches: ReactNode;
  nothingYet: string;
}

/** What the page shows around the table. */
export interface ListPagePanels {
  /** Messages between the list's status and the table. */
  notices?: ReactNode;
  /** A panel before the table (facets that narrow it). */
  beside?: ReactNode;
  /** A panel after the table (a record's details). */
  aside?: ReactNode;
  /** Below the table. */
  after?: ReactNode;
}

export function ListPage<Row extends object, P extends Params>({
  state,
  list: listProps,
  filters: filterBar,
  table,
  empty,
  panels = {},
  export: exportProps = {},
}: {
  state: ListPageState<P>;
  list: ListPageList<Row>;
  filters: ListPageFilters;
  table: TableProps<Row>;
  empty: ListPageEmpty;
  panels?: ListPagePanels;
  /**
   * A row's address, for the Export menu's list of addresses; the collection of a seed list, for
   * its metadata sheet for bulk upload (null: a list across collections).
   */
  export?: { urlOf?: (row: Row) => string | null; collection?: number | null };
}) {
  const {
    view: list,
    resource,
    noun,
    nouns = `${noun}s`,
    count,
    countNote,
    inForce = [],
    busy = false,
    settling = false,
  } = listProps;
  const { notices, beside, aside, after } = panels;
  const { url, quick, sort } = state;
  const gridId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const follow = useCallback(
    (to: string) => {
      void navigate(to);
    },
    [navigate],
  );
  const naming = useMemo(
    () => ({ what: nouns, pathname: location.pathname, search: location.search }),
    [nouns, location.pathname, location.search],
  );
  const exportState = exportListState(list, busy || settling);
  const columns = table.columns;
  const titleOf = useCallback(
    (field: string) => columns.find((c) => c.field === field)?.header,
    [columns],
  );
  const toolbar = (view: TableView<Row>) => (
    <>
      <span className="print-action">
        <PrintButton
          prepare={() =>
            import('./print/print-table').then((m) =>
              m.printedTable(view, { inForce, query: quick.query, count, noun, nouns }),
            )
          }
        />
      </span>
      <ExportMenu
        source={{
          resource,
          rows: view.rows,
          columns: view.columns,
          sort: view.sort,
          metadata: 'metadata' in RECORD_FIELDS[resource],
          ...exportProps,
        }}
        list={exportState}
        noun={noun}
        nouns={nouns}
        naming={naming}
      />
    </>
  );
  return (
    <>
      <a
        className="skip-link"
        href={`#${gridId}`}
        onClick={(event) => {
          // To the row that holds the table's tab stop, so the arrow keys work at once.
          event.preventDefault();
          const grid = document.getElementById(gridId);
          (grid?.querySelector<HTMLElement>('tr[tabindex="0"]') ?? grid)?.focus();
        }}
      >
        Skip to the table
      </a>
      <CountLine view={list} note={countNote}>
        {count}
      </CountLine>
      <UrlProblems problems={url.problems} />
      <FilterBar label={filterBar.label}>
        {filterBar.controls}
        <QuickFilterBox
          label={filterBar.quick.label ?? 'Quick filter'}
          link={quick.box}
          placeholder={filterBar.quick.placeholder}
          {...(filterBar.quick.hint ? { hint: filterBar.quick.hint } : {})}
        />
        {filterBar.actions}
      </FilterBar>
      <ListStatus
        view={list}
        noun={noun}
        nouns={nouns}
        resource={resource}
        titleOf={titleOf}
        age={false}
      />
      {notices}
      <div
        className={`list-layout${beside ? ' list-layout--beside' : ''}${aside ? ' list-layout--aside' : ''}`}
      >
        {beside}
        <DataTable
          {...table}
          id={gridId}
          sort={sort}
          onSortChange={(next) => {
            url.set({ sort: next } as Partial<Values<ListParams<P>>>);
          }}
          hiddenFields={list.absentFields}
          toolbar={toolbar}
          onFollowLink={follow}
          loading={list.loadingFirst || busy}
          growing={list.loadingMore}
          empty={
            <ListEmpty
              view={list}
              nouns={nouns}
              filtered={empty.filtered || quick.query !== ''}
              noMatches={empty.noMatches}
              nothingYet={empty.nothingYet}
            />
          }
        />
        {aside}
      </div>
      {after}
    </>
  );
}
