/**
 * Writes what a table shows to a file and hands it to the browser: the rows in the sort's order
 * (its cached ranks, worked out in slices if a click has not already), the visible columns' export
 * values, and for JSON the records under the service's names; the spreadsheets (.xlsx, .ods, the
 * bulk-upload sheet) load their writers only when one is made (sheet-export.ts). Everything runs
 * in slices (src/scheduling), so the page keeps painting while 100,000 rows are written.
 */
import { toServiceRecord } from '../../api/service-record';
import { unknownOf } from '../../api/records';
import type { Resource } from '../../contract/wire';
import { fieldValues, orderFieldNames, type WithMetadata } from '../../lib/metadata-audit';
import { csvJob, jsonJob, urlListJob, type Cell, type OnRows } from '../../lib/export-writers';
import { runJobInSlices, type Job } from '../../scheduling';
import type { SortRanking, SortSource } from '../data-table/ranking';
import type { DataColumn } from '../data-table/types';
import { saveFile } from './save-file';
import type { BulkFields } from './sheet-export';

export type ExportFormat = 'csv' | 'json' | 'urls' | 'xlsx' | 'ods' | 'bulk';

type SheetExports = typeof import('./sheet-export');

/** The part of a column an export reads. */
export type ExportColumn<Row> = Pick<
  DataColumn<Row>,
  'header' | 'field' | 'kind' | 'value' | 'exportValue' | 'metadataField'
>;

/** What an export holds: a table's view, and how to read its records. */
export interface ExportSource<Row> {
  readonly resource: Resource;
  /** The rows the page shows, filtered, in their own order. */
  readonly rows: readonly Row[];
  /** The visible columns, in their order on screen. */
  readonly columns: readonly ExportColumn<Row>[];
  /** The table's sort, with the table's ranking of the rows (see `TableView`). */
  readonly sort: {
    readonly column: SortSource<Row>;
    readonly desc: boolean;
    readonly ranking: SortRanking<Row>;
  } | null;
  /** A row's address, for a list of addresses; only seed lists have one. */
  readonly urlOf?: (row: Row) => string | null;
  /** The records have descriptive metadata: an export can add a column per field. */
  readonly metadata?: boolean;
  /**
   * The collection whose seeds these are, for the metadata sheet the service's bulk upload takes
   * (it works per collection): null on a list across collections, absent where there is no sheet.
   */
  readonly collection?: number | null;
}

export interface ExportRequest {
  readonly format: ExportFormat;
  /** CSV and spreadsheets: a column for each metadata field the rows have, after the visible ones. */
  readonly allMetadata: boolean;
  readonly fileName: string;
  /** A spreadsheet's name for its sheet: what the rows are (`Seeds`). */
  readonly sheetName?: string;
  /** The bulk-upload sheet's fields. */
  readonly bulkFields?: BulkFields;
  readonly signal?: AbortSignal;
  readonly onRows?: OnRows;
}

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
  urls: 'text/plain;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  bulk: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** What an export wrote: its parts, and how many cells a spreadsheet had to cut. */
interface Written {
  readonly parts: readonly (string | Uint8Array)[];
  readonly cut: number;
}

/** Texts as parts, nothing cut. */
function* whole(job: Job<string[]>): Job<Written> {
  return { parts: yield* job, cut: 0 };
}

/** The column's value in an export: empty where the service did not give the field. */
export function exportCell<Row>(column: ExportColumn<Row>, row: Row): Cell {
  if (unknownOf(row, column.field)) return null;
  if (column.exportValue) return column.exportValue(row);
  const value = column.value(row);
  if (column.kind === 'date' && typeof value === 'number') {
    return Number.isFinite(value) ? new Date(value).toISOString() : null;
  }
  return value;
}

/** Several values of a metadata field in one cell. */
const VALUE_SEPARATOR = ' | ';

