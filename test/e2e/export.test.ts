/**
 * Exports in real Chromium: each format downloaded from the page's Export menu and compared with
 * what the page shows (its count, its column headers, its rows in their order), under filters, the
 * quick filter and a sort, and on the hostile catalogue: values round-trip, formulas are
 * neutralised, and no secret reaches any file. The menu and the CSV library stay out of the first
 * screen's JavaScript until the Export button is reached.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireSeedDefault } from '../../src/contract/wire';
import { fold } from '../../src/lib/text-match';
import {
  FORMULAS,
  HIDDEN_FORMULAS,
  HOSTILE_SECRETS,
  MANY_LINES_URL,
  longDescription,
} from '../../src/server/catalogue/hostile';
import { openInLibreOffice } from '../support/spreadsheet';
import { launchChromium } from '../support/chromium';
import { startFaultServer, type FaultServer } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

let server: FaultServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFaultServer({ seeds: 3_000, hostile: true }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

const watch = watchedPages(() => browser);
const open = (path: string): Promise<Page> => watch(server.url + path);
const count = (n: number) => n.toLocaleString('en-US');
const TODAY = /-\d{4}-\d{2}-\d{2}/.source;

interface Downloaded {
  name: string;
  text: string;
}

/** Opens the Export menu, chooses a format, and reads the file the browser downloads. */
async function exportAs(
  page: Page,
  format: 'CSV' | 'JSON' | 'URL list',
  options: { allMetadata?: boolean } = {},
): Promise<Downloaded> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('group', { name: /^Export / });
  await menu.waitFor();
  if (options.allMetadata) {
    await menu
      .getByRole('checkbox', { name: 'Include all metadata fields (CSV and spreadsheets)' })
      .check();
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('button', { name: format, exact: true }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

/** A CSV file's records, header first, after checking it is what a spreadsheet expects. */
function csvRecords(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1, -2), { newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** The grid's column headers and the text of its rendered rows, top to bottom. */
async function shown(page: Page, grid: string) {
  const table = page.getByRole('grid', { name: grid });
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const rows = await table
    .locator('tbody tr[aria-rowindex]')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('[role="gridcell"]')].map((td) => td.textContent.trim()),
      ),
    );
  return { headers, rows };
}

async function countLine(page: Page, text: string) {
  await page.locator('.count-line').filter({ hasText: text }).first().waitFor();
}

const seeds = () => server.catalogue.seeds;
const languages = (s: WireSeedDefault) => (s.metadata.Language ?? []).map((e) => e.value);

/** The text of every script the page has loaded so far. */
async function scripts(page: Page): Promise<string[]> {
  const paths = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
  return Promise.all(
    [...new Set(paths)].map(async (path) => (await fetch(server.url + path)).text()),
  );
}

describe('the first screen', () => {
  it('loads neither the menu nor the CSV library until the Export button is reached', async () => {
    // A field name only Papa Parse's code holds, and a label only the menu's code holds.
    const markers = ['__parsed_extra', 'Include all metadata fields'];
    const holds = (texts: string[], marker: string) => texts.some((t) => t.includes(marker));
    const page = await open('/collections');
    await page.getByRole('grid', { name: 'Collections' }).getByRole('row').nth(2).waitFor();
    await page.waitForLoadState('networkidle');
    const first = await scripts(page);
    expect(first.length).toBeGreaterThan(1);
    for (const marker of markers) expect(holds(first, marker), marker).toBe(false);

    await page.getByRole('button', { name: 'Export', exact: true }).hover();
    await expect
      .poll(async () => {
        const now = await scripts(page);
        return markers.filter((marker) => holds(now, marker));
      })
      .toEqual(markers);
  });
});

