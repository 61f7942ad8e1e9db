/**
 * The export formats: CSV (RFC 4180, through Papa Parse), JSON and a plain list of addresses. Each
 * writer is a resumable job (src/scheduling) that yields after every slice of rows and returns the
 * file as parts for a Blob, so 100,000 rows are written without one long task and without joining
 * the whole file into one string. Loaded only when the user exports: Papa Parse stays out of the first
 * screen's JavaScript.
 */
import Papa from 'papaparse';
import type { Job } from '../scheduling';

/** One cell of an export: text, a number, a boolean, or nothing (an empty cell, JSON null). */
export type Cell = string | number | boolean | null;

/** Rows written between yields: a few milliseconds of work for ordinary rows. */
const SLICE_ROWS = 1_000;

/** Spreadsheet programs read a CSV file as UTF-8 only when it starts with the byte-order mark. */
export const BYTE_ORDER_MARK = '\uFEFF';
const CRLF = '\r\n';

/**
 * Characters that show as nothing or as blank space, as a character class: every control (C0 and
 * C1), every space and separator (line and paragraph separators among them), and every
 * default-ignorable code point (format characters such as zero-width spaces, the byte-order mark
 * and direction controls, and invisible letters such as the Hangul filler).
 */
const UNSEEN = String.raw`\p{Cc}\p{Z}\p{Default_Ignorable_Code_Point}`;

/**
 * OWASP's rule against CSV injection, made to hold whatever comes before the formula: a text cell
 * that starts with a tab or a carriage return, or whose first character after any whitespace and
 * invisible characters (C0 and C1 controls, NUL among them, the byte-order mark, zero-width and
 * direction marks, line and paragraph separators) is `=`, `+`, `-`, `@` or their full-width forms
 * `＝ ＋ － ＠`, could run as a formula in a spreadsheet (LibreOffice drops a leading NUL and
 * evaluates what follows), so it is prefixed with a single quote and read as text. Numbers and
 * booleans are the explorer's own values, never formulas.
 */
const FORMULA_START = new RegExp(`^(?:[\\t\\r]|[${UNSEEN}]*[=+\\-@＝＋－＠])`, 'u');

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
 * Characters no reader of a list of addresses may take for anything but part of the address, and
 * none may hide in it: every control (C0 and C1: line feed, carriage return, the vertical tab, form
 * feed, the file, group and record separators and next line, which Python's `splitlines` and
 * others break lines at), every separator and space (U+2028, U+2029 among them), and everything
 * invisible (format characters such as zero-width spaces, the byte-order mark and direction
 * controls, and the other default-ignorable code points).
 */
const NOT_IN_A_LINE = new RegExp(`[${UNSEEN}]`, 'gu');

/**
 * An address as one line of a list: every such character percent-encoded (the same address to a
 * crawler), so each line is one address, by any reader's idea of a line, and none can pass for
 * another.
 */
export function urlLine(url: string): string {
  return url.replace(NOT_IN_A_LINE, (char) => encodeURIComponent(char));
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
