/**
 * The spreadsheet writers (.xlsx, .ods), read back by another library (SheetJS): typed cells,
 * escaping (markup, the characters XML 1.0 forbids, spaces a reader of ODF would collapse, Excel's
 * `_xHHHH_` escapes), long values cut with a marker and counted, a frozen header, column widths,
 * never a formula; and, as a property, any text round-trips but for what a cell cannot hold.
 */
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { odsJob } from '../../../src/lib/export-ods';
import { columnLetters, sheetName, xlsxJob } from '../../../src/lib/export-xlsx';
import {
  fitCell,
  MAX_CELL_CHARS,
  xmlText,
  type SheetTable,
  type SheetValue,
} from '../../../src/lib/sheet-cells';
import { runJob } from '../../../src/scheduling';
import { keptInCell } from '../../support/spreadsheet';
import { FORMULAS, longDescription } from '../../../src/server/catalogue/hostile';

type Format = 'xlsx' | 'ods';
const FORMATS: Format[] = ['xlsx', 'ods'];

function table(header: string[], rows: SheetValue[][]): SheetTable {
  return { name: 'Seeds', header, count: rows.length, rowAt: (i) => rows[i] ?? [] };
}

function write(format: Format, sheet: SheetTable) {
  const { parts, cut } = runJob((format === 'xlsx' ? xlsxJob : odsJob)(sheet));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, cut };
}