describe('a seed list under filters, the quick filter and a sort', () => {
  it('exports the rows the page counts, in its order, with its columns, in every format', async () => {
    const english = seeds().filter((s) => languages(s).includes('English'));
    // The quick filter leaves some of the English seeds: the file holds exactly as many.
    const expected = english.filter((s) =>
      fold(`${s.url} ${s.canonical_url} ${s.metadata.Title?.[0]?.value ?? ''}`).includes('.org'),
    );
    const shownCount = expected.length;
    expect(shownCount).toBeGreaterThan(10);
    expect(shownCount).toBeLessThan(english.length);
    const page = await open('/seeds?where=Language:English&q=.org&sort=-url');
    // The count once every seed is loaded and filtered (not a count on the way there).
    await page
      .locator('.count-line')
      .filter({ hasText: new RegExp(`^${count(shownCount)} of ${count(seeds().length)} seeds$`) })
      .waitFor();
    const screen = await shown(page, 'Seeds');

    const csv = await exportAs(page, 'CSV');
    expect(csv.name).toMatch(new RegExp(`^seeds-where-Language-English-q-org${TODAY}\\.csv$`));
    const [header, ...rows] = csvRecords(csv.text);
    expect(header).toEqual(screen.headers);
    expect(rows).toHaveLength(shownCount);
    // The rows on screen are the file's first rows, cell for cell where the screen shows text.
    const url = screen.headers.indexOf('URL');
    const title = screen.headers.indexOf('Title');
    expect(screen.rows.length).toBeGreaterThan(5);
    screen.rows.forEach((cells, i) => {
      expect(rows[i]?.[url]).toBe(cells[url]);
      // Several values: "; " on screen, " | " in every export (a value may hold a semicolon).
      expect(rows[i]?.[title]?.split(' | ')).toEqual(cells[title]?.split('; '));
    });
    const urls = rows.map((r) => r[url] ?? '');
    expect(new Set(urls)).toEqual(new Set(expected.map((s) => s.url)));

    const json = await exportAs(page, 'JSON');
    expect(json.name).toMatch(new RegExp(`^seeds-where-Language-English-q-org${TODAY}\\.json$`));
    const records = JSON.parse(json.text) as { url: string; metadata: object; id: number }[];
    expect(records.map((r) => r.url)).toEqual(urls);
    const byId = new Map(english.map((s) => [s.id, s]));
    for (const record of records) expect(record.metadata).toEqual(byId.get(record.id)?.metadata);

    const list = await exportAs(page, 'URL list');
    expect(list.name).toMatch(/\.txt$/);
    expect(list.text.split('\n')).toEqual([...urls, '']);
  });
});

describe('every table exports what it shows', () => {
  it('collections, with every metadata field', async () => {
    const page = await open('/collections?state=ACTIVE&sort=-size');
    const active = server.catalogue.collections.filter((c) => c.state === 'ACTIVE');
    await countLine(page, `${count(active.length)} of`);
    const screen = await shown(page, 'Collections');
    const csv = await exportAs(page, 'CSV', { allMetadata: true });
    expect(csv.name).toMatch(new RegExp(`^collections-state-ACTIVE${TODAY}\\.csv$`));
    const [header, ...rows] = csvRecords(csv.text);
    expect(header?.slice(0, screen.headers.length)).toEqual(screen.headers);
    expect(header).toContain('Title');
    expect(rows).toHaveLength(active.length);
    const size = screen.headers.indexOf('Archived size');
    const sizes = rows.map((r) => Number(r[size]));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // Exact bytes, as the service counts them.
    expect(new Set(sizes)).toEqual(new Set(active.map((c) => c.total_warc_bytes)));
    screen.rows.forEach((cells, i) => {
      expect(rows[i]?.[0]).toBe(cells[0]);
    });
  });

  it('seed groups on a collection’s page, and the press gallery', async () => {
    const collection = server.catalogue.seedGroups.at(-1)?.collection;
    const page = await open(`/collections/${String(collection)}/seed-groups`);
    const groups = server.catalogue.seedGroups.filter((g) => g.collection === collection);
    await page.getByRole('grid', { name: 'Seed groups' }).getByRole('row').nth(1).waitFor();
    const screen = await shown(page, 'Seed groups');
    const csv = await exportAs(page, 'CSV');
    expect(csv.name).toMatch(new RegExp(`^seed-groups-collection-${String(collection)}${TODAY}`));
    const [header, ...rows] = csvRecords(csv.text);
    expect(header).toEqual(screen.headers);
    expect(rows.map((r) => r[0])).toEqual(screen.rows.map((r) => r[0]));
    expect(rows).toHaveLength(groups.length);

    await page.goto(`${server.url}/press`);
    const cards = page.locator('.press-card h2');
    await cards.first().waitFor();
    const titles = await cards.allTextContents();
    const press = await exportAs(page, 'JSON');
    expect(press.name).toMatch(new RegExp(`^press-mentions${TODAY}\\.json$`));
    const items = JSON.parse(press.text) as { title: string }[];
    expect(items.map((i) => i.title)).toEqual(titles);
  });
});

