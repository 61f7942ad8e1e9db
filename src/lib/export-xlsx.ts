/**
 * An Office Open XML workbook (.xlsx, ECMA-376) of one sheet, written from the spec: every text
 * an inline string (never a shared formula, never a formula at all), numbers and yes/no typed,
 * dates as serial numbers shown as `yyyy-mm-dd hh:mm:ss "UTC"`, the header row bold and frozen,
 * each column as wide as its values. The sheet is compressed as it is written, a slice of rows at
 * a time.
 */
import type { Job } from '../scheduling';
import type { OnRows } from './export-writers';
import { ZipParts } from './export-zip';
import { measureRows, writeRows, xmlText, type SheetTable, type SheetValue } from './sheet-cells';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Styles, by index in `cellXfs`: a date, the header, text (format `@`, so an edit stays text). */
const DATE_STYLE = 1;
const HEADER_STYLE = 2;
const TEXT_STYLE = 3;

const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd\\ hh:mm:ss&quot; UTC&quot;"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;

/** A sheet's name as Excel allows it: at most 31 characters, none of `[]:*?/\`. */
export function sheetName(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31)
    .trim();
  return clean === '' ? 'Sheet1' : clean;
}

/** `A`, `B`, … `Z`, `AA`, … for column 0, 1, … */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Text as an inline string's XML: a literal `_xHHHH_` escaped (readers decode it as a character
 * code), and every line ending a line feed, as spreadsheets keep them (and as the .ods has them).
 */
function xlsxText(text: string): string {
  return xmlText(text.replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_').replace(/\r\n?/g, '\n'));
}

/** Milliseconds per day, and the serial number of 1970-01-01 (day 0 is 1899-12-30). */
const DAY_MS = 86_400_000;
const EPOCH_SERIAL = 25_569;
/** 1900-03-01: before it, Excel's serial numbers count a day that never was. */
const FIRST_SERIAL_MS = -2_203_891_200_000;
/** 9999-12-31T23:59:59.999Z, the last moment a sheet shows. */
const LAST_SERIAL_MS = 253_402_300_799_999;

function cellXml(ref: string, value: SheetValue, header: boolean): string {
  if (value === null || value === '') return '';
  if (typeof value === 'string') {
    const style = header ? HEADER_STYLE : TEXT_STYLE;
    return `<c r="${ref}" s="${String(style)}" t="inlineStr"><is><t xml:space="preserve">${xlsxText(value)}</t></is></c>`;
  }
  if (typeof value === 'number') return `<c r="${ref}"><v>${String(value)}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (!(value.date >= FIRST_SERIAL_MS && value.date <= LAST_SERIAL_MS)) {
    // A date no sheet can show: its ISO text.
    return cellXml(
      ref,
      Number.isFinite(value.date) ? new Date(value.date).toISOString() : null,
      false,
    );
  }
  const serial = value.date / DAY_MS + EPOCH_SERIAL;
  return `<c r="${ref}" s="${String(DATE_STYLE)}"><v>${String(serial)}</v></c>`;
}

function rowXml(
  number: number,
  cells: readonly SheetValue[],
  letters: readonly string[],
  header = false,
) {
  const row = String(number);
  let xml = `<row r="${row}">`;
  for (let c = 0; c < cells.length; c++) {
    xml += cellXml(`${letters[c] ?? ''}${row}`, cells[c] ?? null, header);
  }
  return `${xml}</row>`;
}

/** The workbook's parts for a Blob, and how many cells were cut to fit. */
export function* xlsxJob(
  table: SheetTable,
  onRows?: OnRows,
): Job<{ parts: Uint8Array[]; cut: number }> {
  const { header, rows, widths, cut } = yield* measureRows(table);
  const letters = header.map((_, c) => columnLetters(c));
  const zip = new ZipParts();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', ROOT_RELS);
  zip.file(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(sheetName(table.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  zip.file('xl/styles.xml', STYLES);
  const sheet = zip.member('xl/worksheets/sheet1.xml');
  const cols = widths.chars
    .map(
      (w, c) =>
        `<col min="${String(c + 1)}" max="${String(c + 1)}" width="${String(w + 1)}" customWidth="1"/>`,
    )
    .join('');
  sheet.push(
    `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols === '' ? '' : `<cols>${cols}</cols>`}<sheetData>${rowXml(1, header, letters, true)}`,
  );
  yield* writeRows(rows, sheet, (cells, i) => rowXml(i + 2, cells, letters), onRows);
  sheet.push('</sheetData></worksheet>');
  sheet.end();
  return { parts: zip.end(), cut };
}
