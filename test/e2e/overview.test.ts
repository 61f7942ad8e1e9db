/**
 * The overviews in real Chromium, under the Content-Security-Policy: a bar, clicked or reached
 * with the keyboard, opens the list it counts, with the same count, inside the app (no page load).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireCollection } from '../../src/contract/wire';
import { launchChromium } from '../support/chromium';
import { contrast, deltaE, DEFICIENCIES, parseRgb, simulate } from '../support/colour';
import { startFaultServer, type FaultServer } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

let server: FaultServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startFaultServer({ seeds: 6_000 }), launchChromium()]);
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

const watch = watchedPages(() => browser);
const open = (path: string): Promise<Page> => watch(server.url + path);
const count = (n: number) => n.toLocaleString('en-US');

/** The figure a bar's link gives: "Over a year ago: 53 collections" → 53. */
async function figureOf(bar: Locator): Promise<number> {
  const label = (await bar.getAttribute('aria-label')) ?? '';
  return Number(/: ([\d,]+) \w+$/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);
}

async function countLine(page: Page, text: string): Promise<void> {
  await page.locator('.count-line').filter({ hasText: text }).first().waitFor();
  expect((await page.locator('.count-line').first().textContent())?.trim()).toBe(text);
}

/** Marks the document, so a test can tell a navigation inside the app from a page load. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { stayed?: boolean }).stayed = true;
  });
const stayed = (page: Page) =>
  page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

/** Collections last crawled over a year before today (UTC), counted here from the catalogue. */
function crawledOverAYearAgo(collections: readonly WireCollection[]): number {
  const now = new Date();
  const yearAgo = Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate());
  return collections.filter(
    (c) => c.last_crawl_date !== null && Date.parse(c.last_crawl_date) < yearAgo,
  ).length;
}

