/**
 * The explorer in real Chromium against `npm start`'s server (20,000 seeds unless a file asks for
 * fewer), shared by the browser files: the server and the browser for a file, its pages watched
 * for what must never happen, and every page of the explorer in the states worth checking (for
 * the theme audits).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from '../support/chromium';
import { projectRoot, startServer, type ServerProcess } from '../support/server-process';
import { watchedPages } from '../support/watched-page';

const SCREENSHOTS = `${projectRoot}test/e2e/screenshots`;

export const count = (n: number) => n.toLocaleString('en-US');

export interface Explorer {
  readonly server: ServerProcess;
  /** Seeds in the server's sample catalogue. */
  readonly seeds: number;
  open: (path: string, colorScheme?: 'light' | 'dark') => Promise<Page>;
  api: <T>(path: string) => Promise<{ body: T; total: number }>;
  shoot: (page: Page, name: string) => Promise<void>;
  /** The id of the collection with the most active seeds. */
  biggestCollection: () => Promise<number>;
}

/** Starts the server and a browser before the file's tests, and stops them after. */
export function explorerForThisFile(seeds = 20_000): Explorer {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [server, browser] = await Promise.all([
      startServer(['--port', '0', '--seeds', String(seeds)]),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const running = () => {
    if (!server) throw new Error('The server has not started.');
    return server;
  };
  const watch = watchedPages(() => {
    if (!browser) throw new Error('The browser has not started.');
    return browser;
  });
  const api = async <T>(path: string) => {
    const response = await fetch(`${running().url}/api/${path}`);
    return {
      body: (await response.json()) as T,
      total: Number(response.headers.get('Total-Row-Count')),
    };
  };
  return {
    get server() {
      return running();
    },
    seeds,
    open: (path, colorScheme = 'light') => watch(running().url + path, { colorScheme }),
    api,
    shoot: async (page, name) => {
      await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
    },
    biggestCollection: async () => {
      const { body } = await api<{ id: number; num_active_seeds: number }[]>('collection');
      return [...body].sort((a, b) => b.num_active_seeds - a.num_active_seeds)[0]?.id ?? 0;
    },
  };
}

/**
 * Seeds behind the theme audits. An audit reads a page's markup and colours, which are the same
 * for 3,000 seeds as for 20,000 (every collection, group, field and chart is there either way),
 * while loading 20,000 into every page kept each audit waiting seconds longer; the large lists are
 * proven where size is the point (explorer.test.ts, resilience.test.ts).
 */
export const AUDIT_SEEDS = 3_000;

/** A page of the explorer as the theme audits see it. */
export interface Shown {
  name: string;
  path: string | ((explorer: Explorer) => Promise<string>);
  /** Waits until the page shows what it is for. */
  ready: (page: Page, explorer: Explorer) => Promise<void>;
  /** A narrower window than the usual 1440 pixels. */
  width?: number;
}

const gridRows = (name: string, rows: number) => (page: Page) =>
  page.getByRole('grid', { name }).getByRole('row').nth(rows).waitFor();

/** Every chart of the page drawn, with a bar to open. */
const charts = (n: number) => (page: Page) =>
  page
    .locator('svg.chart__svg a')
    .first()
    .waitFor()
    .then(async () => {
      await expect.poll(() => page.locator('svg.chart__svg').count()).toBe(n);
    });

export const PAGES: Shown[] = [
  { name: 'overview', path: '/overview', ready: charts(2) },
  {
    name: 'overview-seeds',
    path: '/overview',
    ready: async (page) => {
      await page.getByRole('button', { name: /^Load the .* seeds to chart them$/ }).click();
      await charts(3)(page);
      await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
      await page.getByRole('figure', { name: 'Seeds added per month' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'collection-overview',
    path: async (e) => `/collections/${String(await e.biggestCollection())}/overview`,
    ready: charts(4),
  },
  { name: 'collections', path: '/collections', ready: gridRows('Collections', 5) },
  {
    name: 'seeds',
    path: '/seeds',
    ready: (page, e) => page.getByText(`${count(e.seeds)} seeds`, { exact: true }).waitFor(),
  },
  {
    name: 'seeds-filtered',
    path: '/seeds?where=Language:English&missing=Description&active=true',
    ready: (page) =>
      page.getByRole('region', { name: 'Refine' }).getByRole('checkbox').first().waitFor(),
  },
  {
    name: 'seeds-export-menu',
    path: '/seeds?where=Language:English',
    ready: async (page) => {
      await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(3).waitFor();
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await page
        .getByRole('group', { name: 'Export seeds' })
        .getByRole('button', { name: 'CSV' })
        .waitFor();
    },
  },
  {
    name: 'seeds-columns-menu',
    path: '/seeds?active=true',
    ready: async (page) => {
      await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(3).waitFor();
      await page.getByRole('button', { name: 'Columns' }).click();
      await page
        .getByRole('group', { name: 'Columns of Seeds' })
        .getByRole('checkbox')
        .first()
        .waitFor();
    },
  },
  {
    name: 'collections-other-fields',
    path: '/collections?state=ACTIVE',
    ready: async (page) => {
      await page.getByRole('grid', { name: 'Collections' }).getByRole('row').nth(3).waitFor();
      await page.getByRole('button', { name: /^Check other fields/ }).click();
      await page.getByRole('checkbox', { name: 'Creator' }).click();
      await page
        .getByRole('link', { name: / of these / })
        .nth(1)
        .waitFor();
    },
  },
  {
    name: 'seeds-refine-768',
    path: '/seeds?where=Language:English',
    width: 768,
    ready: async (page) => {
      await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(3).waitFor();
      await page.getByRole('button', { name: /^Refine/ }).click();
      await page.getByRole('region', { name: 'Refine' }).getByRole('checkbox').first().waitFor();
    },
  },
  {
    name: 'seed-detail-768',
    path: async (e) => {
      const { body } = await e.api<{ id: number }[]>('seed?limit=1');
      return `/seeds?seed=${String(body[0]?.id)}`;
    },
    width: 768,
    ready: (page) => page.getByRole('complementary').waitFor(),
  },
  {
    name: 'seed-detail',
    path: async (e) => {
      const { body } = await e.api<{ id: number }[]>('seed?limit=1');
      return `/seeds?seed=${String(body[0]?.id)}`;
    },
    ready: (page) => page.getByRole('complementary').waitFor(),
  },
  {
    name: 'collection',
    path: async (e) => `/collections/${String(await e.biggestCollection())}/seeds`,
    ready: gridRows('Seeds', 3),
  },
  {
    name: 'collection-seed-groups',
    path: async (e) => `/collections/${String(await e.biggestCollection())}/seed-groups`,
    ready: gridRows('Seed groups', 2),
  },
  {
    name: 'collection-metadata',
    path: async (e) => `/collections/${String(await e.biggestCollection())}/metadata`,
    ready: (page) => page.locator('.metadata-list, .tab-panel .muted').first().waitFor(),
  },
  { name: 'seed-groups', path: '/seed-groups', ready: gridRows('Seed groups', 3) },
  {
    name: 'press',
    path: '/press',
    ready: (page) => page.getByRole('heading', { level: 2 }).first().waitFor(),
  },
  {
    name: 'activity',
    path: '/activity?period=90d',
    ready: async (page) => {
      await page.getByRole('button', { name: /^Load the .* seeds to chart them$/ }).click();
      await charts(1)(page);
      await page.getByRole('progressbar').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'collection-activity',
    path: async (e) => `/collections/${String(await e.biggestCollection())}/activity?period=90d`,
    ready: charts(1),
  },
  {
    name: 'not-found',
    path: '/no/such/page',
    ready: (page) => page.getByRole('heading', { name: 'There is no such page' }).waitFor(),
  },
];
