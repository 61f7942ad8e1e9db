/**
 * A list's printout from what its table shows: the filters in force (the page's own, the quick
 * filter, the sort), the count, and the rows in the order on screen, each visible column's text as
 * the table shows it. Loaded when Print is pressed on a list.
 */
import { unknownOf } from '../../api/records';
import type { TableView } from '../data-table';
import { columnAlign, defaultText } from '../data-table/data-cell';
import { initialWidth } from '../data-table/data-table';
import type { PrintDocument } from './print-view';

export function printedTable<Row extends object>(
  { rows, columns, sort }: TableView<Row>,
  what: { inForce: readonly string[]; query: string; count: string; noun: string; nouns: string },
): PrintDocument {
  const order = sort ? sort.ranking.order(rows, sort.column, sort.desc) : null;
  return {
    inForce: [...what.inForce, ...(what.query === '' ? [] : [`quick filter “${what.query}”`])],
    ...(sort
      ? { sort: `Sorted by ${sort.column.header}, ${sort.desc ? 'descending' : 'ascending'}` }
      : {}),
    count: what.count,
    table: {
      headers: columns.map((column) => column.header),
      widths: columns.map(initialWidth),
      ends: columns.map((column) => columnAlign(column) === 'end'),
      total: rows.length,
      row: (i) => {
        const row = rows[order ? (order[i] ?? i) : i] as Row;
        return columns.map((column) =>
          unknownOf(row, column.field) ? 'unknown' : defaultText(column, row),
        );
      },
      noun: what.noun,
      nouns: what.nouns,
    },
  };
}
