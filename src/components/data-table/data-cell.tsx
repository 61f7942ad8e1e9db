/**
 * A data cell's content: the text a value shows as without a renderer of its own, its alignment,
 * and the cell itself (or its reason when the value is unknown), shared by the grid's rows, its
 * headers and the printout.
 */
import type { ReactNode } from 'react';
import { unknownOf } from '../../api/records';
import { shortText } from '../../lib/format';
import { UnknownValue } from '../values';
import type { DataColumn } from './types';

const numberFormat = new Intl.NumberFormat();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The text a value shows as when the column has no `cell` renderer. */
export function defaultText<Row>(column: DataColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null) return '';
  if (column.kind === 'date') {
    const time = typeof value === 'number' ? value : Date.parse(value);
    return Number.isFinite(time) ? dateFormat.format(time) : String(value);
  }
  if (column.kind === 'number' && typeof value === 'number') {
    return Number.isNaN(value) ? '' : numberFormat.format(value);
  }
  return String(value);
}

export function columnAlign<Row>(column: DataColumn<Row>): 'start' | 'end' {
  return column.align ?? (column.kind === 'number' ? 'end' : 'start');
}

/** A cell's classes by alignment: made once, not for every cell of every scrolled frame. */
const CELL_CLASS = {
  start: 'data-table__cell data-table__cell--start',
  end: 'data-table__cell data-table__cell--end',
} as const;

/**
 * One cell, made by the row itself rather than as a component of its own: a scroll draws hundreds
 * of cells a second, and a component per cell was a good share of what that allocated.
 */
export function dataCell<Row>(column: DataColumn<Row>, row: Row): ReactNode {
  const className = CELL_CLASS[columnAlign(column)];
  const why = unknownOf(row, column.field);
  if (why) {
    return (
      <td key={column.id} role="gridcell" className={className}>
        <UnknownValue why={why} />
      </td>
    );
  }
  const text = column.cell && column.title ? null : defaultText(column, row);
  const title = column.title ? column.title(row) : text;
  const content = column.cell ? column.cell(row) : text;
  return (
    <td
      key={column.id}
      role="gridcell"
      className={className}
      title={title ? shortText(title, MOST_IN_CELL) : undefined}
    >
      {typeof content === 'string' ? shortText(content, MOST_IN_CELL) : content}
    </td>
  );
}

/**
 * The most characters a cell (and its hover) shows of its value: far more than fits, and a value
 * of a mebibyte is not laid out whole in one line of a table. Exports write the whole value.
 */
const MOST_IN_CELL = 2_000;
