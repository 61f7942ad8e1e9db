/**
 * The scrolling body of the data table: the `role="grid"`, virtualisation with recycled row
 * elements, keyboard navigation, and focus that stays on its row while rows scroll out of view.
 * It is the table's longest file because its focus, keyboard and virtualisation rules are one
 * state machine: split apart, each part would need the others' state to be read.
 */
import {
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { followedCellLink } from './cell-link';
import { columnAlign, dataCell } from './data-cell';
import { useRowWindow, type WindowItem } from './row-window';
import type { DataColumn } from './types';

/** Fixed heights (px), also given to the stylesheet as --data-table-row-height and … */
export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 40;
const OVERSCAN = 3;
/** The scroll area's height before it is measured (jsdom never measures it). */
const INITIAL_HEIGHT = 600;
const SKELETON_ROWS = 8;

export interface DataGridProps<Row> {
  readonly id?: string | undefined;
  readonly label: string;
  /** The page's records, in display order. */
  readonly rows: readonly Row[];
  readonly getRowId: (row: Row) => string;
  /** Visible columns in display order. */
  readonly columns: readonly DataColumn<Row>[];
  /** The `<thead>`; pass the same element while nothing in it changes. */
  readonly head: ReactNode;
  readonly onOpenRow?: (row: Row) => void;
  readonly selectedRowId?: string | null;
  readonly loading: boolean;
  /** Work is under way (loading, or a sort being prepared): `aria-busy`. */
  readonly busy: boolean;
  readonly empty: ReactNode;
  /** Told of every scroll, so background work keeps out of the way. */
  readonly onScroll?: () => void;
  /** Follows a cell's link inside the app (see CellLink); without it, cell links load pages. */
  readonly onFollowLink?: (to: string) => void;
}

/** The pinned item when it is not next to the others (the active row scrolled out of view). */
function detachedItem(items: readonly WindowItem[], pinnedIndex: number): WindowItem | null {
  if (pinnedIndex < 0 || items.length < 2) return null;
  const first = items[0];
  const second = items[1];
  if (first?.index === pinnedIndex && second && second.index !== pinnedIndex + 1) return first;
  const last = items[items.length - 1];
  const beforeLast = items[items.length - 2];
  if (last?.index === pinnedIndex && beforeLast && beforeLast.index !== pinnedIndex - 1) {
    return last;
  }
  return null;
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End']);

const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [role="button"]';

/**
 * The scrolling part of the table: the `<table role="grid">`, its body rows, virtualisation and
 * keyboard navigation. It is the lowest component holding the row window, so scrolling renders
 * only this and the rows that come into view.
 */
function DataGridImpl<Row>({
  id,
  label,
  rows,
  getRowId,
  columns,
  head,
  onOpenRow,
  selectedRowId,
  loading,
  busy,
  empty,
  onScroll,
  onFollowLink,
}: DataGridProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const focusPending = useRef(false);
  // Where the user has scrolled the columns to: focusing a row never scrolls them.
  const scrollLeft = useRef(0);
  // Whether focus is on a row: row elements are recycled, so after a render it may need moving.
  const focusInRows = useRef(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  const activeIndex = useMemo(
    () => (activeId === null ? -1 : rows.findIndex((r) => getRowId(r) === activeId)),
    [rows, getRowId, activeId],
  );
  const selectedIndex = useMemo(
    () => (selectedRowId == null ? -1 : rows.findIndex((r) => getRowId(r) === selectedRowId)),
    [rows, getRowId, selectedRowId],
  );
  // The row that holds the tab stop stays rendered, so focus is never lost to virtualisation.
  const pinnedIndex = activeIndex >= 0 ? activeIndex : selectedIndex;

  const rowWindow = useRowWindow(scrollRef, {
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    // The body starts below the sticky header, which also covers the top of the view.
    offset: HEADER_HEIGHT,
    initialHeight: INITIAL_HEIGHT,
    pinned: pinnedIndex,
  });
  const { items } = rowWindow;
  const tabStopIndex = pinnedIndex >= 0 ? pinnedIndex : rowWindow.first;

  // A recycled element may now show another row, or the focused one may have been replaced (it
  // left the window, or came back into it): focus follows the active row, not the element.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body || !focusInRows.current || focusPending.current || activeId === null) return;
    const focused = document.activeElement;
    const onRow = focused instanceof HTMLElement && body.contains(focused) ? focused : null;
    if (onRow && onRow.closest('tr')?.dataset.rowId === activeId) return;
    if (onRow && onRow.tagName !== 'TR') return; // a control inside a cell keeps its focus
    if (!onRow && focused !== document.body && focused !== null) return;
    const target = [...body.querySelectorAll<HTMLElement>('tr[data-row-id]')].find(
      (tr) => tr.dataset.rowId === activeId,
    );
    target?.focus({ preventScroll: true });
  });

  useLayoutEffect(() => {
    if (!focusPending.current || activeIndex < 0) return;
    focusPending.current = false;
    bodyRef.current
      ?.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]`)
      ?.focus({ preventScroll: true });
  }, [activeIndex]);

  const rowElement = (target: EventTarget): HTMLTableRowElement | null => {
    if (!(target instanceof Element)) return null;
    const tr = target.closest<HTMLTableRowElement>('tr[data-index]');
    return tr && bodyRef.current?.contains(tr) ? tr : null;
  };

  const moveTo = (index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    rowWindow.scrollToIndex(index);
    focusPending.current = true;
    setActiveId(getRowId(row));
    if (index === activeIndex) {
      // Same row: no render will follow, so focus it now.
      focusPending.current = false;
      bodyRef.current
        ?.querySelector<HTMLElement>(`tr[data-index="${index}"]`)
        ?.focus({ preventScroll: true });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.altKey || event.metaKey) return;
    const tr = rowElement(event.target);
    if (!tr) {
      // Focus on the grid itself (put there by the page): navigation keys enter the rows.
      if (event.target === event.currentTarget && NAVIGATION_KEYS.has(event.key) && hasRows) {
        event.preventDefault();
        const last = rows.length - 1;
        moveTo(event.key === 'End' ? last : event.key === 'Home' ? 0 : tabStopIndex);
      }
      return;
    }
    const current = Number(tr.dataset.index);
    const viewport = rowWindow.height;
    const page = Math.max(1, Math.floor((viewport - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
        next = current + 1;
        break;
      case 'ArrowUp':
        next = current - 1;
        break;
      case 'PageDown':
        next = current + page;
        break;
      case 'PageUp':
        next = current - page;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = rows.length - 1;
        break;
      case 'Enter': {
        // Enter on a link or button inside a cell belongs to that control.
        if (event.target !== tr) return;
        const row = rows[current];
        if (row !== undefined && onOpenRow) {
          event.preventDefault();
          onOpenRow(row);
        }
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    moveTo(Math.max(0, Math.min(rows.length - 1, next)));
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const tr = rowElement(event.target);
    // A focused row never takes the first column out of view. Entering the rows from the keyboard
    // (Tab past the headers' far end, a skip link) shows them from their first column; otherwise
    // the columns stay where the user left them, which the browser's own scrolling of a row
    // wider than the view to its far end would not.
    const scroller = scrollRef.current;
    if (tr && scroller) {
      const next = event.relatedTarget;
      const fromRows = next instanceof Node && bodyRef.current?.contains(next) === true;
      const left = !fromRows && tr.matches(':focus-visible') ? 0 : scrollLeft.current;
      if (scroller.scrollLeft !== left) scroller.scrollLeft = left;
    }
    if (tr?.dataset.rowId !== undefined) {
      focusInRows.current = true;
      setActiveId(tr.dataset.rowId);
    }
  };

  const onBlur = (event: FocusEvent<HTMLTableElement>) => {
    // Focus leaving for something else; an element removed by a render does not count.
    const next = event.relatedTarget;
    const stays = next instanceof Node && bodyRef.current?.contains(next);
    if (!stays && (event.target as Node).isConnected) focusInRows.current = false;
  };

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const to = onFollowLink ? followedCellLink(event) : null;
    if (to !== null) {
      event.preventDefault();
      onFollowLink?.(to);
      return;
    }
    const tr = rowElement(event.target);
    if (!tr || !onOpenRow) return;
    const control = event.target instanceof Element ? event.target.closest(INTERACTIVE) : null;
    if (control && tr.contains(control)) return;
    const row = rows[Number(tr.dataset.index)];
    if (row !== undefined) onOpenRow(row);
  };

  const selectable = selectedRowId !== undefined;
  const hasRows = rows.length > 0;
  const showSkeleton = loading && !hasRows;
  // Rows in view are laid out in normal flow inside the body, which one transform moves to the
  // first of them: no row has an inline style of its own, which keeps style recalculation cheap
  // (unique per-row styles defeat the browser's style cache). Only the pinned active row, when it
  // is scrolled far away, is placed on its own.
  const detached = detachedItem(items, pinnedIndex);
  const firstInFlow = items.find((item) => item !== detached);
  const blockStart = (firstInFlow?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;
  let body: ReactNode;
  if (hasRows) {
    // Row elements are recycled: each position in the window keeps its element, so a scroll
    // changes the contents of the rows that leave for the rows that arrive instead of creating
    // and destroying elements (far less garbage, so no collection pauses mid-scroll). Keys do not
    // depend on focus or selection, so a click never replaces the row it lands on.
    const slots = Math.max(1, items.length - (detached ? 1 : 0));
    body = items.map((item) => {
      const row = rows[item.index];
      if (row === undefined) return null;
      const id = getRowId(row);
      return (
        <DataRow
          key={item === detached ? `detached-${id}` : `slot-${String(item.index % slots)}`}
          id={id}
          row={row}
          index={item.index}
          offset={item === detached ? item.start - HEADER_HEIGHT - blockStart : null}
          columns={columns}
          active={item.index === activeIndex}
          selectable={selectable}
          selected={item.index === selectedIndex}
          tabStop={item.index === tabStopIndex}
          clickable={onOpenRow !== undefined}
        />
      );
    });
  } else if (showSkeleton) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <tr key={i} className="data-table__row data-table__row--skeleton" aria-hidden="true">
        {columns.map((column) => (
          <td
            key={column.id}
            className={`data-table__cell data-table__cell--${columnAlign(column)}`}
          >
            <span className="data-table__skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else {
    body = (
      <tr className="data-table__row data-table__row--empty">
        <td role="gridcell" className="data-table__empty" colSpan={Math.max(1, columns.length)}>
          {empty}
        </td>
      </tr>
    );
  }

  return (
    <div
      ref={scrollRef}
      className="data-table__scroll"
      onScroll={(event) => {
        scrollLeft.current = event.currentTarget.scrollLeft;
        onScroll?.();
      }}
    >
      <table
        id={id}
        role="grid"
        aria-label={label}
        aria-rowcount={hasRows ? rows.length + 1 : undefined}
        aria-colcount={columns.length}
        aria-busy={busy}
        aria-readonly="true"
        // Not a tab stop (the rows have one), but the page may focus the grid.
        tabIndex={-1}
        className="data-table__table"
        style={hasRows ? { height: `${HEADER_HEIGHT + rowWindow.totalSize}px` } : undefined}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        onClick={onClick}
      >
        {head}
        <tbody
          ref={bodyRef}
          className="data-table__body"
          style={hasRows ? { transform: `translateY(${blockStart}px)` } : undefined}
        >
          {body}
        </tbody>
      </table>
    </div>
  );
}

export const DataGrid = memo(DataGridImpl) as typeof DataGridImpl;

interface DataRowProps<Row> {
  readonly id: string;
  readonly row: Row;
  readonly index: number;
  /** Position (px) relative to the body block for a row outside the flow, else null. */
  readonly offset: number | null;
  readonly columns: readonly DataColumn<Row>[];
  readonly active: boolean;
  /** Whether the table shows a selection at all (then every row has `aria-selected`). */
  readonly selectable: boolean;
  readonly selected: boolean;
  readonly tabStop: boolean;
  readonly clickable: boolean;
}

function DataRowImpl<Row>({
  id,
  row,
  index,
  offset,
  columns,
  active,
  selectable,
  selected,
  tabStop,
  clickable,
}: DataRowProps<Row>) {
  let className = 'data-table__row data-table__row--data';
  if (index % 2 === 1) className += ' data-table__row--alt';
  if (active) className += ' data-table__row--active';
  if (selected) className += ' data-table__row--selected';
  if (clickable) className += ' data-table__row--clickable';
  if (offset !== null) className += ' data-table__row--detached';
  return (
    <tr
      className={className}
      data-index={index}
      data-row-id={id}
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      tabIndex={tabStop ? 0 : -1}
      style={offset === null ? undefined : { transform: `translateY(${offset}px)` }}
    >
      {columns.map((column) => dataCell(column, row))}
    </tr>
  );
}

const DataRow = memo(DataRowImpl) as typeof DataRowImpl;