describe('the hostile catalogue', () => {
  it('round-trips every value, neutralises formulas and carries no secret', async () => {
    const ids = server.hostile;
    if (!ids) throw new Error('no hostile records');
    const page = await open(`/collections/${String(ids.collection)}/seeds`);
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(2).waitFor();
    const csv = await exportAs(page, 'CSV', { allMetadata: true });
    const json = await exportAs(page, 'JSON');
    for (const file of [csv.text, json.text]) {
      for (const secret of Object.values(HOSTILE_SECRETS)) expect(file).not.toContain(secret);
    }
    const [header = [], ...rows] = csvRecords(csv.text);
    const order = (JSON.parse(json.text) as { id: number }[]).map((r) => r.id);
    const cell = (id: number, column: string) => rows[order.indexOf(id)]?.[header.indexOf(column)];
    // One cell holds every value of a field; a spreadsheet reads it as text, not a formula.
    expect(cell(ids.seeds.dataUrl, 'Notes')).toBe(`'${FORMULAS.join(' | ')}`);
    expect(cell(ids.seeds.manyValues, 'Description')).toBe(longDescription());
    // As the screen shows it: an override cannot turn the address around.
    expect(cell(ids.seeds.rightToLeft, 'URL')).toBe('https://example.org/%E2%80%AEgpj.exe');
  });

  it('a spreadsheet runs no formula from any cell, however it is hidden', async () => {
    const ids = server.hostile;
    if (!ids) throw new Error('no hostile records');
    const page = await open(`/collections/${String(ids.collection)}/seeds`);
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(2).waitFor();
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Type' }).check();
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const csv = await exportAs(page, 'CSV', { allMetadata: true });
    const sheet = await openInLibreOffice(csv.text);
    // Every formula the records hold reached the file: in a title, a note, a type, a field name.
    const text = sheet.flat().map((c) => c.text);
    for (const formula of HIDDEN_FORMULAS) {
      expect(
        text.some((t) => t.includes(formula.replace('\u0000', '').trim())),
        formula,
      ).toBe(true);
    }
    expect(sheet.flat().filter((c) => c.formula)).toEqual([]);
    expect(sheet.flat().filter((c) => c.link)).toEqual([]);
  });

  it('a list of addresses keeps each on its own line, by every reader’s idea of a line', async () => {
    const ids = server.hostile;
    if (!ids) throw new Error('no hostile records');
    const page = await open(`/collections/${String(ids.collection)}/seeds`);
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(2).waitFor();
    const list = await exportAs(page, 'URL list');
    // Python's splitlines, and any control or separator taken for the end of a line.
    const lines = list.text.split(/\r\n|[\p{Cc}\u2028\u2029]/u).slice(0, -1);
    const seedCount = server.catalogue.seeds.filter((s) => s.collection === ids.collection).length;
    expect(lines).toHaveLength(seedCount);
    expect(lines).toContain(
      'https://example.org/one%C2%85two%0Bthree%0Cfour%1Cfive%1Dsix%1Eseven%E2%80%A8eight',
    );
    expect(lines.map((line) => decodeURIComponent(line))).toContain(MANY_LINES_URL);
  });

  it('puts no secret in any export of any table', async () => {
    const ids = server.hostile;
    if (!ids) throw new Error('no hostile records');
    const files: Downloaded[] = [];
    const page = await open('/collections?sort=-size');
    // The hostile collection is the largest: it is in the first rows, with its access token.
    await page
      .getByRole('grid', { name: 'Collections' })
      .getByRole('link', { name: /Hostile collection/ })
      .waitFor();
    files.push(await exportAs(page, 'CSV', { allMetadata: true }), await exportAs(page, 'JSON'));

    await page.goto(`${server.url}/collections/${String(ids.collection)}/seeds`);
    // The seed with a login is there.
    await page
      .getByRole('grid', { name: 'Seeds' })
      .getByText('https://example.org/members-only/')
      .waitFor();
    files.push(await exportAs(page, 'URL list'));

    await page.goto(`${server.url}/seeds?q=members-only`);
    await countLine(page, `1 of ${count(seeds().length)} seeds`);
    files.push(await exportAs(page, 'CSV', { allMetadata: true }), await exportAs(page, 'JSON'));

    await page.goto(`${server.url}/seed-groups`);
    await page.getByRole('grid', { name: 'Seed groups' }).getByRole('row').nth(2).waitFor();
    files.push(await exportAs(page, 'CSV'), await exportAs(page, 'JSON'));

    await page.goto(`${server.url}/press`);
    await page.locator('.press-card h2').first().waitFor();
    files.push(await exportAs(page, 'CSV'), await exportAs(page, 'JSON'));

    expect(files).toHaveLength(9);
    // The files hold the records the secrets belong to.
    expect(files[1]?.text).toContain(`"id":${String(ids.collection)}`);
    expect(files[4]?.text).toContain(`"id":${String(ids.seeds.withLogin)}`);
    for (const file of files) {
      for (const secret of Object.values(HOSTILE_SECRETS)) {
        expect(file.text, file.name).not.toContain(secret);
      }
      expect(file.text, file.name).not.toMatch(
        /login_password|login_username|private_access_token/,
      );
    }
  });
});
