/**
 * The overviews in real Chromium, under the Content-Security-Policy: a bar, clicked or reached
 * with the keyboard, opens the list it counts, with the same count, inside the app (no page load).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { WireCollection } from '../../src/contract/wire';
import { contrast, deltaE, DEFICIENCIES, parseRgb, simulate } from '../support/colour';
import { faultServerAndBrowser, startFaultServer } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 6_000 });

const watch = watchedPages(() => setup.browser);
const open = (path: string): Promise<Page> => watch(setup.server.url + path);
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

/** Waits until the months chart counts every one of `total` seeds, not only the first loaded. */
async function allCounted(page: Page, total: number) {
  const chart = page.getByRole('figure', { name: 'Seeds added per month' });
  const counted = () =>
    chart
      .locator('svg .chart__segment')
      .evaluateAll((segments) =>
        segments.reduce(
          (sum, el) =>
            sum +
            Number(
              /: ([\d,]+) \w+/.exec(el.getAttribute('aria-label') ?? '')?.[1]?.replace(/,/g, '') ??
                0,
            ),
          0,
        ),
      );
  await expect.poll(counted, { timeout: 20_000 }).toBe(total);
}

describe('from a bar to the list it counts', () => {
  it('a click on “Over a year ago” opens those collections, as many as the bar says', async () => {
    const page = await open('/overview');
    const chart = page.getByRole('figure', { name: 'Last crawl' });
    const bar = chart.getByRole('link', { name: /^Over a year ago: / });
    await bar.waitFor();
    const figure = await figureOf(bar);
    expect(figure).toBe(crawledOverAYearAgo(setup.server.catalogue.collections));
    await mark(page);
    await bar.click();
    await countLine(
      page,
      `${count(figure)} of ${count(setup.server.catalogue.collections.length)} collections`,
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

  it('seeds by month load on request, and a period opens its seeds', async () => {
    const page = await open('/overview');
    await page
      .getByRole('button', { name: `Load the ${count(6_000)} seeds to chart them` })
      .click();
    const chart = page.getByRole('figure', { name: 'Seeds added per month' });
    // Twenty years of months at 1440 px: the chart draws them by quarter.
    const month = setup.server.catalogue.seeds[0]?.created_date.slice(0, 7) ?? '';
    const quarter = `${month.slice(0, 4)}-Q${String(Math.ceil(Number(month.slice(5)) / 3))}`;
    const inQuarter = (date: string) => {
      const m = Number(date.slice(5, 7));
      return date.startsWith(month.slice(0, 4)) && Math.ceil(m / 3) === Number(quarter.slice(-1));
    };
    const seeds = setup.server.catalogue.seeds.filter((s) => inQuarter(s.created_date) && s.active);
    const name = `Q${quarter.slice(-1)} ${month.slice(0, 4)}`;
    const bar = chart.getByRole('link', { name: `${name}, active: ${count(seeds.length)} seeds` });
    await bar.waitFor({ timeout: 20_000 });
    await bar.click();
    await countLine(
      page,
      `${count(seeds.length)} of ${count(setup.server.catalogue.seeds.length)} seeds`,
    );
    const url = new URL(page.url());
    expect(url.pathname).toBe('/seeds');
    expect(url.searchParams.get('created')).toBe(quarter);
  });

  it('a collection’s Overview tab leads from a group to its seeds', async () => {
    const collection = [...setup.server.catalogue.collections].sort(
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
      setup.server.catalogue.seeds.filter((s) => String(s.seed_group) === group).length,
    );
    await bar.click();
    const mine = setup.server.catalogue.seeds.filter((s) => s.collection === collection.id);
    await page
      .locator('.count-line')
      .filter({ hasText: `${count(figure)} of ${count(mine.length)}` })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/collections/${String(collection.id)}/seeds`);
  });

  it('“All 47 other collections” opens exactly those 47, largest first', async () => {
    const page = await open('/overview');
    const chart = page.getByRole('figure', { name: 'Archived size by collection' });
    const bar = chart.getByRole('link', { name: /^All [\d,]+ other collections: / });
    await bar.waitFor();
    const label = (await bar.getAttribute('aria-label')) ?? '';
    const others = Number(/^All ([\d,]+) other/.exec(label)?.[1]?.replace(/,/g, ''));
    const total = setup.server.catalogue.collections.length;
    expect(others).toBe(total - 15);
    await mark(page);
    await bar.click();
    await countLine(page, `${count(others)} of ${count(total)} collections`);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-size');
    expect(await stayed(page)).toBe(true);
  });

  /**
   * Every bar of a chart that opens a list, clicked in turn: the list's count line gives the same
   * number as the bar. `figure` reads the bar's number from its name.
   */
  async function everyBarOpensItsCount(
    page: Page,
    title: string,
    pick: (labels: string[]) => string[] = (labels) => labels,
  ) {
    const chart = page.getByRole('figure', { name: title });
    await chart.locator('svg a').first().waitFor();
    const labels = pick(
      await chart
        .locator('svg a')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? '')),
    );
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      const bar = chart.locator(`svg a[aria-label="${label.replace(/"/g, '\\"')}"]`);
      const figure = /^All ([\d,]+) other/.exec(label)?.[1] ?? /: ([\d,]+) \w+$/.exec(label)?.[1];
      await bar.click();
      const line = page.locator('.count-line').first();
      // The list's own count, once its filters have been applied to every row.
      const shown = async () =>
        /^(?:Seeds in (?:no )?group[^·]*· )?([\d,]+) of [\d,]+( \w+)?$/.exec(
          (await line.textContent()) ?? '',
        )?.[1];
      await expect.poll(shown, { message: `${title}: ${label}`, timeout: 15_000 }).toBe(figure);
      await page.goBack();
      await chart.locator('svg a').first().waitFor();
    }
  }

  it('every bar of the overview opens a list of exactly its count', async () => {
    const page = await open('/overview');
    await everyBarOpensItsCount(page, 'Last crawl');
    // Of the sizes, the bar that opens a list: all others (each of the rest opens a collection).
    await everyBarOpensItsCount(page, 'Archived size by collection', (labels) =>
      labels.filter((l) => l.startsWith('All ')),
    );
    await page
      .getByRole('button', { name: `Load the ${count(6_000)} seeds to chart them` })
      .click();
    await allCounted(page, 6_000);
    // The first, the largest and the last period, active and inactive.
    await everyBarOpensItsCount(page, 'Seeds added per month', (labels) => {
      const of = (l: string) => Number(/: ([\d,]+) \w+$/.exec(l)?.[1]?.replace(/,/g, ''));
      const largest = [...labels].sort((a, b) => of(b) - of(a))[0] ?? '';
      return [...new Set([labels[0] ?? '', largest, labels.at(-1) ?? ''])];
    });
  });

  it('every bar of a collection’s Overview opens a list of exactly its count', async () => {
    const collection = [...setup.server.catalogue.collections].sort(
      (a, b) => b.num_active_seeds - a.num_active_seeds,
    )[0];
    const page = await open(`/collections/${String(collection?.id)}/overview`);
    await allCounted(
      page,
      setup.server.catalogue.seeds.filter((s) => s.collection === collection?.id).length,
    );
    for (const title of [
      'Seeds by group',
      'Seeds by last checked HTTP status',
      'Required metadata: seeds lacking each field',
    ]) {
      await everyBarOpensItsCount(page, title);
    }
    await everyBarOpensItsCount(page, 'Seeds added per month', (labels) => labels.slice(-2));
  });
});

describe('month bars a reader can see, and an outlier that flattens nothing', () => {
  /** The narrowest bar of the months chart on a page, in CSS pixels. */
  const narrowest = (page: Page) =>
    page
      .locator('[data-chart="seeds-per-month"] .chart__segment rect')
      .evaluateAll((rects) => Math.min(...rects.map((r) => r.getBoundingClientRect().width)));

  it.each([1440, 768])(
    'at %i px, folds months into quarters or years rather than draw bars under 8 px',
    async (width) => {
      const page = await watch(`${setup.server.url}/overview`);
      await page.setViewportSize({ width, height: 900 });
      await page
        .getByRole('button', { name: `Load the ${count(6_000)} seeds to chart them` })
        .click();
      const chart = page.getByRole('figure', { name: 'Seeds added per month' });
      await allCounted(page, 6_000);
      expect(await narrowest(page)).toBeGreaterThanOrEqual(8);
      // Twenty years of months do not fit: the axis says what a bar is.
      expect(await chart.locator('.chart__axis-label').allTextContents()).toContain(
        width === 1440 ? 'Quarter created (UTC)' : 'Year created (UTC)',
      );
      // The table still gives each month.
      await chart.getByRole('button', { name: 'Show as table' }).click();
      await chart.getByRole('table').waitFor();
      expect(await chart.getByRole('button', { name: 'Show as chart' }).count()).toBe(1);
      const month = setup.server.catalogue.seeds[0]?.created_date.slice(0, 7) ?? '';
      const name = new Intl.DateTimeFormat('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 1, 1));
      await chart.getByRole('rowheader', { name }).waitFor();
    },
  );

  it('draws a 9 PB collection as a broken bar with its figure, the others to scale', async () => {
    const outlier = await startFaultServer({
      seeds: 1_000,
      app: true,
      edit: (catalogue) => {
        const third = [...catalogue.collections].sort(
          (a, b) => b.total_warc_bytes - a.total_warc_bytes,
        )[2];
        if (third) third.total_warc_bytes = 9e15;
      },
    });
    try {
      const page = await watch(`${outlier.url}/overview`);
      const chart = page.getByRole('figure', { name: 'Archived size by collection' });
      await chart.locator('svg a').first().waitFor();
      const lengths = await chart
        .locator('.chart__bar')
        .evaluateAll((bars) =>
          bars.map((bar) =>
            [...bar.querySelectorAll('rect')].reduce(
              (sum, r) => sum + r.getBoundingClientRect().width,
              0,
            ),
          ),
        );
      const [broken, second] = lengths;
      // The outlier runs the whole axis, broken; the next largest is long enough to compare.
      expect(await chart.locator('.chart__bar').first().locator('.chart__break').count()).toBe(1);
      expect(await chart.locator('.chart__break').count()).toBe(1);
      expect(second).toBeGreaterThan((broken ?? 0) * 0.5);
      expect(
        await chart.locator('.chart__bar').first().locator('.chart__value').textContent(),
      ).toBe('9 PB');
      // Its exact figure, as every bar's, on focus.
      await chart.locator('svg a').first().focus();
      await expect
        .poll(() => chart.locator('.chart__tooltip').textContent())
        .toContain('(9,000,000,000,000,000 bytes)');
    } finally {
      await outlier.close();
    }
  });
});

describe('the charts’ code loads with the overviews only', () => {
  // Strings only the charts' code contains: its axes' class names and the overviews' titles.
  const CHART_CODE = ['chart__axis-label', 'Archived size by collection', 'Seeds added per month'];

  /** The text of every script a first visit to `path` fetches, until `ready` and no request. */
  async function scriptsOf(path: string, ready: (page: Page) => Promise<void>) {
    const context = await setup.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text());
    });
    await page.goto(setup.server.url + path);
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
  const collection = () => String(setup.server.catalogue.collections[0]?.id);

  const pages: [string, () => string, (page: Page) => Promise<void>][] = [
    ['/collections', () => '/collections', rows('Collections')],
    ['/seeds', () => '/seeds', rows('Seeds')],
    ['/seed-groups', () => '/seed-groups', rows('Seed groups')],
    ['/press', () => '/press', (page) => page.getByRole('heading', { level: 2 }).first().waitFor()],
    ['a collection’s Seeds tab', () => `/collections/${collection()}/seeds`, rows('Seeds')],
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
    const collection = [...setup.server.catalogue.collections].sort(
      (a, b) => b.num_active_seeds - a.num_active_seeds,
    )[0];
    for (const path of ['/overview', `/collections/${String(collection?.id)}/overview`]) {
      const page = await watch(setup.server.url + path, { colorScheme: scheme });
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
    const collection = [...setup.server.catalogue.collections].sort(
      (a, b) => b.num_active_seeds - a.num_active_seeds,
    )[0];
    const page = await watch(`${setup.server.url}/collections/${String(collection?.id)}/overview`, {
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
