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
