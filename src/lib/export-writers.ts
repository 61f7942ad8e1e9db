/**
 * The export formats: CSV (RFC 4180, through Papa Parse), JSON and a plain list of addresses. Each
 * writer is a resumable job (jobs.ts) that yields after every slice of rows and returns the file as
 * parts for a Blob, so 100,000 rows are written without one long task and without joining the
 * whole file into one string. Loaded only when the user exports: Papa Parse stays out of the first
 * screen's JavaScript.
 */
import Papa from 'papaparse';
import { readableUrl } from './format';
import type { Job } from './jobs';

/** One cell of an export: text, a number, a boolean, or nothing (an empty cell, JSON null). */
export type Cell = string | number | boolean | null;

/** Rows written between yields: a few milliseconds of work for ordinary rows. */
const SLICE_ROWS = 1_000;

/** Spreadsheet programs read a CSV file as UTF-8 only when it starts with the byte-order mark. */
export const BYTE_ORDER_MARK = '\uFEFF';
const CRLF = '\r\n';

/**
 * OWASP's rule against CSV injection: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return could run as a formula in a spreadsheet, so it is prefixed with a single quote
 * and read as text. Numbers and booleans are the explorer's own values, never formulas.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(cell: Cell): Cell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A number Papa Parse would write as `NaN` or `Infinity` is no value. */
function csvCell(cell: Cell): Cell {
  if (typeof cell === 'number' && !Number.isFinite(cell)) return null;
  return neutraliseFormula(cell);
}

function csvLines(rows: Cell[][]): string {
  return Papa.unparse(rows, { header: false, newline: CRLF, quotes: false }) + CRLF;
}

/** Called with the number of rows written so far, after each slice. */
export type OnRows = (done: number) => void;

/**
 * A CSV file: the byte-order mark, the header, then one record per row, every record ending in
 * CRLF. Fields with a comma, a quote or a line break are quoted, their quotes doubled.
 */
export function* csvJob(
  header: readonly string[],
  count: number,
  cellsAt: (index: number) => readonly Cell[],
  onRows?: OnRows,
): Job<string[]> {
  const parts = [BYTE_ORDER_MARK, csvLines([header.map(csvCell)])];
  for (let start = 0; start < count; start += SLICE_ROWS) {
    const end = Math.min(count, start + SLICE_ROWS);
    const slice: Cell[][] = [];
    for (let i = start; i < end; i++) slice.push(cellsAt(i).map(csvCell));
    parts.push(csvLines(slice));
    onRows?.(end);
    yield;
  }
  return parts;
}

/** A JSON array of the records, one per line. */
export function* jsonJob(
  count: number,
  recordAt: (index: number) => unknown,
  onRows?: OnRows,
): Job<string[]> {
  const parts = ['['];
  for (let start = 0; start < count; start += SLICE_ROWS) {
    const end = Math.min(count, start + SLICE_ROWS);
    let text = '';
    for (let i = start; i < end; i++)
      text += `${i === 0 ? '\n' : ',\n'}${JSON.stringify(recordAt(i))}`;
    parts.push(text);
    onRows?.(end);
    yield;
  }
  parts.push(count === 0 ? ']\n' : '\n]\n');
  return parts;
}

/**
 * An address as one line of a list: line breaks and direction controls percent-encoded (the same
 * address to a crawler), so each line is one address and none can pass for another.
 */
export function urlLine(url: string): string {
  return readableUrl(url).replace(/[\r\n\u2028\u2029]/g, (char) => encodeURIComponent(char));
}

/** Plain text, one address per line; rows without one are left out. */
export function* urlListJob(
  count: number,
  urlAt: (index: number) => string | null,
  onRows?: OnRows,
): Job<string[]> {
  const parts: string[] = [];
  for (let start = 0; start < count; start += SLICE_ROWS) {
    const end = Math.min(count, start + SLICE_ROWS);
    let text = '';
    for (let i = start; i < end; i++) {
      const url = urlAt(i);
      if (url !== null && url !== '') text += `${urlLine(url)}\n`;
    }
    parts.push(text);
    onRows?.(end);
    yield;
  }
  return parts;
}
