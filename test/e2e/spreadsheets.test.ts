/**
 * Spreadsheet exports in real Chromium, each read back by LibreOffice Calc (a reader independent
 * of the writer): a seed list under a filter, the quick filter and a sort as .xlsx and .ods (the
 * CSV's rows and columns, typed cells, a metadata field's values in repeated columns); the hostile
 * catalogue (long values cut with a marker and counted in the menu, formulas kept as text); and the
 * metadata sheet for the service's bulk upload, whose URLs are the view's, in its order.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { WireSeedDefault } from '../../src/contract/wire';
import { odsJob } from '../../src/lib/export-ods';
import { xlsxJob } from '../../src/lib/export-xlsx';
import { runJob } from '../../src/scheduling';
import { readableUrl } from '../../src/lib/format';
import { FORMULAS } from '../../src/server/catalogue/hostile';
import { faultServerAndBrowser } from '../support/fault-server';
import { keptInCell, readInLibreOffice, type TypedCell } from '../support/spreadsheet';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 3_000, hostile: true });
const watch = watchedPages(() => setup.browser);
const open = (path: string): Promise<Page> => watch(setup.server.url + path);
const count = (n: number) => n.toLocaleString('en-US');

interface Downloaded {
  name: string;
  bytes: Uint8Array;
}

const menuOf = (page: Page) => page.getByRole('group', { name: /^Export / });

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await menuOf(page).waitFor();
  return menuOf(page);
}

/** Chooses a format (a button of the open menu) and reads the file the browser downloads. */
async function download(page: Page, button: string): Promise<Downloaded> {
  const menu = (await menuOf(page).isVisible()) ? menuOf(page) : await openMenu(page);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

async function exportAs(page: Page, button: string, allMetadata = false): Promise<Downloaded> {
  const menu = await openMenu(page);
  const box = menu.getByRole('checkbox', { name: /Include all metadata fields/ });
  if (allMetadata) await box.check();
  else if (await box.isVisible()) await box.uncheck();
  return download(page, button);
}

function csvOf(file: Downloaded): string[][] {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.bytes).slice(1, -2);
  return Papa.parse<string[]>(text, { newline: '\r\n' }).data;
}

const texts = (row: readonly TypedCell[] | undefined) => (row ?? []).map((c) => c.text);
/** A header with each run of a repeated name as one name. */
const runs = (header: readonly string[]) => header.filter((h, i) => h !== header[i - 1]);
const seeds = () => setup.server.catalogue.seeds;
/** A field's values as the explorer reads them: distinct, not blank, in the service's order. */
const values = (s: WireSeedDefault, field: string) => [
  ...new Set((s.metadata[field] ?? []).map((e) => e.value).filter((v) => v.trim() !== '')),
];
const languages = (s: WireSeedDefault) => values(s, 'Language');