/** The first sheet's cells, as SheetJS reads them. */
function read(bytes: Uint8Array) {
  const book = XLSX.read(bytes, { type: 'array', cellDates: true, cellFormula: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''] ?? {};
  return { book, sheet, cell: (ref: string) => sheet[ref] as XLSX.CellObject | undefined };
}

describe('cells', () => {
  it('escapes markup and replaces what XML 1.0 cannot carry', () => {
    expect(xmlText('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
    expect(xmlText('a\u0000b\u0008c\u000Bd\uFFFEe\uFFFF')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFD',
    );
    // Tab, line feed, carriage return and a surrogate pair are XML; a lone surrogate is not.
    expect(xmlText('\t\n\r😀')).toBe('\t\n\r😀');
    expect(xmlText('x\uD83Dy\uDE00')).toBe('x\uFFFDy\uFFFD');
  });

  it('cuts a value longer than a cell holds, visibly, never in half a character', () => {
    expect(fitCell('short')).toEqual({ text: 'short', cut: false });
    expect(fitCell('x'.repeat(MAX_CELL_CHARS)).cut).toBe(false);
    const long = fitCell('y'.repeat(40_000));
    expect(long.cut).toBe(true);
    expect(long.text).toHaveLength(MAX_CELL_CHARS);
    expect(long.text).toMatch(/… \[cut: 40,000 characters in all; the CSV and JSON/);
    const emoji = fitCell('😀'.repeat(20_000)).text;
    expect(emoji.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect(xmlText(emoji)).not.toContain('\uFFFD');
  });

  it('names columns and sheets as Excel allows', () => {
    expect([0, 25, 26, 701, 702, 16_383].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
    expect(sheetName('Seeds: [a/b]?*')).toBe('Seeds   a b');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName(' / ')).toBe('Sheet1');
  });
});

describe.each(FORMATS)('a .%s file', (format) => {
  const created = Date.UTC(2024, 1, 29, 23, 59, 59);
  const rows: SheetValue[][] = [
    ['=HYPERLINK("http://x")', 42, true, { date: created }, 'English', 'French'],
    ['  two  spaces and\ttab\r\nnext _x0041_ line ', 3.5, false, null, 'German', null],
    [longDescription(), -0, null, { date: Number.NaN }, null, null],
  ];
  const header = ['URL', 'Size', 'Active', 'Created', 'Language', 'Language'];
  const { bytes, cut } = write(format, table(header, rows));
  const { book, sheet, cell } = read(bytes);

  it('has the header, repeated where a field has several values, and the sheet’s name', () => {
    expect(book.SheetNames).toEqual(['Seeds']);
    expect(['A1', 'B1', 'C1', 'D1', 'E1', 'F1'].map((r) => cell(r)?.v)).toEqual(header);
    expect(cell('E2')?.v).toBe('English');
    expect(cell('F2')?.v).toBe('French');
    expect(cell('F3')).toBeUndefined();
  });

  it('types numbers, yes/no and dates, and writes text as text, never a formula', () => {
    expect(cell('B2')).toMatchObject({ t: 'n', v: 42 });
    expect(cell('B3')).toMatchObject({ t: 'n', v: 3.5 });
    expect(cell('C2')).toMatchObject({ t: 'b', v: true });
    expect(cell('C3')).toMatchObject({ t: 'b', v: false });
    const date = cell('D2');
    expect(date?.t).toBe('d');
    expect(Math.abs((date?.v as Date).getTime() - created)).toBeLessThan(1_000);
    expect(date?.w).toBe('2024-02-29 23:59:59 UTC');
    // A date no sheet can show (none here) is an empty cell.
    expect(cell('D4')).toBeUndefined();
    expect(cell('A2')).toMatchObject({ t: 's', v: '=HYPERLINK("http://x")' });
    for (const ref of Object.keys(sheet)) {
      if (!ref.startsWith('!')) expect((sheet[ref] as XLSX.CellObject).f, ref).toBeUndefined();
    }
  });

  it('cuts the long value with its marker and counts it', () => {
    expect(cut).toBe(1);
    const text = String(cell('A4')?.v);
    // At most a cell's length (less where line ends of two characters became one).
    expect(text.length).toBeGreaterThan(MAX_CELL_CHARS - 200);
    expect(text.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect(text).toMatch(
      / … \[cut: 102,400 characters in all; the CSV and JSON exports hold the whole value\]$/,
    );
  });

  it('freezes the header and sizes each column to its values', () => {
    const files = unzipSync(bytes);
    if (format === 'xlsx') {
      const xml = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
      expect(xml).toContain(
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
      );
      const widths = [...xml.matchAll(/<col [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
      expect(widths).toHaveLength(header.length);
      // The cut text is as wide as a column goes; a yes/no is narrow.
      expect(widths[0]).toBeGreaterThan(widths[2] ?? Infinity);
      expect(xml).not.toMatch(/<f[ >]/);
    } else {
      expect(strFromU8(files.mimetype ?? new Uint8Array())).toBe(
        'application/vnd.oasis.opendocument.spreadsheet',
      );
      // The mimetype is stored first, uncompressed, as ODF asks.
      expect(strFromU8(bytes.slice(30, 38))).toBe('mimetype');
      const settings = strFromU8(files['settings.xml'] ?? new Uint8Array());
      expect(settings).toContain('config:name="VerticalSplitMode" config:type="short">2<');
      expect(settings).toContain('config:name="VerticalSplitPosition" config:type="int">1<');
      const content = strFromU8(files['content.xml'] ?? new Uint8Array());
      const widths = [...content.matchAll(/style:column-width="([\d.]+)cm"/g)].map((m) =>
        Number(m[1]),
      );
      expect(widths).toHaveLength(header.length);
      expect(widths[0]).toBeGreaterThan(widths[2] ?? Infinity);
      expect(content).not.toContain('table:formula');
    }
  });

  it('keeps every formula the hostile catalogue holds as text', () => {
    const sheetOf = write(
      format,
      table(
        ['Notes'],
        FORMULAS.map((f) => [f]),
      ),
    );
    const back = read(sheetOf.bytes);
    FORMULAS.forEach((formula, i) => {
      const c = back.cell(`A${String(i + 2)}`);
      expect(c?.t).toBe('s');
      expect(c?.f).toBeUndefined();
      // SheetJS drops the empty lines an .ods cell starts with (LibreOffice keeps them).
      expect(c?.v).toBe(
        format === 'ods' ? keptInCell(formula).replace(/^\n+/, '') : keptInCell(formula),
      );
    });
  });
});

describe('any text', () => {
  // SheetJS reads .xlsx text exactly as Excel does (its `_xHHHH_` escapes included); LibreOffice
  // reads both formats in the browser tests.
  it('round-trips through an .xlsx file but for what a cell cannot hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', maxLength: 60 }), { minLength: 1, maxLength: 8 }),
        (texts) => {
          const { bytes } = write(
            'xlsx',
            table(
              ['Text'],
              texts.map((t) => [t]),
            ),
          );
          const { cell } = read(bytes);
          texts.forEach((text, i) => {
            expect(cell(`A${String(i + 2)}`)?.v ?? '').toBe(keptInCell(text));
          });
        },
      ),
      { numRuns: 60 },
    );
  }, 30_000);

  it('keeps its spaces and tabs through an .ods file', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(' ', '\t', 'a', 'é', '<', '&', '😀'), maxLength: 30 }),
        (text) => {
          const { bytes } = write('ods', table(['Text'], [[text]]));
          expect(read(bytes).cell('A2')?.v ?? '').toBe(text);
        },
      ),
      { numRuns: 80 },
    );
  });
});
