/**
 * A CSV file opened in LibreOffice Calc (headless), as an archivist would open an export: what each
 * cell became, text or formula, and whether it is a link. The file is imported as UTF-8 with comma
 * and quote, and LibreOffice's own default of evaluating formulas; each run has a profile of its own,
 * so runs side by side do not share one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { xmlText } from '../../src/lib/sheet-cells';
import { systemTool } from './system-tool';

export interface SheetCell {
  /** The text the cell shows. */
  readonly text: string;
  /** The cell holds a formula LibreOffice evaluated. */
  readonly formula: boolean;
  /** The cell holds a link. */
  readonly link: boolean;
}

const run = promisify(execFile);

let found: string | undefined;
const libreoffice = () =>
  (found ??= systemTool({
    paths: ['/usr/bin/libreoffice', '/usr/local/bin/libreoffice'],
    pkg: 'libreoffice-calc-nogui',
    usedBy: 'The spreadsheet tests',
  }));

const unescape = (xml: string) =>
  xml
    .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n: string | undefined) =>
      ' '.repeat(Number(n ?? 1)),
    )
    .replace(/<text:line-break\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The cells of the first sheet, row by row. */
export async function openInLibreOffice(csv: string): Promise<SheetCell[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'explorer-sheet-'));
  try {
    const file = join(dir, 'export.csv');
    await writeFile(file, csv, 'utf8');
    await run(
      libreoffice(),
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--infilter=CSV:44,34,76,1',
        '--convert-to',
        'fods',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 120_000 },
    );
    const xml = await readFile(join(dir, 'export.fods'), 'utf8');
    const rows = [...xml.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)];
    return rows.map(([, row = '']) =>
      [...row.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].map(
        ([, attributes = '', content = '']) => ({
          text: unescape(content).trim(),
          formula: attributes.includes('table:formula='),
          link: content.includes('<text:a '),
        }),
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A cell of a spreadsheet file as LibreOffice read it. */
export interface TypedCell {
  /** `string`, `float`, `date`, `boolean`, or `empty`. */
  readonly type: string;
  /** The text it holds (a string cell's whole text, lines joined with `\n`), or what it shows. */
  readonly text: string;
  /** A number's, date's or yes/no's value as the file says it (`office:value`, …). */
  readonly value: string | null;
  /** The cell holds a formula (a yes/no read from .xlsx, which LibreOffice keeps as `TRUE()`, is not one). */
  readonly formula: boolean;
}

/** The cells' text: spaces, tabs and line breaks as ODF writes them, paragraphs joined by `\n`. */
function paragraphs(content: string): string {
  return [...content.matchAll(/<text:p(?:\s[^>]*)?>([\s\S]*?)<\/text:p>|<text:p\/>/g)]
    .map(([, p = '']) => unescape(p.replace(/<text:tab\/>/g, '\t')))
    .join('\n');
}

const attribute = (attributes: string, name: string) => {
  const match = new RegExp(`${name}="([^"]*)"`).exec(attributes);
  return match ? unescape(match[1] ?? '') : null;
};

/**
 * Spreadsheet files (.xlsx, .ods) opened by LibreOffice Calc, an independent reader of what the
 * explorer writes: each file's first sheet, row by row, with each cell's type and value, repeated
 * cells and rows expanded, and the empty cells after a row's last value left out. One LibreOffice
 * run converts every file.
 */
export async function readInLibreOffice(
  files: readonly { name: string; bytes: Uint8Array }[],
): Promise<Map<string, TypedCell[][]>> {
  const dir = await mkdtemp(join(tmpdir(), 'explorer-sheets-'));
  try {
    const paths = await Promise.all(
      files.map(async ({ name, bytes }) => {
        const path = join(dir, name);
        await writeFile(path, bytes);
        return path;
      }),
    );
    await run(
      libreoffice(),
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--convert-to',
        'fods',
        '--outdir',
        join(dir, 'out'),
        ...paths,
      ],
      { timeout: 180_000 },
    );
    const sheets = new Map<string, TypedCell[][]>();
    for (const { name } of files) {
      const xml = await readFile(join(dir, 'out', `${name.replace(/\.[^.]+$/, '')}.fods`), 'utf8');
      const table = /<table:table [\s\S]*?<\/table:table>/.exec(xml)?.[0] ?? '';
      const rows: TypedCell[][] = [];
      for (const [, attributes = '', body = ''] of table.matchAll(
        /<table:table-row([^>]*)>([\s\S]*?)<\/table:table-row>/g,
      )) {
        const cells: TypedCell[] = [];
        for (const [, cellAttributes = '', content = ''] of body.matchAll(
          /<table:table-cell((?:[^>"]|"[^"]*")*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g,
        )) {
          const formula = attribute(cellAttributes, 'table:formula');
          const truth = formula === null ? null : /^of:=(TRUE|FALSE)\(\)$/.exec(formula)?.[1];
          const type = truth
            ? 'boolean'
            : (attribute(cellAttributes, 'office:value-type') ?? 'empty');
          const cell: TypedCell = {
            type,
            text: attribute(cellAttributes, 'office:string-value') ?? paragraphs(content),
            value: truth
              ? truth.toLowerCase()
              : (attribute(cellAttributes, 'office:value') ??
                attribute(cellAttributes, 'office:date-value') ??
                attribute(cellAttributes, 'office:boolean-value')),
            formula: formula !== null && !truth,
          };
          const times = Number(attribute(cellAttributes, 'table:number-columns-repeated') ?? 1);
          for (let k = 0; k < Math.min(times, 20_000); k++) cells.push(cell);
        }
        while (cells.at(-1)?.type === 'empty' && !cells.at(-1)?.formula) cells.pop();
        const times = Number(attribute(attributes, 'table:number-rows-repeated') ?? 1);
        if (cells.length > 0) for (let k = 0; k < Math.min(times, 200_000); k++) rows.push(cells);
      }
      sheets.set(name, rows);
    }
    return sheets;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What a spreadsheet cell the explorer writes keeps of a text (not cut): the characters XML 1.0
 * forbids as U+FFFD, every line end a line feed.
 */
export const keptInCell = (text: string): string =>
  xmlText(text)
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&')
    .replace(/\r\n?/g, '\n');
