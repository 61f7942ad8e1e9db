/**
 * What a spreadsheet cell of an export holds, written the same way by both spreadsheet formats
 * (`export-xlsx.ts`, `export-ods.ts`): text, a number, a yes/no, a date, or nothing. Text is only
 * ever text (never a formula: neither writer has a way to write one), cut to what a cell can hold
 * with a visible marker, and freed of the characters XML 1.0 cannot carry. Loaded with the
 * spreadsheet writers only. Both writers measure the rows and write them in slices here.
 */
import type { OnRows } from './export-writers';
import type { ZipMember } from './export-zip';

/** A moment, as epoch milliseconds, that the sheet shows as a date and time in UTC. */
export interface SheetDate {
  readonly date: number;
}

export type SheetValue = string | number | boolean | SheetDate | null;

/** What a spreadsheet holds: the header, then the rows, each as long as the header. */
export interface SheetTable {
  /** The sheet's name (its tab). */
  readonly name: string;
  readonly header: readonly string[];
  readonly count: number;
  readonly rowAt: (index: number) => readonly SheetValue[];
}

/** The most characters a cell holds, in Excel and LibreOffice alike. */
export const MAX_CELL_CHARS = 32_767;

/** Rows written between yields. */
export const SHEET_SLICE_ROWS = 500;

/** The end of a cut value: says it was cut, and how long the whole value is. */
export function cutMarker(length: number): string {
  return ` … [cut: ${length.toLocaleString('en-US')} characters in all; the CSV and JSON exports hold the whole value]`;
}

/**
 * A text that fits a cell: itself, or its start and the marker, `MAX_CELL_CHARS` long at most,
 * never ending in half of a surrogate pair.
 */
export function fitCell(text: string): { text: string; cut: boolean } {
  if (text.length <= MAX_CELL_CHARS) return { text, cut: false };
  const marker = cutMarker(text.length);
  let end = MAX_CELL_CHARS - marker.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: text.slice(0, end) + marker, cut: true };
}

/**
 * Characters XML 1.0 cannot carry (C0 controls other than tab, line feed and carriage return,
 * U+FFFE and U+FFFF, and surrogates without their pair): each becomes U+FFFD, the replacement
 * character, so the file stays readable and the place of the character stays visible.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the controls are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data: markup characters escaped, forbidden characters replaced. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A date as a spreadsheet shows it: `2026-11-23 10:04:05 UTC` (23 characters). */
const DATE_CHARS = 23;

/** How many characters a value shows, for the column's width: its longest line. */
function shownLength(value: SheetValue): number {
  if (value === null) return 0;
  if (typeof value === 'string') {
    let most = 0;
    for (const line of value.split('\n', 8)) most = Math.max(most, line.length);
    return most;
  }
  if (typeof value === 'number') return String(value).length;
  if (typeof value === 'boolean') return 5;
  return DATE_CHARS;
}

/** The narrowest and widest column, in characters. */
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;

/** Column widths in characters: the header's and the longest value's, within reason. */
export class ColumnWidths {
  readonly chars: number[];
  constructor(header: readonly string[]) {
    this.chars = header.map((h) => Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, h.length + 2)));
  }
  add(cells: readonly SheetValue[]): void {
    for (let c = 0; c < cells.length; c++) {
      const wanted = Math.min(MAX_WIDTH, shownLength(cells[c] ?? null) + 1);
      if (wanted > (this.chars[c] ?? 0)) this.chars[c] = wanted;
    }
  }
}

/** The sheet as both writers write it: its header, its rows, its columns' widths. */
export interface MeasuredSheet {
  readonly header: readonly string[];
  readonly rows: readonly (readonly SheetValue[])[];
  readonly widths: ColumnWidths;
  /** Cells cut to fit. */
  readonly cut: number;
}

/**
 * Reads every row once (in slices): its cells kept for writing, the columns' widths measured
 * from them, and the long texts cut (counted).
 */
export function* measureRows(table: SheetTable): Generator<undefined, MeasuredSheet, undefined> {
  const header = table.header.map((h) => fitCell(h).text);
  const widths = new ColumnWidths(header);
  const rows: SheetValue[][] = [];
  let cut = 0;
  for (let i = 0; i < table.count; i++) {
    const cells = table.rowAt(i).map((value) => {
      if (typeof value !== 'string') {
        return typeof value === 'number' && !Number.isFinite(value) ? null : value;
      }
      const fitted = fitCell(value);
      if (fitted.cut) cut++;
      return fitted.text;
    });
    widths.add(cells);
    rows.push(cells);
    if (i % SHEET_SLICE_ROWS === SHEET_SLICE_ROWS - 1) yield;
  }
  return { header, rows, widths, cut };
}

/** Writes the rows' XML into the sheet's part a slice at a time, saying how many are written. */
export function* writeRows(
  rows: readonly (readonly SheetValue[])[],
  part: ZipMember,
  rowXml: (cells: readonly SheetValue[], index: number) => string,
  onRows?: OnRows,
): Generator<undefined, void, undefined> {
  for (let start = 0; start < rows.length; start += SHEET_SLICE_ROWS) {
    const end = Math.min(rows.length, start + SHEET_SLICE_ROWS);
    let xml = '';
    for (let i = start; i < end; i++) xml += rowXml(rows[i] ?? [], i);
    part.push(xml);
    onRows?.(end);
    yield;
  }
}
