/**
 * A column header: a button that cycles the sort (ascending, descending, off) with its state in
 * `aria-sort`, and a separator that resizes the column by mouse, touch or keyboard.
 */
import type { Header, RowData } from '@tanstack/react-table';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { DEFAULT_MIN_WIDTH, MAX_COLUMN_WIDTH } from './column-prefs';
import { columnAlign } from './data-cell';
import type { Features } from './table-features';
import type { DataColumn, SortState } from './types';

const RESIZE_STEP = 16;

export function isSortable<Row>(column: DataColumn<Row>): boolean {
  return column.sortable !== false;
}

/** The three-state cycle of a header: ascending → descending → no sort. */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (current?.id !== columnId) return { id: columnId, desc: false };
  return current.desc ? null : { id: columnId, desc: true };
}

const ARROWS: Record<'ascending' | 'descending' | 'none', ReactNode> = {
  ascending: <path d="M8 3l4.5 4.5-1.1 1.1L8.8 6v7.5H7.2V6L4.6 8.6 3.5 7.5z" fill="currentColor" />,
  descending: (
    <path d="M8 13l4.5-4.5-1.1-1.1L8.8 10V2.5H7.2V10L4.6 7.4 3.5 8.5z" fill="currentColor" />
  ),
  none: <path d="M8 2.5l3 3.5H5zM8 13.5l3-3.5H5z" fill="currentColor" />,
};

export function HeaderCell<Row extends RowData>({
  header,
  column,
  sort,
  pending,
  onSort,
  onIntent,
}: {
  header: Header<Features, Row>;
  column: DataColumn<Row>;
  /** The sort the rows are in, or are being put in (`pending`). */
  sort: SortState | null;
  /** The sort was asked for and is still being prepared. */
  pending: boolean;
  onSort: () => void;
  /** A pointer or the focus reached the sort button: a click may follow. */
  onIntent?: () => void;
}) {
  const sortable = isSortable(column);
  const direction =
    sort?.id === column.id ? (sort.desc ? 'descending' : 'ascending') : ('none' as const);
  const size = header.getSize();
  const min = column.minWidth ?? DEFAULT_MIN_WIDTH;
  const resizeHandler = header.getResizeHandler();
  const isResizing = header.column.getIsResizing();
  const labelId = useId();

  const resizeBy = (delta: number) => {
    const next = Math.min(MAX_COLUMN_WIDTH, Math.max(min, size + delta));
    header.getContext().table.setColumnSizing((old) => ({ ...old, [column.id]: next }));
  };

  const onResizeKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? RESIZE_STEP * 4 : RESIZE_STEP;
    if (event.key === 'ArrowLeft') resizeBy(-step);
    else if (event.key === 'ArrowRight') resizeBy(step);
    else if (event.key === 'Home') resizeBy(-MAX_COLUMN_WIDTH);
    else if (event.key === 'Enter') header.column.resetSize();
    else return;
    event.preventDefault();
  };

  return (
    <th
      scope="col"
      className={`data-table__header data-table__header--${columnAlign(column)}`}
      aria-sort={sortable ? direction : undefined}
      aria-labelledby={labelId}
    >
      {sortable ? (
        <button
          type="button"
          className={`data-table__sort data-table__sort--${direction}${pending ? ' data-table__sort--pending' : ''}`}
          onClick={onSort}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          title={column.header}
        >
          <span id={labelId} className="data-table__sort-label">
            {column.header}
          </span>
          <svg
            className="data-table__sort-icon"
            aria-hidden="true"
            viewBox="0 0 16 16"
            width="14"
            height="14"
          >
            {ARROWS[direction]}
          </svg>
        </button>
      ) : (
        <span id={labelId} className="data-table__header-label" title={column.header}>
          {column.header}
        </span>
      )}
      {/* A focusable separator is the ARIA widget for resizing (a "window splitter"). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${column.header}`}
        aria-valuenow={size}
        aria-valuemin={min}
        aria-valuemax={MAX_COLUMN_WIDTH}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className={`data-table__resizer${isResizing ? ' data-table__resizer--active' : ''}`}
        onMouseDown={resizeHandler}
        onTouchStart={resizeHandler}
        onDoubleClick={() => {
          header.column.resetSize();
        }}
        onKeyDown={onResizeKey}
      />
    </th>
  );
}