/** One column per metadata field the rows have a value for, but not one the table shows. */
function* metadataColumns<Row>(
  rows: readonly Row[],
  shown: readonly ExportColumn<Row>[],
): Job<ExportColumn<Row>[]> {
  const names = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const record = rows[i] as WithMetadata;
    for (const name in record.metadata) {
      if (!names.has(name) && fieldValues(record, name).length > 0) names.add(name);
    }
    if ((i & 4095) === 4095) yield;
  }
  for (const column of shown) if (column.metadataField) names.delete(column.metadataField);
  return orderFieldNames(names).map((name) => ({
    header: name,
    field: 'metadata',
    kind: 'text',
    value: (row: Row) => {
      const values = fieldValues(row as WithMetadata, name);
      return values.length === 0 ? null : values.join(VALUE_SEPARATOR);
    },
  }));
}

/** The rows in the sort's order, ranking in slices where the table has not yet. */
function* ordered<Row>(source: ExportSource<Row>): Job<(index: number) => Row> {
  const { rows, sort } = source;
  if (!sort) return (i) => rows[i] as Row;
  const { column, desc, ranking } = sort;
  yield* ranking.rank(rows, column);
  const order = ranking.order(rows, column, desc);
  return (i) => rows[order[i] ?? 0] as Row;
}

function* exportJob<Row>(
  source: ExportSource<Row>,
  request: ExportRequest,
  sheets: SheetExports | null,
): Job<Written> {
  const rowAt = yield* ordered(source);
  const count = source.rows.length;
  const urlOf = source.urlOf ?? (() => null);
  const columnsJob = function* () {
    const extra =
      request.allMetadata && source.metadata
        ? yield* metadataColumns(source.rows, source.columns)
        : [];
    return [...source.columns, ...extra];
  };
  switch (request.format) {
    case 'json':
      return yield* whole(
        jsonJob(count, (i) => toServiceRecord(source.resource, rowAt(i) as object), request.onRows),
      );
    case 'urls':
      return yield* whole(urlListJob(count, (i) => urlOf(rowAt(i)), request.onRows));
    case 'xlsx':
    case 'ods': {
      if (!sheets) throw new Error('The spreadsheet writer did not load.');
      const view = {
        name: request.sheetName ?? 'Sheet1',
        columns: yield* columnsJob(),
        count,
        rowAt,
        cellOf: exportCell,
      };
      return yield* sheets.tableSheetJob<Row>(request.format, view, request.onRows);
    }
    case 'bulk': {
      if (!sheets) throw new Error('The spreadsheet writer did not load.');
      const fields = request.bulkFields ?? { kind: 'all' };
      return yield* sheets.bulkSheetJob<Row>(fields, { count, rowAt, urlOf }, request.onRows);
    }
    case 'csv': {
      const columns = yield* columnsJob();
      return yield* whole(
        csvJob(
          columns.map((c) => c.header),
          count,
          (i) => {
            const row = rowAt(i);
            return columns.map((column) => exportCell(column, row));
          },
          request.onRows,
        ),
      );
    }
  }
}

/**
 * The file, encoded a part (a slice of rows) at a time: one Blob made of 20 MB of text encodes it
 * all in one task, a frame of a quarter of a second; a Blob made of Blobs only refers to them.
 */
function* fileJob<Row>(
  source: ExportSource<Row>,
  request: ExportRequest,
  sheets: SheetExports | null,
): Job<{ file: Blob; cut: number }> {
  const { parts, cut } = yield* exportJob(source, request, sheets);
  const blobs: Blob[] = [];
  for (const part of parts) {
    blobs.push(new Blob([part as BlobPart]));
    yield;
  }
  return { file: new Blob(blobs, { type: TYPES[request.format] }), cut };
}

const SHEETS: ReadonlySet<ExportFormat> = new Set(['xlsx', 'ods', 'bulk']);

/**
 * Writes the export in slices and saves it, saying how many cells a spreadsheet cut; rejects,
 * leaving the page as it was, if it fails.
 */
export async function runExport<Row>(
  source: ExportSource<Row>,
  request: ExportRequest,
): Promise<{ cut: number }> {
  const sheets = SHEETS.has(request.format) ? await import('./sheet-export') : null;
  const { file, cut } = await runJobInSlices(fileJob(source, request, sheets), {
    priority: 'user-visible',
    startNow: true,
    signal: request.signal,
  });
  saveFile(file, request.fileName);
  return { cut };
}
