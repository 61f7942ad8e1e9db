/**
 * /activity and a collection's Activity tab in real Chromium: the figures equal the counts worked
 * out here from the API's own records with changes.ts, the chart's table gives the chart's
 * figures, the keyboard reaches every part of every bar, and the visitor's representation says who
 * is unknown. (Both themes' accessibility audits of the page and the tab, loaded, are in
 * pages-light.test.ts and pages-dark.test.ts with every other page's.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addedOf, updateOf, utcDay } from '../../src/api/changes';
import { readItems } from '../../src/api/parse';
import type { Collection, Seed } from '../../src/api/records';
import { startServer, type ServerProcess } from '../support/server-process';
import { count, explorerForThisFile } from './explorer-pages';

// Every figure here is worked out from the API's own records, at any size: a small catalogue is
// loaded into the page a dozen times in a fraction of the time 20,000 seeds took.
const explorer = explorerForThisFile(3_000);
const DAY = 86_400_000;

/** Every seed and collection as the page reads them, from the API. */
async function records(base: string) {
  const get = async (resource: 'seed' | 'collection') =>
    (await (await fetch(`${base}/api/${resource}?limit=-1&format=api`)).json()) as unknown[];
  const seeds: Seed[] = [];
  const collections: Collection[] = [];
  readItems('seed', await get('seed'), 0, (row) => seeds.push(row));
  readItems('collection', await get('collection'), 0, (row) => collections.push(row));
  return { seeds, collections };
}

function today(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** The changes changes.ts reads from these records, from `from` on. */
function changesSince(rows: readonly object[], from: number) {
  const added = rows.map(addedOf).filter((c) => c !== null && c.ms >= from);
  const updated = rows.map(updateOf).filter((c) => c !== null && c.ms >= from);
  return { added: added.length, updated: updated.length, all: [...added, ...updated] };
}

/** Opens `path`, loads every seed when the page asks, and waits until all are counted. */
async function openLoaded(path: string, open: (path: string) => Promise<Page>): Promise<Page> {
  const page = await open(path);
  const load = page.getByRole('button', { name: /^Load the .* seeds to chart them$/ });
  const chart = page.locator('svg.chart__svg');
  await Promise.race([load.waitFor(), chart.waitFor()]);
  if (await load.isVisible()) await load.click();
  await chart.waitFor();
  await page.getByRole('progressbar').waitFor({ state: 'detached' });
  return page;
}

const figureText = (page: Page, label: string) =>
  page
    .locator('.headline__item')
    .filter({ hasText: label })
    .locator('.headline__value')
    .innerText();

/** Each part of the chart's bars: "Week of …, person: 12 changes" → its figure, by bar and series. */
async function chartFigures(page: Page): Promise<Map<string, number>> {
  const labels = await page
    .locator('[data-chart="changes-per-week"] svg .chart__segment')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return new Map(
    labels.map((label) => {
      const match = /^(.*): ([\d,]+) changes?$/.exec(label);
      return [match?.[1] ?? label, Number(match?.[2]?.replace(/,/g, '') ?? NaN)];
    }),
  );
}

describe('/activity', () => {
  it('its figures equal the counts worked out from the API’s records', async () => {
    const page = await openLoaded('/activity?period=30d', explorer.open);
    const { seeds, collections } = await records(explorer.server.url);
    const from = today() - 29 * DAY;
    const seedChanges = changesSince(seeds, from);
    const collectionChanges = changesSince(collections, from);
    expect(await figureText(page, 'Seeds added')).toBe(count(seedChanges.added));
    expect(await figureText(page, 'Seeds updated')).toBe(count(seedChanges.updated));
    expect(await figureText(page, 'Collections added')).toBe(
      `${count(collectionChanges.added)} · ${count(collectionChanges.updated)}`,
    );
    // Each day shown: its changes, seeds' and collections' together.
    const perDay = new Map<string, number>();
    for (const change of [...seedChanges.all, ...collectionChanges.all]) {
      if (change) perDay.set(utcDay(change.ms), (perDay.get(utcDay(change.ms)) ?? 0) + 1);
    }
    const shown = await page.locator('.activity-day__title').evaluateAll((titles) =>
      titles.map((t) => ({
        day: t.querySelector('time')?.getAttribute('datetime') ?? '',
        text: t.textContent,
      })),
    );
    const newest = [...perDay.keys()].sort().reverse();
    expect(shown.map((d) => d.day)).toEqual(newest.slice(0, shown.length));
    for (const { day, text } of shown) {
      const n = perDay.get(day) ?? 0;
      expect(text).toContain(`${count(n)} ${n === 1 ? 'change' : 'changes'}`);
    }
    // The chart: each week's changes, of every date since its first Monday.
    const weeks = await chartFigures(page);
    const drawn = [...weeks.values()].reduce((a, b) => a + b, 0);
    const monday = (ms: number) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY;
    const first = monday(today()) - 25 * 7 * DAY;
    const last = monday(today()) + 7 * DAY;
    const inWeeks = [...seeds, ...collections]
      .flatMap((r) => [addedOf(r), updateOf(r)])
      .filter((c) => c !== null && c.ms >= first && c.ms < last).length;
    expect(drawn).toBe(inWeeks);
  });

  it('the chart’s table gives the chart’s figures', async () => {
    const page = await openLoaded('/activity', explorer.open);
    const chart = page.locator('[data-chart="changes-per-week"]');
    const drawn = await chartFigures(page);
    expect(drawn.size).toBeGreaterThan(0);
    await chart.getByRole('button', { name: 'Show as table' }).click();
    const table = chart.getByRole('table');
    await table.waitFor();
    const series = (await table.locator('thead th').allInnerTexts()).slice(1, -1);
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        label: tr.querySelector('th')?.textContent ?? '',
        cells: [...tr.querySelectorAll('td')].map((td) => Number(td.textContent.replace(/,/g, ''))),
      })),
    );
    expect(rows).toHaveLength(26);
    const tabled = new Map<string, number>();
    for (const row of rows) {
      series.forEach((name, i) => {
        const value = row.cells[i] ?? 0;
        if (value > 0) tabled.set(`${row.label}, ${name.toLowerCase()}`, value);
      });
      // Its total is the sum of its parts.
      const parts = row.cells.slice(0, -1).reduce((a, b) => a + b, 0);
      expect(row.cells.at(-1)).toBe(parts);
    }
    expect(tabled).toEqual(drawn);
  });

  it('the keyboard reaches every part of every bar, and Enter opens that week', async () => {
    const page = await openLoaded('/activity', explorer.open);
    const links = page.locator('[data-chart="changes-per-week"] svg a');
    const total = await links.count();
    expect(total).toBeGreaterThan(0);
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      if (await links.first().evaluate((el) => el === document.activeElement)) break;
    }
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    const seen = [await focused()];
    for (let i = 1; i < total; i++) {
      await page.keyboard.press('ArrowRight');
      seen.push(await focused());
    }
    expect(seen).toEqual(
      await links.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
    );
    // The focused part shows the week's figures.
    await expect
      .poll(() => page.locator('[data-chart="changes-per-week"] .chart__tooltip').textContent())
      .toMatch(/^Week of .*: [\d,]+ changes?/);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('week'))
      .toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.locator('.activity-day, .empty-state').first().waitFor();
  });

  it('a bad address says what it ignored and shows the last 30 days', async () => {
    const page = await openLoaded('/activity?period=12d&since=2026-02-31', explorer.open);
    await page.getByText('“12d” is not a period of days').waitFor();
    await page.getByText('“2026-02-31” is not a day of the calendar').waitFor();
    expect(await page.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('30d');
  });

  it('each figure of the day list opens a list of that many records', async () => {
    const page = await openLoaded('/activity?period=30d', explorer.open);
    const figures = page.locator('.activity-line a');
    const n = Math.min(6, await figures.count());
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const link = figures.nth(i);
      const figure = Number((await link.innerText()).replace(/[^\d]/g, ''));
      const href = (await link.getAttribute('href')) ?? '';
      const list = await explorer.open(href);
      const noun = href.startsWith('/collections?') ? 'collections' : 'seeds';
      await expect
        .poll(() => list.locator('.count-line').first().textContent())
        .toMatch(
          new RegExp(`^${count(figure)} (of [\\d,]+ )?${figure === 1 ? noun.slice(0, -1) : noun}`),
        );
    }
  });
});