describe('a seed list as spreadsheets', () => {
  it('holds the CSV’s rows and columns, typed, a metadata field’s values in columns of their own', async () => {
    const english = seeds().filter((s) => languages(s).includes('English'));
    const page = await open('/seeds?where=Language:English&q=.org&sort=-created');
    // The spreadsheet code is a chunk of its own, fetched only when a spreadsheet is made.
    const sheetCode: string[] = [];
    page.on('request', (request) => {
      if (/\/sheet-export-[^/]*\.js$/.test(request.url())) sheetCode.push(request.url());
    });
    await page
      .locator('.count-line')
      .filter({ hasText: new RegExp(` of ${count(seeds().length)} seeds$`) })
      .waitFor();
    const csv = csvOf(await exportAs(page, 'CSV', true));
    expect(sheetCode).toEqual([]);
    const xlsx = await exportAs(page, 'Excel (.xlsx)', true);
    const ods = await exportAs(page, 'OpenDocument (.ods)', true);
    expect(sheetCode).toHaveLength(1);
    expect(xlsx.name).toMatch(/^seeds-where-Language-English-q-org-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(ods.name).toMatch(/\.ods$/);
    const sheets = await readInLibreOffice([
      { name: 'view.xlsx', bytes: xlsx.bytes },
      { name: 'view.ods', bytes: ods.bytes },
    ]);
    const [csvHeader = [], ...csvRows] = csv;
    expect(csvRows.length).toBeGreaterThan(10);
    expect(csvRows.length).toBeLessThan(english.length);
    for (const [name, sheet] of sheets) {
      const [header, ...rows] = sheet;
      const names = texts(header);
      // The CSV's columns, each metadata field repeated for the most values a seed has.
      expect(runs(names), name).toEqual(csvHeader);
      const most = Math.max(
        ...csvRows.map((r) => r[csvHeader.indexOf('Language')]?.split(' | ').length ?? 0),
      );
      expect(
        names.filter((h) => h === 'Language'),
        name,
      ).toHaveLength(most);
      expect(rows, name).toHaveLength(csvRows.length);
      const url = names.indexOf('URL');
      expect(
        rows.map((r) => r[url]?.text),
        name,
      ).toEqual(csvRows.map((r) => r[csvHeader.indexOf('URL')]));
      // Typed cells: the creation a date (in the sort's order), yes/no a boolean.
      const created = rows.map((r) => r[names.indexOf('Created')]);
      expect(
        created.every((c) => c?.type === 'date'),
        name,
      ).toBe(true);
      const dates = created.map((c) => c?.value ?? '');
      expect(dates, name).toEqual([...dates].sort().reverse());
      expect(created[0]?.text, name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
      const active = rows.map((r) => r[names.indexOf('Active')]);
      expect(new Set(active.map((c) => c?.type)), name).toEqual(new Set(['boolean']));
      // Each Language value in a column of its own, in the service's order.
      const byUrl = new Map(english.map((s) => [readableUrl(s.url), s]));
      for (const row of rows) {
        const seed = byUrl.get(row[url]?.text ?? '');
        const shown = names.flatMap((h, i) =>
          h === 'Language' && row[i]?.text ? [row[i].text] : [],
        );
        expect(seed, name).toBeDefined();
        expect(shown, name).toEqual(seed ? languages(seed) : []);
      }
      expect(
        sheet.flat().filter((c) => c.formula),
        name,
      ).toEqual([]);
    }
  });
});

describe('the hostile catalogue as spreadsheets', () => {
  it('cuts what no cell can hold, says how many, and keeps formulas as text', async () => {
    const ids = setup.server.hostile;
    if (!ids) throw new Error('no hostile records');
    const page = await open(`/collections/${String(ids.collection)}/seeds`);
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(2).waitFor();
    const xlsx = await exportAs(page, 'Excel (.xlsx)', true);
    const status = page.locator('.export-menu__status [role="status"]');
    await expect.poll(() => status.textContent()).toMatch(/cut, marked “\[cut: …\]”/);
    const said = /(One cell was|([\d,]+) cells were) longer/.exec(
      (await status.textContent()) ?? '',
    );
    const cutSaid = said?.[2] ? Number(said[2].replace(/,/g, '')) : 1;
    const ods = await exportAs(page, 'OpenDocument (.ods)', true);
    const sheets = await readInLibreOffice([
      { name: 'hostile.xlsx', bytes: xlsx.bytes },
      { name: 'hostile.ods', bytes: ods.bytes },
    ]);
    for (const [name, sheet] of sheets) {
      const cells = sheet.flat();
      const cut = cells.filter((c) => /… \[cut: [\d,]+ characters in all/.test(c.text));
      expect(cut.length, name).toBe(cutSaid);
      for (const c of cut) expect(c.text.length, name).toBeLessThanOrEqual(32_767);
      expect(
        cells.filter((c) => c.formula),
        name,
      ).toEqual([]);
      for (const formula of FORMULAS) {
        expect(
          cells.some((c) => c.type === 'string' && c.text.includes(formula.trim())),
          `${name}: ${formula}`,
        ).toBe(true);
      }
    }
  });
});

describe('the metadata sheet for bulk upload', () => {
  it('has the view’s seeds in its order, their URLs as the service holds them, a column per value', async () => {
    // The collection with the most English seeds.
    const english = seeds().filter((s) => languages(s).includes('English'));
    const tally = new Map<number, number>();
    for (const s of english) tally.set(s.collection, (tally.get(s.collection) ?? 0) + 1);
    const [collection = 0] = [...tally].sort((a, b) => b[1] - a[1])[0] ?? [];
    const inCollection = english.filter((s) => s.collection === collection);
    expect(inCollection.length).toBeGreaterThan(3);
    const page = await open(
      `/collections/${String(collection)}/seeds?where=Language:English&sort=-url`,
    );
    await page
      .locator('.count-line')
      .filter({ hasText: new RegExp(`^${count(inCollection.length)} of`) })
      .waitFor();
    const json = await exportAs(page, 'JSON');
    const order = (JSON.parse(new TextDecoder().decode(json.bytes)) as { url: string }[]).map(
      (r) => r.url,
    );
    const menu = await openMenu(page);
    await expect.poll(() => menu.getByText(/mode “Replace”/).count()).toBe(1);
    await expect(menu.getByText(/Metadata → Bulk Seed Metadata/).count()).resolves.toBe(1);
    const all = await download(page, 'Metadata sheet for bulk upload (.ods)');
    expect(all.name).toMatch(new RegExp(`^seed-metadata-collection-${String(collection)}-`));

    await openMenu(page);
    await menuOf(page).getByRole('radio', { name: 'Only these fields, empty to fill in' }).check();
    await expect
      .poll(() =>
        menuOf(page)
          .getByText(/mode “Add to existing”/)
          .count(),
      )
      .toBe(1);
    const chosen = await download(page, 'Metadata sheet for bulk upload (.ods)');

    const sheets = await readInLibreOffice([
      { name: 'all.ods', bytes: all.bytes },
      { name: 'chosen.ods', bytes: chosen.bytes },
    ]);
    const [header, ...rows] = sheets.get('all.ods') ?? [];
    const names = texts(header);
    expect(names[0]).toBe('URL');
    expect(rows.map((r) => r[0]?.text)).toEqual(order);
    const bySeed = new Map(inCollection.map((s) => [s.url, s]));
    const most = Math.max(...inCollection.map((s) => values(s, 'Subject').length));
    expect(names.filter((n) => n === 'Subject')).toHaveLength(Math.max(1, most));
    for (const row of rows) {
      const seed = bySeed.get(row[0]?.text ?? '');
      const subjects = names.flatMap((n, i) =>
        n === 'Subject' && row[i]?.text ? [row[i].text] : [],
      );
      expect(subjects).toEqual(seed ? values(seed, 'Subject') : []);
    }

    const [chosenHeader, ...chosenRows] = sheets.get('chosen.ods') ?? [];
    expect(texts(chosenHeader)).toEqual(['URL', 'Title', 'Description', 'Subject', 'Language']);
    expect(chosenRows.map((r) => r[0]?.text)).toEqual(order);
    expect(chosenRows.every((r) => r.length === 1)).toBe(true);
  });

  it('asks for a collection on the list of every seed', async () => {
    const page = await open('/seeds');
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(2).waitFor();
    const menu = await openMenu(page);
    const button = menu.getByRole('button', { name: 'Metadata sheet for bulk upload (.ods)' });
    await expect(button.isDisabled()).resolves.toBe(true);
    await expect(menu.getByText(/Choose a collection first/).count()).resolves.toBe(1);
  });
});

describe('any text, as LibreOffice reads it', () => {
  it('round-trips through both formats but for what a cell cannot hold', async () => {
    const samples = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { numRuns: 300 });
    const texts = samples.filter((t) => t !== '');
    const files = (['xlsx', 'ods'] as const).map((format) => {
      const job = (format === 'xlsx' ? xlsxJob : odsJob)({
        name: 'Texts',
        header: ['Text'],
        count: texts.length,
        rowAt: (i) => [texts[i] ?? null],
      });
      const { parts } = runJob(job);
      return { name: `texts.${format}`, bytes: Buffer.concat(parts) };
    });
    const sheets = await readInLibreOffice(files);
    // XML's forbidden characters become U+FFFD, line ends line feeds. LibreOffice (7.4) loses a
    // tab inside a cell, of an .ods always (its own files included), of an .xlsx often: the
    // tabs are left out here, and SheetJS reads them back in test/app/lib/sheet-writers.test.ts.
    const kept = (text: string) => keptInCell(text).replace(/\t/g, '');
    const xlsxRows = sheets.get('texts.xlsx')?.slice(1) ?? [];
    const odsRows = sheets.get('texts.ods')?.slice(1) ?? [];
    const untabbed = (rows: TypedCell[][]) =>
      rows.map((r) => (r[0]?.text ?? '').replace(/\t/g, ''));
    expect(untabbed(xlsxRows)).toEqual(texts.map(kept));
    expect(untabbed(odsRows)).toEqual(texts.map(kept));
  });
});
