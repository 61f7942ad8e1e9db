/**
 * The spreadsheet exports, loaded only when one is made: a table's view as a sheet (.xlsx or
 * .ods) with typed cells and each metadata field's values in columns of their own, and the
 * metadata sheet for the service's bulk upload (.ods): the seeds' URLs as the service holds them,
 * then a column per field and value. Both read the rows in the order on screen (`rowAt`).
 */
import { unknownOf } from '../../api/records';
import { DUBLIN_CORE_FIELDS } from '../../contract/wire';
import type { Cell, OnRows } from '../../lib/export-writers';
import { odsJob } from '../../lib/export-ods';
import { xlsxJob } from '../../lib/export-xlsx';
import {
  addFieldNames,
  fieldValues,
  orderFieldNames,
  type WithMetadata,
} from '../../lib/metadata-audit';
import type { SheetTable, SheetValue } from '../../lib/sheet-cells';
import type { Job } from '../../scheduling';
import type { ExportColumn } from './run-export';

export type SheetFormat = 'xlsx' | 'ods';

/** Rows read between yields while counting values. */
const COUNT_SLICE = 2_000;

/** The most values of a metadata field any of the rows has (at least one column). */
function* mostValues<Row>(
  count: number,
  rowAt: (index: number) => Row,
  valuesOf: (row: Row) => number,
): Job<number> {
  let most = 1;
  for (let i = 0; i < count; i++) {
    most = Math.max(most, valuesOf(rowAt(i)));
    if (i % COUNT_SLICE === COUNT_SLICE - 1) yield;
  }
  return most;
}

/** A group of a sheet's columns: one table column, or a metadata field's repeated columns. */
interface ColumnGroup<Row> {
  readonly headers: readonly string[];
  readonly write: (row: Row, into: SheetValue[]) => void;
}

/**
 * The most columns one field takes (a sheet holds 16,384 in all): a record with more values has
 * the rest in the field's last column, joined with " | " as the CSV joins them, none lost.
 */
export const MOST_VALUE_COLUMNS = 1_000;

function repeated<Row>(header: string, most: number, valuesOf: (row: Row) => readonly string[]) {
  const times = Math.min(most, MOST_VALUE_COLUMNS);
  return {
    headers: Array.from({ length: times }, () => header),
    write: (row: Row, into: SheetValue[]) => {
      const values = valuesOf(row);
      for (let k = 0; k < times - 1; k++) into.push(values[k] ?? null);
      const rest = values.slice(times - 1);
      into.push(rest.length === 0 ? null : rest.join(' | '));
    },
  };
}

function tableOf<Row>(
  name: string,
  groups: readonly ColumnGroup<Row>[],
  count: number,
  rowAt: (index: number) => Row,
): SheetTable {
  return {
    name,
    header: groups.flatMap((g) => g.headers),
    count,
    rowAt: (i) => {
      const row = rowAt(i);
      const cells: SheetValue[] = [];
      for (const group of groups) group.write(row, cells);
      return cells;
    },
  };
}

function writeSheet(format: SheetFormat, table: SheetTable, onRows?: OnRows) {
  return format === 'xlsx' ? xlsxJob(table, onRows) : odsJob(table, onRows);
}

/**
 * A table's view as a sheet: its columns (a metadata field's as many as the most values a row
 * has, the header repeated), dates as dates, numbers and yes/no typed, everything else text.
 */
export function* tableSheetJob<Row>(
  format: SheetFormat,
  view: {
    readonly name: string;
    readonly columns: readonly ExportColumn<Row>[];
    readonly count: number;
    readonly rowAt: (index: number) => Row;
    /** The CSV's cell of a column: the sheet writes the same value, typed. */
    readonly cellOf: (column: ExportColumn<Row>, row: Row) => Cell;
  },
  onRows?: OnRows,
): Job<{ parts: Uint8Array[]; cut: number }> {
  const { columns, count, rowAt, cellOf } = view;
  const groups: ColumnGroup<Row>[] = [];
  for (const column of columns) {
    const field = column.metadataField;
    if (field !== undefined) {
      const valuesOf = (row: Row) =>
        unknownOf(row, 'metadata') ? [] : fieldValues(row as WithMetadata, field);
      const most = yield* mostValues(count, rowAt, (row) => valuesOf(row).length);
      groups.push(repeated(column.header, most, valuesOf));
    } else if (column.kind === 'date') {
      groups.push({
        headers: [column.header],
        write: (row, into) => {
          const ms = unknownOf(row, column.field) ? null : column.value(row);
          into.push(typeof ms === 'number' && Number.isFinite(ms) ? { date: ms } : null);
        },
      });
    } else {
      groups.push({
        headers: [column.header],
        write: (row, into) => {
          into.push(cellOf(column, row));
        },
      });
    }
  }
  return yield* writeSheet(format, tableOf(view.name, groups, count, rowAt), onRows);
}

/** Dublin Core names as the service's upload expects them (`Subject`), whatever their case here. */
const DUBLIN_CORE = new Map<string, string>(DUBLIN_CORE_FIELDS.map((f) => [f.toLowerCase(), f]));

export function uploadFieldName(name: string): string {
  return DUBLIN_CORE.get(name.trim().toLowerCase()) ?? name;
}

/** Which fields the bulk-upload sheet has: every field with its values, or chosen ones, empty. */
export type BulkFields =
  { readonly kind: 'all' } | { readonly kind: 'chosen'; readonly fields: readonly string[] };

/**
 * The metadata sheet for the service's Bulk Seed Metadata upload: `URL` (the seed's URL exactly
 * as the service holds it), then one column per field, repeated for as many values as the seed
 * with the most has. Chosen fields have one empty column each, to fill in.
 */
export function* bulkSheetJob<Row>(
  fields: BulkFields,
  view: {
    readonly count: number;
    readonly rowAt: (index: number) => Row;
    readonly urlOf: (row: Row) => string | null;
  },
  onRows?: OnRows,
): Job<{ parts: Uint8Array[]; cut: number }> {
  const { count, rowAt, urlOf } = view;
  const groups: ColumnGroup<Row>[] = [
    { headers: ['URL'], write: (row, into) => into.push(urlOf(row)) },
  ];
  if (fields.kind === 'chosen') {
    const names = [...new Set(fields.fields.map(uploadFieldName))];
    for (const name of orderFieldNames(names)) groups.push(repeated(name, 1, () => []));
  } else {
    const found = new Set<string>();
    const records = Array.from({ length: count }, (_, i) => rowAt(i) as WithMetadata);
    addFieldNames(records, 0, found);
    yield;
    // Names that differ only in case meet under the service's spelling, their values together.
    const sources = new Map<string, string[]>();
    for (const name of found) {
      const upload = uploadFieldName(name);
      sources.set(upload, [...(sources.get(upload) ?? []), name]);
    }
    for (const name of orderFieldNames(sources.keys())) {
      const from = sources.get(name) ?? [];
      const valuesOf = (row: Row) =>
        unknownOf(row, 'metadata') ? [] : from.flatMap((f) => fieldValues(row as WithMetadata, f));
      const most = yield* mostValues(count, rowAt, (row) => valuesOf(row).length);
      groups.push(repeated(name, most, valuesOf));
    }
  }
  return yield* odsJob(tableOf('Seeds', groups, count, rowAt), onRows);
}
