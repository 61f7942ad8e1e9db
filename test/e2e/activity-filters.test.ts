/**
 * The activity filters and facets in real Chromium, against counts worked out here from the API's
 * own records with the rule of src/api/changes.ts: the "Added by" and "Last updated by" facets of
 * the seed list and of /collections, a filter link opening a list of the count its facet shows,
 * the filters combined with a metadata facet, and the CSV export holding exactly those rows.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addedOf, updateOf, utcDay, type Change } from '../../src/api/changes';
import { parseRecords } from '../../src/api/parse';
import type { Collection, Seed } from '../../src/api/records';
import { faultServerAndBrowser } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 3_000 });
const watch = watchedPages(() => setup.browser);
const open = (path: string): Promise<Page> => watch(setup.server.url + path);
const count = (n: number) => n.toLocaleString('en-US');

let seeds: Seed[] = [];
let collections: Collection[] = [];

beforeAll(async () => {
  const read = async (resource: 'seed' | 'collection') =>
    (await (await fetch(`${setup.server.url}/api/${resource}?limit=-1`)).json()) as unknown[];
  seeds = parseRecords('seed', await read('seed')).records;
  collections = parseRecords('collection', await read('collection')).records;
});

/** People and how many records each added (or last updated), with the unknown apart. */
function people(records: readonly object[], change: (row: object) => Change | null) {
  const counts = new Map<string, number>();
  let unknown = 0;
  for (const record of records) {
    const by = change(record)?.by;
    if (by === null) unknown++;
    else if (by !== undefined) counts.set(by, (counts.get(by) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  return { counts, ranked, unknown };
}

/** A facet's values as the panel shows them: label → count, and the "Unknown" line's count. */
async function facet(page: Page, title: string) {
  const section = page.getByRole('region', { name: title });
  await section.waitFor();
  const items = await section
    .locator('.facet__item')
    .evaluateAll((lis) =>
      lis.map((li) => [
        li.querySelector('.facet__label')?.textContent.trim() ?? '',
        Number(li.querySelector('.facet__count')?.textContent.replace(/,/g, '') ?? 'NaN'),
      ]),
    );
  const unknown = items.find(([label]) => label === 'Unknown');
  return {
    values: new Map(items.filter(([label]) => label !== 'Unknown') as [string, number][]),
    unknown: unknown ? (unknown[1] as number) : 0,
  };
}

async function countLine(page: Page, text: string): Promise<void> {
  await page.locator('.count-line').filter({ hasText: text }).first().waitFor();
  expect((await page.locator('.count-line').first().textContent())?.trim()).toBe(text);
}

async function exportCsv(page: Page): Promise<string[][]> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('group', { name: /^Export / });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('button', { name: 'CSV', exact: true }).click(),
  ]);
  const text = readFileSync(await download.path(), 'utf8');
  return Papa.parse<string[]>(text.slice(1, -2), { newline: '\r\n' }).data;
}

describe('the activity facets and filters of the seed list', () => {
  it('count each person as the API’s records say, most active first, the unknown apart', async () => {
    const page = await open('/seeds');
    await countLine(page, `${count(seeds.length)} seeds`);
    // The facets count the first rows while the list loads, then every row once it is complete.
    await page.getByText(`Counts of ${count(seeds.length)} seeds`, { exact: true }).waitFor();
    for (const [title, change] of [
      ['Added by', addedOf],
      ['Last updated by', updateOf],
    ] as const) {
      const expected = people(seeds, change);
      expect(expected.ranked.length).toBeGreaterThan(1);
      const shown = await facet(page, title);
      // The first values shown are the most active people, with their counts.
      const first = [...shown.values];
      expect(first.length).toBe(Math.min(10, expected.ranked.length));
      for (const [user, n] of first) expect(n).toBe(expected.counts.get(user));
      expect(first[0]?.[1]).toBe(expected.ranked[0]?.[1]);
      expect(shown.unknown).toBe(expected.unknown);
    }
  });

  it('opens, from a facet value, the list of that count; filters combine with a metadata facet and the export', async () => {
    const { ranked } = people(seeds, addedOf);
    const [user, added] = ranked[0] ?? ['', 0];
    const page = await open('/seeds');
    await countLine(page, `${count(seeds.length)} seeds`);
    const section = page.getByRole('region', { name: 'Added by' });
    await section.getByRole('checkbox', { name: new RegExp(`^${user}, `) }).click();
    await countLine(page, `${count(added)} of ${count(seeds.length)} seeds`);
    expect(new URL(page.url()).searchParams.getAll('created_by')).toEqual([user]);

    // With a metadata value and a time, exactly the records the rule keeps.
    const mine = seeds.filter((s) => addedOf(s)?.by === user);
    const language = people(mine, (s) => ({
      by: (s as Seed).metadata.Language?.[0]?.value ?? null,
      ms: 0,
    })).ranked[0]?.[0];
    expect(language).toBeDefined();
    const days = mine.map((s) => updateOf(s)?.ms).filter((ms) => ms !== undefined);
    const since = utcDay(days.sort((a, b) => a - b)[Math.floor(days.length / 2)] ?? 0);
    const expected = mine.filter(
      (s) =>
        (s.metadata.Language ?? []).some((e) => e.value === language) &&
        (updateOf(s)?.ms ?? -1) >= Date.parse(`${since}T00:00:00Z`),
    );
    expect(expected.length).toBeGreaterThan(0);
    const query = new URLSearchParams({ created_by: user, updated_since: since });
    query.append('where', `Language:${language ?? ''}`);
    const filtered = await open(`/seeds?${query.toString()}`);
    await countLine(filtered, `${count(expected.length)} of ${count(seeds.length)} seeds`);
    await filtered
      .getByRole('button', { name: /^Remove the filter: last updated since/ })
      .waitFor();
    const [header, ...rows] = await exportCsv(filtered);
    const url = header?.indexOf('URL') ?? -1;
    expect(rows.map((r) => r[url]).sort()).toEqual(expected.map((s) => s.url).sort());
  });

  it('says what is wrong with a day the calendar does not have, and shows no seed', async () => {
    const page = await open('/seeds?updated_since=2026-02-30');
    await page
      .getByText('“2026-02-30” is not a day of the calendar', { exact: false })
      .first()
      .waitFor();
    await page.getByText('No seeds match these filters.').waitFor();
  });
});

describe('the activity facets of /collections', () => {
  it('count who added and last updated the collections, and a value opens that many', async () => {
    const page = await open('/collections');
    await countLine(page, `${count(collections.length)} collections`);
    await page.getByRole('button', { name: 'Show the facets' }).click();
    const expected = people(collections, updateOf);
    const shown = await facet(page, 'Last updated by');
    for (const [user, n] of shown.values) expect(n).toBe(expected.counts.get(user));
    expect(shown.values.size).toBe(Math.min(10, expected.ranked.length));
    const [user, n] = expected.ranked[0] ?? ['', 0];
    await page
      .getByRole('region', { name: 'Last updated by' })
      .getByRole('checkbox', { name: new RegExp(`^${user}, `) })
      .click();
    await countLine(page, `${count(n)} of ${count(collections.length)} collections`);
    expect(new URL(page.url()).searchParams.getAll('updated_by')).toEqual([user]);
  });
});
