import type { ReactNode } from 'react';
import type { Cell } from '../../lib/export-writers';
import type { SortRanking } from './ranking';

/** How a column's values compare: text with the locale's collation, numbers, or dates. */
export type SortKind = 'text' | 'number' | 'date';

/** The one column a table is sorted by; the id is the column's id (`?sort=-name` ↔ name, desc). */
export interface SortState {
  readonly id: string;
  readonly desc: boolean;
}

/**
 * What sorting compares. Text columns give strings; number columns numbers; date columns epoch
 * milliseconds (an ISO 8601 string is parsed too). `null`, `NaN` and empty text count as no value
 * and sort last in both directions.
 */
export type SortValue = string | number | null;

/**
 * One column of a data table. Keep the array of columns stable (module scope or `useMemo`): the
 * table keeps the sort keys it computed for a column for as long as the rows and the column's
 * `value` function stay the same.
 */
export interface DataColumn<Row> {
  /** Unique within the table; also the sort id in the URL and the key of remembered choices. */
  readonly id: string;
  /** Visible header text, also the column's accessible name. */
  readonly header: string;
  /**
   * The record field the column shows, when it shows one. Where the record's `unknown` names it,
   * the cell shows the value as unknown (with the reason on hover) and it sorts after every known
   * value, in both directions.
   */
  readonly field?: string;
  /** The value sorting compares (and the default text of the cell). */
  readonly value: (row: Row) => SortValue;
  readonly kind: SortKind;
  /** How the cell renders; default: the value as text (numbers and dates in the user's locale). */
  readonly cell?: (row: Row) => ReactNode;
  /** The full text for the cell's tooltip; default: the default text of the value. */
  readonly title?: (row: Row) => string | null;
  /** Initial width in pixels (default by kind: text 200, number 120, date 170). */
  readonly width?: number;
  /** Narrowest width resizing allows (default 64). */
  readonly minWidth?: number;
  /** Default: `end` for numbers, `start` otherwise. */
  readonly align?: 'start' | 'end';
  /** Hidden until the user shows it with the column chooser. */
  readonly hiddenByDefault?: boolean;
  /** Where the column chooser lists it: under this heading, after the ungrouped columns. */
  readonly group?: string;
  /** Default true. */
  readonly sortable?: boolean;
  /**
   * The value an export writes, where `value` (what sorting compares) is not it: a date's ISO text
   * rather than its milliseconds, a yes/no as a boolean. Default: `value`. Where the record's
   * `unknown` names `field`, the export leaves the cell empty whatever this says.
   */
  readonly exportValue?: (row: Row) => Cell;
  /** The metadata field the column shows: an export of every metadata field does not repeat it. */
  readonly metadataField?: string;
}

/** What a table shows, for what acts on it (an export): its rows, in the order on screen. */
export interface TableView<Row> {
  /** The rows, as the page filtered them; not yet in the sort's order (see `sort`). */
  readonly rows: readonly Row[];
  /** The visible columns, in their order on screen. */
  readonly columns: readonly DataColumn<Row>[];
  /**
   * The sort the table shows (or is working out), or null for the rows' own order (as on screen
   * too until the sorting code has loaded); with the table's ranking, so that what orders the rows
   * as on screen need not rank them again.
   */
  readonly sort: {
    readonly column: DataColumn<Row>;
    readonly desc: boolean;
    readonly ranking: SortRanking<Row>;
  } | null;
}

export interface DataTableProps<Row> {
  /** Key under which the user's column choices (visibility, widths) are remembered. */
  readonly tableId: string;
  /** The grid element's id, for a link that skips to it. */
  readonly id?: string;
  /** Accessible name of the table. */
  readonly label: string;
  /** The rows to show, already filtered by the page. Keep the array stable between renders. */
  readonly rows: readonly Row[];
  readonly columns: readonly DataColumn<Row>[];
  /**
   * Record fields that no row has (the service does not send them): their columns start hidden,
   * and the user can still show them.
   */
  readonly hiddenFields?: ReadonlySet<string>;
  readonly getRowId: (row: Row) => string;
  /** The current sort (controlled: the page keeps it, e.g. in the URL), or null for row order. */
  readonly sort: SortState | null;
  /** Called with the next sort when a header is activated: ascending → descending → none. */
  readonly onSortChange: (sort: SortState | null) => void;
  /** Called for Enter on the active row, or a click on a row. */
  readonly onOpenRow?: (row: Row) => void;
  /**
   * The row to highlight as selected (e.g. the one whose details are open). Pass null rather than
   * leaving it out when the page has a selection but nothing is selected: rows then carry
   * `aria-selected`.
   */
  readonly selectedRowId?: string | null;
  /** While true and there are no rows yet, placeholder rows show. */
  readonly loading?: boolean;
  /** More rows are on their way (the list is loading): background work on these waits. */
  readonly growing?: boolean;
  /** Shown inside the table when there are no rows and it is not loading. */
  readonly empty?: ReactNode;
  /** Controls before the Columns button that act on what the table shows (an Export menu). */
  readonly toolbar?: (view: TableView<Row>) => ReactNode;
  /** Follows a link in a cell (a `CellLink`) inside the app, e.g. the router's `navigate`. */
  readonly onFollowLink?: (to: string) => void;
}
