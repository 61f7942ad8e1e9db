/**
 * An OpenDocument spreadsheet (.ods, ODF 1.3) of one sheet, written from the spec: text cells as
 * paragraphs (spaces, tabs and line breaks written so that no reader collapses them; a carriage
 * return ends a line as a line feed does), numbers, yes/no and dates typed, dates shown as
 * `YYYY-MM-DD hh:mm:ss UTC`, the header row bold and frozen, each column as wide as its values.
 * Nothing is ever written as a formula. The sheet is compressed as it is written.
 */
import type { Job } from '../scheduling';
import type { OnRows } from './export-writers';
import { ZipParts } from './export-zip';
import { measureRows, writeRows, xmlText, type SheetTable, type SheetValue } from './sheet-cells';

const MIME = 'application/vnd.oasis.opendocument.spreadsheet';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = (name: string) => `xmlns:${name}="urn:oasis:names:tc:opendocument:xmlns:${name}:1.0"`;
const NAMESPACES = [
  NS('office'),
  NS('style'),
  NS('text'),
  NS('table'),
  'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
].join(' ');

const MANIFEST = `${XML_HEAD}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${MIME}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="settings.xml" manifest:media-type="text/xml"/></manifest:manifest>`;

/** The document's common styles: none beyond the defaults (a part readers expect). */
const STYLES = `${XML_HEAD}<office:document-styles ${NAMESPACES} office:version="1.3"><office:styles/></office:document-styles>`;

/** Date and time as `2026-11-23 10:04:05 UTC`. */
const DATE_STYLE = `<number:date-style style:name="N1"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/><number:text> </number:text><number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/><number:text>:</number:text><number:seconds number:style="long"/><number:text> UTC</number:text></number:date-style><style:style style:name="ce1" style:family="table-cell" style:data-style-name="N1"/><style:style style:name="ce2" style:family="table-cell"><style:text-properties fo:font-weight="bold"/></style:style>`;

/** The view's settings: the first row frozen (a split after row 1, scrolling below it). */
function settings(table: string): string {
  const item = (name: string, type: string, value: string | number) =>
    `<config:config-item config:name="${name}" config:type="${type}">${String(value)}</config:config-item>`;
  return `${XML_HEAD}<office:document-settings ${NS('office')} xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0" office:version="1.3"><office:settings><config:config-item-set config:name="ooo:view-settings"><config:config-item-map-indexed config:name="Views"><config:config-item-map-entry>${item('ViewId', 'string', 'view1')}<config:config-item-map-named config:name="Tables"><config:config-item-map-entry config:name="${xmlText(table)}">${item('VerticalSplitMode', 'short', 2)}${item('VerticalSplitPosition', 'int', 1)}${item('ActiveSplitRange', 'short', 2)}${item('PositionTop', 'int', 0)}${item('PositionBottom', 'int', 1)}</config:config-item-map-entry></config:config-item-map-named>${item('ActiveTable', 'string', xmlText(table))}</config:config-item-map-entry></config:config-item-map-indexed></config:config-item-set></office:settings></office:document-settings>`;
}

/**
 * One line of text as a paragraph's content: a space is written as itself only alone between two
 * characters that are not spaces or tabs (any other space as `text:s`, which no reader
 * collapses), a tab as `text:tab`.
 */
function odfLine(line: string): string {
  // Text, then a run of spaces or a tab, then text, … (text possibly empty).
  const parts = line.split(/( +|\t)/);
  let xml = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (i % 2 === 0) xml += xmlText(part);
    else if (part === '\t') xml += '<text:tab/>';
    else if (part.length === 1 && parts[i - 1] !== '' && parts[i + 1] !== '') xml += ' ';
    else xml += part.length === 1 ? '<text:s/>' : `<text:s text:c="${String(part.length)}"/>`;
  }
  return xml;
}

/** Text as paragraphs, one per line. */
export function odfParagraphs(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => `<text:p>${odfLine(line)}</text:p>`)
    .join('');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A moment as ODF's date value, in UTC (a sheet's dates have no zone), or null past year 9999. */
function odfDate(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) return null;
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

const EMPTY = '<table:table-cell/>';

function cellXml(value: SheetValue, header: boolean): string {
  if (value === null || value === '') return EMPTY;
  if (typeof value === 'string') {
    return `<table:table-cell${header ? ' table:style-name="ce2"' : ''} office:value-type="string">${odfParagraphs(value)}</table:table-cell>`;
  }
  if (typeof value === 'number') {
    return `<table:table-cell office:value-type="float" office:value="${String(value)}"><text:p>${String(value)}</text:p></table:table-cell>`;
  }
  if (typeof value === 'boolean') {
    return `<table:table-cell office:value-type="boolean" office:boolean-value="${String(value)}"><text:p>${value ? 'TRUE' : 'FALSE'}</text:p></table:table-cell>`;
  }
  const date = odfDate(value.date);
  if (date === null) {
    return cellXml(Number.isFinite(value.date) ? new Date(value.date).toISOString() : null, false);
  }
  const shown = `${date.slice(0, 10)} ${date.slice(11, 19)} UTC`;
  return `<table:table-cell table:style-name="ce1" office:value-type="date" office:date-value="${date}"><text:p>${shown}</text:p></table:table-cell>`;
}

function rowXml(cells: readonly SheetValue[], header = false): string {
  let xml = '<table:table-row>';
  for (const cell of cells) xml += cellXml(cell, header);
  return `${xml}</table:table-row>`;
}

/** Characters to centimetres, in a 10-point font. */
const CM_PER_CHAR = 0.21;

/** The spreadsheet's parts for a Blob, and how many cells were cut to fit. */
export function* odsJob(
  table: SheetTable,
  onRows?: OnRows,
): Job<{ parts: Uint8Array[]; cut: number }> {
  const { header, rows, widths, cut } = yield* measureRows(table);
  const name = table.name.trim() === '' ? 'Sheet1' : table.name;
  const zip = new ZipParts();
  zip.stored('mimetype', MIME);
  zip.file('META-INF/manifest.xml', MANIFEST);
  zip.file('styles.xml', STYLES);
  zip.file('settings.xml', settings(name));
  const content = zip.member('content.xml');
  const columnStyles = widths.chars
    .map(
      (w, c) =>
        `<style:style style:name="co${String(c)}" style:family="table-column"><style:table-column-properties style:column-width="${(w * CM_PER_CHAR + 0.2).toFixed(2)}cm"/></style:style>`,
    )
    .join('');
  const columns = widths.chars
    .map((_, c) => `<table:table-column table:style-name="co${String(c)}"/>`)
    .join('');
  content.push(
    `${XML_HEAD}<office:document-content ${NAMESPACES} office:version="1.3"><office:automatic-styles>${columnStyles}${DATE_STYLE}</office:automatic-styles><office:body><office:spreadsheet><table:table table:name="${xmlText(name)}">${columns}<table:table-header-rows>${rowXml(header, true)}</table:table-header-rows>`,
  );
  yield* writeRows(rows, content, (cells) => rowXml(cells), onRows);
  content.push('</table:table></office:spreadsheet></office:body></office:document-content>');
  content.end();
  return { parts: zip.end(), cut };
}
