/**
 * The table pages use (see README.md). It is over 300 lines because what it shows is one state:
 * the columns (TanStack Table), the sort asked for and the one shown (with the sorting code's
 * load and the ranks' readiness), and what the status and the toolbar say of them.
 */
import {
  createColumnHelper,
  functionalUpdate,
  useTable,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { ColumnChooser, type ColumnChoice } from './column-chooser';
import {
  DEFAULT_MIN_WIDTH,
  EMPTY_PREFS,
  MAX_COLUMN_WIDTH,
  loadColumnPrefs,
  saveColumnPrefs,
  visibilityState,
  type ColumnPrefs,
} from './column-prefs';
import { DataGrid, HEADER_HEIGHT, ROW_HEIGHT } from './data-grid';
import { HeaderCell, isSortable, nextSort } from './header-cell';
import { PREPARE_FROM_ROWS, useSortingCode } from './sorting-code';
import { deferBackgroundWork } from '../../scheduling';
import { sameItems, useSame } from '../../lib/use-same';
import { features, type Features } from './table-features';
import type { DataColumn, DataTableProps, SortKind, SortState, TableView } from './types';
import './data-table.css';

const NO_DATA: never[] = [];

const DEFAULT_WIDTH: Record<SortKind, number> = { text: 200, number: 120, date: 170 };

/** A column's width before the user resizes it, in pixels. */
export const initialWidth = (column: Pick<DataColumn<never>, 'width' | 'kind'>): number =>
  column.width ?? DEFAULT_WIDTH[column.kind];

/** The most a header click spends ranking a column before it lets the page paint. */
const SORT_BUDGET_MS = 30;

function sameSort(a: SortState | null, b: SortState | null): boolean {
  return a === b || (a !== null && b !== null && a.id === b.id && a.desc === b.desc);
}

function cssVariables(variables: Record<`--${string}`, string>): CSSProperties {
  return variables;
}

/**
 * A sortable, virtualised table for list pages. Sorting is controlled (`sort`/`onSortChange`);
 * column visibility and widths are the user's, remembered per `tableId`.
 */
export function DataTable<Row extends RowData>({
  tableId,
  id,
  label,
  rows,
  columns: declared,
  hiddenFields,
  getRowId,
  sort,
  onSortChange,
  onOpenRow,
  selectedRowId,
  loading = false,
  growing = false,
  empty = 'No rows to show.',
  toolbar,
  onFollowLink,
}: DataTableProps<Row>) {
  const columns = useColumnsWithout(declared, hiddenFields);
  // Column choices: loaded once per table id, saved when the user changes them.
  const [stored, setStored] = useState(() => ({
    tableId,
    prefs: loadColumnPrefs(tableId, columns),
  }));
  let prefs = stored.prefs;
  if (stored.tableId !== tableId) {
    prefs = loadColumnPrefs(tableId, columns);
    setStored({ tableId, prefs });
  }
  const unsaved = useRef(false);
  const updatePrefs = (update: (prefs: ColumnPrefs) => ColumnPrefs) => {
    unsaved.current = true;
    setStored((s) => ({ tableId: s.tableId, prefs: update(s.prefs) }));
  };

  const columnDefs = useMemo(() => {
    const helper = createColumnHelper<Features, Row>();
    return columns.map((column) =>
      helper.accessor((row: Row): unknown => column.value(row), {
        id: column.id,
        header: column.header,
        size: initialWidth(column),
        minSize: column.minWidth ?? DEFAULT_MIN_WIDTH,
        maxSize: MAX_COLUMN_WIDTH,
      }),
    );
  }, [columns]);

  const columnsById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  // The rows show the requested sort once its ranks are ready. Ranking takes a few milliseconds
  // for a column prepared in the background, but up to a few hundred for 100,000 distinct texts.
  // New rows are sorted before they show (there is no order to keep meanwhile); a header click on
  // rows already shown spends at most SORT_BUDGET_MS at once, and the rest runs in short tasks
  // while the rows keep their order and the table is marked busy. Before any of it, the sorting
  // code loads (sorting-code.ts): meanwhile the rows show in their own order, marked busy too.
  const requested = sort ? columnsById.get(sort.id) : undefined;
  const rankable = requested && isSortable(requested) ? requested : undefined;
  const sorting = useSortingCode(
    rankable !== undefined || (!growing && rows.length >= PREPARE_FROM_ROWS),
  );
  // Each table has its own scheduler, and with it its own ranking.
  const scheduler = useMemo(
    () => (sorting.code ? new sorting.code.SortScheduler<Row>() : null),
    [sorting.code],
  );
  const ranking = scheduler?.ranking ?? null;
  const [shown, setShown] = useState<{ rows: readonly Row[]; sort: SortState | null } | null>(null);
  const newRows = shown?.rows !== rows;
  const ready =
    !rankable ||
    (ranking?.ready(rows, rankable, newRows ? Number.POSITIVE_INFINITY : SORT_BUDGET_MS) ?? false);
  if (ready && (newRows || !sameSort(shown.sort, sort))) setShown({ rows, sort });
  const [, setRanked] = useState(0);
  useEffect(() => {
    if (ready || !scheduler) return;
    return scheduler.finishRanks(rows, rankable, () => {
      setRanked((n) => n + 1);
    });
  }, [scheduler, ready, rows, rankable]);
  // Not ready with a ranking implies these rows are shown already, sorted by `shown.sort`; without
  // one (the code still loading, or failed to) they show in their own order.
  const effective = ready ? sort : ranking && shown ? shown.sort : null;
  // While the code loads, the sort is on its way; once it has failed, it is not.
  const pending = !ready && sorting.failure === null;
  const columnVisibility = useMemo(() => visibilityState(prefs, columns), [prefs, columns]);

  const sortId = effective?.id;
  const sortDesc = effective?.desc ?? false;
  const ordered = useMemo(() => {
    const column = sortId === undefined ? undefined : columnsById.get(sortId);
    if (!ranking || !column || !isSortable(column)) return rows;
    const order = ranking.order(rows, column, sortDesc);
    const out = new Array<Row>(order.length);
    for (let k = 0; k < order.length; k++) out[k] = rows[order[k] ?? 0] as Row;
    return out;
  }, [ranking, rows, columnsById, sortId, sortDesc]);

  const table = useTable<Features, Row>({
    features,
    columns: columnDefs,
    data: NO_DATA,
    state: { columnVisibility, columnSizing: prefs.widths },
    columnResizeMode: 'onChange',
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      const next = functionalUpdate(updater, columnVisibility);
      if (!columns.some((c) => next[c.id] !== false)) return;
      updatePrefs((p) => ({ ...p, visibility: next }));
    },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) => {
      updatePrefs((p) => ({ ...p, widths: functionalUpdate(updater, p.widths) }));
    },
  });

  const resizing = table.state.columnResizing.isResizingColumn !== false;
  useEffect(() => {
    // Widths are saved once a drag ends, not on every step of it.
    if (unsaved.current && !resizing) {
      unsaved.current = false;
      saveColumnPrefs(stored.tableId, stored.prefs);
    }
  }, [stored, resizing]);

  // Rank every sortable column in idle time, so the first click on a header is quick too.
  // Only the columns on show: a hidden one (a metadata field, say) is ranked when it is sorted.
  // Not while more rows are on their way: those ranks would be for rows about to be replaced, and
  // the work would take the browser's time from the rest of the list.
  // The same columns kept: a hidden column remade (its figures arriving) does not start it again.
  const sortSources = useSame(
    useMemo(
      () => columns.filter((c) => isSortable(c) && columnVisibility[c.id] !== false),
      [columns, columnVisibility],
    ),
    sameItems,
  );
  useEffect(
    () => (growing || !scheduler ? undefined : scheduler.prepareSortKeys(rows, sortSources)),
    [scheduler, rows, sortSources, growing],
  );

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const visibleColumns = useMemo(
    () => columns.filter((c) => columnVisibility[c.id] !== false),
    [columns, columnVisibility],
  );

  const totalWidth = headers.reduce((sum, h) => sum + h.getSize(), 0);

  // The requested sort, even while its ranks are worked out: an export orders by it. Without the
  // sorting code, the rows' own order, as on screen.
  const view = useMemo<TableView<Row>>(
    () => ({
      rows,
      columns: visibleColumns,
      sort: rankable && sort && ranking ? { column: rankable, desc: sort.desc, ranking } : null,
    }),
    [rows, visibleColumns, rankable, sort, ranking],
  );

  const head = (
    <thead className="data-table__head">
      <tr className="data-table__row data-table__row--head" aria-rowindex={1}>
        {headers.map((header) => {
          const column = columnsById.get(header.column.id);
          return column ? (
            <HeaderCell
              key={header.id}
              header={header}
              column={column}
              sort={pending ? sort : effective}
              pending={pending && sort?.id === column.id}
              onSort={() => {
                sorting.request();
                onSortChange(nextSort(sort, column.id));
              }}
              onIntent={sorting.request}
            />
          ) : null;
        })}
      </tr>
    </thead>
  );

  const choices: ColumnChoice[] = columns.map((c) => ({
    id: c.id,
    header: c.header,
    visible: columnVisibility[c.id] !== false,
    group: c.group,
  }));

  const sortedColumn = sort ? columnsById.get(sort.id) : undefined;
  const direction = sort?.desc ? 'descending' : 'ascending';
  let status = '';
  if (loading && rows.length === 0) status = `Loading ${label}…`;
  // A failed load says so in its own alert, below.
  else if (sortedColumn && !ready) status = pending ? `Sorting by ${sortedColumn.header}…` : '';
  else if (sortedColumn) status = `Sorted by ${sortedColumn.header}, ${direction}.`;

  return (
    <div
      className={`data-table${resizing ? ' data-table--resizing' : ''}${pending ? ' data-table--sorting' : ''}`}
      style={cssVariables({
        ...Object.fromEntries(
          headers.map((h, i) => [`--data-table-w${String(i + 1)}`, `${String(h.getSize())}px`]),
        ),
        '--data-table-width': `${totalWidth}px`,
        '--data-table-row-height': `${ROW_HEIGHT}px`,
        '--data-table-header-height': `${HEADER_HEIGHT}px`,
      })}
    >
      <div className="data-table__toolbar">
        {toolbar?.(view)}
        <ColumnChooser
          tableLabel={label}
          columns={choices}
          onToggle={(id, visible) => {
            table.getColumn(id)?.toggleVisibility(visible);
          }}
          onReset={() => {
            updatePrefs(() => EMPTY_PREFS);
          }}
        />
      </div>
      {sorting.failure && sortedColumn && !ready && (
        <p className="notice notice-error data-table__notice" role="alert">
          {sorting.failure}{' '}
          <button type="button" className="link-button" onClick={sorting.request}>
            Try again
          </button>
        </p>
      )}
      <DataGrid
        id={id}
        label={label}
        rows={ordered}
        getRowId={getRowId}
        columns={visibleColumns}
        head={head}
        onOpenRow={onOpenRow}
        selectedRowId={selectedRowId}
        loading={loading}
        busy={loading || pending}
        onScroll={deferBackgroundWork}
        onFollowLink={onFollowLink}
        empty={empty}
      />
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}

/**
 * The columns, with those of fields no row has hidden by default. Their identity changes only
 * when the set of such fields does, so the table's column state stays put while a list loads.
 */
function useColumnsWithout<Row>(
  columns: readonly DataColumn<Row>[],
  hiddenFields: ReadonlySet<string> | undefined,
): readonly DataColumn<Row>[] {
  const affected = columns
    .filter((c) => c.field !== undefined && hiddenFields?.has(c.field) && !c.hiddenByDefault)
    .map((c) => c.id)
    .join('\n');
  return useMemo(() => {
    if (affected === '') return columns;
    const ids = new Set(affected.split('\n'));
    return columns.map((c) => (ids.has(c.id) ? { ...c, hiddenByDefault: true } : c));
  }, [columns, affected]);
}