describe('a collection’s Activity tab', () => {
  it('counts the collection’s seeds, as the API’s records say', async () => {
    const id = await explorer.biggestCollection();
    const page = await openLoaded(`/collections/${String(id)}/activity?period=90d`, explorer.open);
    const { seeds } = await records(explorer.server.url);
    const own = changesSince(
      seeds.filter((s) => s.collectionId === id),
      today() - 89 * DAY,
    );
    expect(await figureText(page, 'Seeds added')).toBe(count(own.added));
    expect(await figureText(page, 'Seeds updated')).toBe(count(own.updated));
  });
});

describe('the visitor’s representation', () => {
  let visitor: ServerProcess | undefined;
  beforeAll(async () => {
    visitor = await startServer(['--port', '0', '--seeds', '3000', '--public']);
  });
  afterAll(async () => {
    await visitor?.stop();
  });

  it('says who is unknown and why, and still counts by date', async () => {
    const base = visitor?.url ?? '';
    const page = await openLoaded('/activity?period=90d', async (path) => {
      const opened = await explorer.open('/no/such/page');
      await opened.goto(base + path);
      return opened;
    });
    const { seeds, collections } = await records(base);
    const all = [...seeds, ...collections].flatMap((r) => [addedOf(r), updateOf(r)]);
    const unnamed = all.filter((c) => c !== null && c.by === null).length;
    expect(unnamed).toBeGreaterThan(0);
    const note = page.getByRole('note');
    await expect.poll(() => note.textContent()).toContain('visitor without an account');
    expect(await note.textContent()).toContain(
      unnamed === all.filter((c) => c !== null).length
        ? 'No change names who made it'
        : `${count(unnamed)} changes`,
    );
    const from = today() - 89 * DAY;
    expect(await figureText(page, 'Collections added')).toBe(
      `${count(changesSince(collections, from).added)} · ${count(changesSince(collections, from).updated)}`,
    );
  });
});