describe('from a bar to the list it counts', () => {
  it('a click on “Over a year ago” opens those collections, as many as the bar says', async () => {
    const page = await open('/overview');
    const chart = page.getByRole('figure', { name: 'Last crawl' });
    const bar = chart.getByRole('link', { name: /^Over a year ago: / });
    await bar.waitFor();
    const figure = await figureOf(bar);
    expect(figure).toBe(crawledOverAYearAgo(server.catalogue.collections));
    await mark(page);
    await bar.click();
    await countLine(
      page,
      `${count(figure)} of ${count(server.catalogue.collections.length)} collections`,
    );
    expect(new URL(page.url()).searchParams.get('crawled')).toBe('older');
    expect(await stayed(page)).toBe(true);
  });

  it('the keyboard reaches every bar: Tab to the chart, the arrows along it, Enter to open', async () => {
    const page = await open('/overview');
    const chart = page.getByRole('figure', { name: 'Archived size by collection' });
    const links = chart.locator('svg a');
    await links.first().waitFor();
    const total = await links.count();
    expect(total).toBe(16);
    // Tab until the chart has focus: one stop for all its bars.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await links.first().evaluate((el) => el === document.activeElement)) break;
    }
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    const seen = [await focused()];
    for (let i = 1; i < total; i++) {
      await page.keyboard.press('ArrowDown');
      seen.push(await focused());
    }
    expect(seen).toEqual(
      await links.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
    );
    // The focused bar shows its exact figure.
    await expect.poll(() => chart.locator('.chart__tooltip').textContent()).toContain('bytes)');
    await mark(page);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-size');
    expect(await stayed(page)).toBe(true);
  });

  it('seeds by month load on request, and a month opens its seeds', async () => {
    const page = await open('/overview');
    await page
      .getByRole('button', { name: `Load the ${count(6_000)} seeds to chart them` })
      .click();
    const chart = page.getByRole('figure', { name: 'Seeds added per month' });
    const month = server.catalogue.seeds[0]?.created_date.slice(0, 7) ?? '';
    const seeds = server.catalogue.seeds.filter(
      (s) => s.created_date.startsWith(month) && s.active,
    );
    const name = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 1, 1));
    const bar = chart.getByRole('link', { name: `${name}, active: ${count(seeds.length)} seeds` });
    await bar.waitFor({ timeout: 20_000 });
    await bar.click();
    await countLine(
      page,
      `${count(seeds.length)} of ${count(server.catalogue.seeds.length)} seeds`,
    );
    const url = new URL(page.url());
    expect(url.pathname).toBe('/seeds');
    expect(url.searchParams.get('created')).toBe(month);
  });

  it('a collection’s Overview tab leads from a group to its seeds', async () => {
    const collection = [...server.catalogue.collections].sort(
      (a, b) => b.num_active_seeds - a.num_active_seeds,
    )[0];
    if (!collection) throw new Error('no collection');
    const page = await open(`/collections/${String(collection.id)}/overview`);
    const chart = page.getByRole('figure', { name: 'Seeds by group' });
    const bar = chart.locator('svg a').first();
    await bar.waitFor();
    // The charts count the seeds loaded so far; the first bar is the largest group once all are in.
    await page.getByRole('progressbar', { name: 'Loading seeds' }).waitFor({ state: 'hidden' });
    const figure = await figureOf(bar);
    const group = /seed_group=(\d+)/.exec((await bar.getAttribute('href')) ?? '')?.[1];
    expect(figure).toBe(
      server.catalogue.seeds.filter((s) => String(s.seed_group) === group).length,
    );
    await bar.click();
    const mine = server.catalogue.seeds.filter((s) => s.collection === collection.id);
    await page
      .locator('.count-line')
      .filter({ hasText: `${count(figure)} of ${count(mine.length)}` })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/collections/${String(collection.id)}`);
  });
});

describe('the charts’ code loads with the overviews only', () => {
  // Strings only the charts' code contains: its axes' class names and the overviews' titles.
  const CHART_CODE = ['visx-axis', 'Archived size by collection', 'Seeds by last checked HTTP'];

  /** The text of every script a first visit to `path` fetches, until `ready` and no request. */
  async function scriptsOf(path: string, ready: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text());
    });
    await page.goto(server.url + path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const texts = await Promise.all(scripts);
    await context.close();
    return texts;
  }
  const chartCode = (scripts: readonly string[]) =>
    CHART_CODE.filter((marker) => scripts.some((text) => text.includes(marker)));
  const rows = (name: string) => (page: Page) =>
    page.getByRole('grid', { name }).getByRole('row').nth(2).waitFor();
  const collection = () => String(server.catalogue.collections[0]?.id);

  const pages: [string, () => string, (page: Page) => Promise<void>][] = [
    ['/collections', () => '/collections', rows('Collections')],
    ['/seeds', () => '/seeds', rows('Seeds')],
    ['/seed-groups', () => '/seed-groups', rows('Seed groups')],
    ['/press', () => '/press', (page) => page.getByRole('heading', { level: 2 }).first().waitFor()],
    ['a collection’s Seeds tab', () => `/collections/${collection()}`, rows('Seeds')],
    [
      'a collection’s Metadata tab',
      () => `/collections/${collection()}/metadata`,
      (page) => page.getByRole('heading', { name: 'Seed metadata coverage' }).waitFor(),
    ],
  ];
  it.each(pages)('%s fetches none of it', async (_where, path, ready) => {
    expect(chartCode(await scriptsOf(path(), ready))).toEqual([]);
  });

  const overviews: [string, () => string][] = [
    ['/overview', () => '/overview'],
    ['a collection’s Overview tab', () => `/collections/${collection()}/overview`],
  ];
  it.each(overviews)('%s fetches it with its charts', async (_where, path) => {
    const scripts = await scriptsOf(path(), (page) =>
      page.locator('svg.chart__svg a').first().waitFor(),
    );
    expect(chartCode(scripts)).toEqual(CHART_CODE);
  });
});

describe.each(['light', 'dark'] as const)('the charts’ colours in the %s theme', (scheme) => {
  /** Every bar's fill on the page, by its chart, series and whether it is greyed. */
  const fills = (page: Page) =>
    page.locator('.chart-card').evaluateAll((cards) =>
      cards.flatMap((card) =>
        [...card.querySelectorAll('.chart__segment rect')].map((rect) => ({
          chart: card.getAttribute('data-chart') ?? '',
          series: /chart__segment--(\d)/.exec(rect.parentElement?.getAttribute('class') ?? '')?.[1],
          muted: rect.closest('.chart__bar--muted') !== null,
          fill: getComputedStyle(rect).fill,
          background: getComputedStyle(card).backgroundColor,
        })),
      ),
    );

  it('every bar stands out from its card by 3:1, on both overviews', async () => {
    const collection = [...server.catalogue.collections].sort(
      (a, b) => b.num_active_seeds - a.num_active_seeds,
    )[0];
    for (const path of ['/overview', `/collections/${String(collection?.id)}/overview`]) {
      const page = await watch(server.url + path, { colorScheme: scheme });
      await page.locator('svg.chart__svg a').first().waitFor();
      await expect.poll(() => page.locator('svg.chart__svg').count()).toBeGreaterThan(1);
      const seen = await fills(page);
      expect(seen.length).toBeGreaterThan(0);
      for (const bar of seen) {
        const ratio = contrast(parseRgb(bar.fill), parseRgb(bar.background));
        expect(ratio, `${path} ${bar.chart}: ${bar.fill} on ${bar.background}`).toBeGreaterThan(3);
      }
    }
  });

  it('active and inactive stay apart for colour-blind eyes, and match the legend', async () => {
    const collection = [...server.catalogue.collections].sort(
      (a, b) => b.num_active_seeds - a.num_active_seeds,
    )[0];
    const page = await watch(`${server.url}/collections/${String(collection?.id)}/overview`, {
      colorScheme: scheme,
    });
    const chart = page.locator('[data-chart="seeds-per-month"]');
    await chart.locator('svg a').first().waitFor();
    const months = (await fills(page)).filter((b) => b.chart === 'seeds-per-month' && !b.muted);
    const colour = (series: string) => {
      const found = months.find((b) => b.series === series);
      if (!found) throw new Error(`no bar of series ${series}`);
      return parseRgb(found.fill);
    };
    const [active, inactive] = [colour('1'), colour('2')];
    expect(deltaE(active, inactive)).toBeGreaterThan(40);
    for (const [name, matrix] of Object.entries(DEFICIENCIES)) {
      const apart = deltaE(simulate(active, matrix), simulate(inactive, matrix));
      expect(apart, name).toBeGreaterThan(40);
    }
    const swatches = await chart
      .locator('.chart-legend__swatch')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
    expect(swatches.slice(0, 2).map(parseRgb)).toEqual([active, inactive]);
  });
});
