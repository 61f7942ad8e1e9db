/**
 * Hostile data in real Chromium: markup and script, `javascript:` and `data:` addresses,
 * right-to-left overrides, emoji, a 100 KB description and a seed with 10,000 metadata values
 * (src/server/catalogue/hostile.ts), and credentials carried by every record. Everything renders
 * as inert text: no script runs (a canary proves it, with the Content-Security-Policy and without
 * it), no policy violation is reported, the layout holds, the page stays responsive, and no secret
 * reaches the page or anything it keeps. Saves screenshots, light and dark, under
 * test/e2e/screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_URL,
  HOSTILE_SECRETS,
  IMG_ONERROR,
  JAVASCRIPT_URL,
  LONG_TEXT_LENGTH,
  MANY_VALUES,
  RLO,
  SCRIPT,
  type HostileIds,
} from '../../src/server/catalogue/hostile';
import { LEAKED_SECRET_MARKER } from '../../src/server/faults';
import { launchChromium } from '../support/chromium';
import { startFaultServer, type FaultServer } from '../support/fault-server';
import { everythingKept, openWatched, type WatchedPage } from '../support/watched-page';
import { projectRoot } from '../support/server-process';

const SCREENSHOTS = `${projectRoot}test/e2e/screenshots`;

let server: FaultServer;
let browser: Browser;
let ids: HostileIds;

const opened: WatchedPage[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [server, browser] = await Promise.all([
    startFaultServer({ seeds: 2_000, hostile: true }),
    launchChromium(),
  ]);
  if (!server.hostile) throw new Error('the hostile records were not added');
  ids = server.hostile;
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

afterEach(async () => {
  server.faults.clear();
  for (const { context } of opened.splice(0)) await context.close();
});

async function watch(options: { bypassCSP?: boolean; colorScheme?: 'light' | 'dark' } = {}) {
  const watched = await openWatched(browser, options);
  opened.push(watched);
  return { page: watched.page, watched };
}

/** What must hold on every page the tests visit. */
async function pageState(watched: WatchedPage) {
  const [violations, longestTask] = await Promise.all([
    watched.violations(),
    watched.longestTask(),
  ]);
  const layout = await watched.page.evaluate(() => {
    // SVG links (the charts' bars) hold their address in the attribute, not a string property.
    const links = [...document.querySelectorAll('a[href]')].map(
      (a) => new URL(a.getAttribute('href') ?? '', document.baseURI).href,
    );
    return {
      unsafeLinks: links.filter((href) => !/^https?:/.test(href)),
      overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      height: document.documentElement.scrollHeight,
    };
  });
  return { violations, longestTask, ...layout };
}

const collectionName = () =>
  server.catalogue.collections.find((c) => c.id === ids.collection)?.name ?? '';

/** Every hostile place in the explorer, touched the way a user would touch it. */
async function tour(page: Page, check: (where: string) => Promise<void>) {
  await page.goto(`${server.url}/collections`);
  const grid = page.getByRole('grid', { name: 'Collections' });
  await grid.getByRole('link', { name: collectionName(), exact: true }).waitFor();
  await check('collections');

  await page.goto(`${server.url}/collections/${String(ids.collection)}/seeds`);
  await page.getByRole('heading', { level: 1, name: collectionName(), exact: true }).waitFor();
  await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(7).waitFor();
  await check('collection');

  await page.getByRole('navigation', { name: 'Collection sections' }).getByText('Metadata').click();
  const boldName = page.getByText('<b onmouseover="window.__pwned = 1">Bold field name</b>');
  await boldName.hover();
  await check('collection metadata');
  await page
    .getByRole('button', { name: /^Show more/ })
    .first()
    .click();
  await check('collection, whole description');

  // The charts draw names and figures from the data: labels, tooltips and links alike.
  await page.goto(`${server.url}/collections/${String(ids.collection)}/overview`);
  await page.locator('svg.chart__svg a').first().hover();
  await check('collection overview');
  await page.goto(`${server.url}/overview`);
  // The hostile collection is the largest (2^53 − 1 bytes): the first bar, named as written.
  const largest = page
    .getByRole('figure', { name: 'Archived size by collection' })
    .locator('svg a');
  await largest.first().hover();
  const label = await largest.first().getAttribute('aria-label');
  expect(label?.startsWith(`${collectionName()}: `), String(label)).toBe(true);
  await check('overview');

  await page.goto(`${server.url}/seeds?seed=${String(ids.seeds.javascriptUrl)}`);
  const panel = page.getByRole('complementary');
  await panel.waitFor();
  expect(await panel.getByRole('link', { name: 'Live site' }).count()).toBe(0);
  await panel.getByText(JAVASCRIPT_URL, { exact: true }).first().click();
  await check('seed with a javascript: address');

  await page.goto(`${server.url}/seeds?seed=${String(ids.seeds.dataUrl)}`);
  await panel.waitFor();
  await panel.getByText(DATA_URL, { exact: true }).first().click();
  await check('seed with a data: address');

  await page.goto(`${server.url}/seeds?seed=${String(ids.seeds.markupInUrl)}`);
  await panel.waitFor();
  await check('seed with markup in its address');

  await page.goto(`${server.url}/seeds?seed=${String(ids.seeds.manyValues)}`);
  await panel.waitFor();
  await check('seed with 10,000 values, the first ten shown');
  await panel.getByRole('button', { name: /^Show all/ }).click();
  await panel.locator('dd.metadata-value').nth(MANY_VALUES).waitFor();
  await check('seed with 10,000 values');

  await page.goto(`${server.url}/seed-groups`);
  await page.getByRole('grid', { name: 'Seed groups' }).getByRole('row').nth(3).waitFor();
  await check('seed groups');

  await page.goto(`${server.url}/press`);
  const hostileCard = page.getByRole('article', { name: /A press item with a javascript: link/ });
  await hostileCard.waitFor();
  await check('press');
  await hostileCard.getByText(JAVASCRIPT_URL).click();
  await hostileCard.getByRole('button', { name: /^Show more/ }).click();
  await check('press, whole description');
}

describe('markup and addresses from the data never run', () => {
  it('under the Content-Security-Policy: nothing runs and no violation is reported', async () => {
    const { page, watched } = await watch();
    await tour(page, async (where) => {
      const state = await pageState(watched);
      expect(state.violations, `CSP violations on ${where}`).toEqual([]);
      expect(state.unsafeLinks, `non-http(s) links on ${where}`).toEqual([]);
    });
    expect(watched.ran).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it('without the policy’s protection, the rendering alone keeps every payload inert', async () => {
    const { page, watched } = await watch({ bypassCSP: true });
    await tour(page, async (where) => {
      await watched.violations(); // a round trip delivers any report the canary sent before it
      expect(watched.ran, `payloads that ran on ${where}`).toEqual([]);
    });
    expect(watched.ran).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it('shows the payloads as the text they are, and http(s) addresses only as safe links', async () => {
    const { page } = await watch();
    await page.goto(`${server.url}/collections/${String(ids.collection)}/seeds`);
    const seeds = page.getByRole('grid', { name: 'Seeds' });
    await seeds.getByRole('row').nth(7).waitFor();
    await seeds.getByRole('gridcell', { name: JAVASCRIPT_URL, exact: true }).waitFor();
    expect(await page.locator(`script:not([src])`).count()).toBe(0);
    expect(await page.locator('main img').count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Collection sections' })
      .getByText('Metadata')
      .click();
    await page
      .getByRole('button', { name: /^Show more/ })
      .first()
      .click();
    expect(await page.locator('.metadata-list').first().textContent()).toContain(IMG_ONERROR);
    expect(await page.locator('main img').count()).toBe(0);

    await page.goto(`${server.url}/press`);
    const card = page.getByRole('article', { name: 'A link with markup in it' });
    const link = card.getByRole('link', { name: /Read the article/ });
    expect(await link.getAttribute('href')).toBe(
      'https://example.org/%22%3E%3Cimg%20src=x%20onerror=%22window.__pwned%20=%201%22%3E',
    );
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await card.textContent()).toContain(SCRIPT);
  });
});

describe('the layout holds and the page stays responsive', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`in the ${scheme} theme`, async () => {
      const { page, watched } = await watch({ colorScheme: scheme });
      const fits = async (where: string) => {
        const state = await pageState(watched);
        expect(state.overflowX, `sideways scrolling on ${where}`).toBeLessThanOrEqual(0);
        const right = await page.evaluate(() =>
          Math.max(
            0,
            ...[...document.querySelectorAll('.press-card, .detail-panel, .collection-header')].map(
              (el) => el.getBoundingClientRect().right,
            ),
          ),
        );
        expect(right, `a box wider than the window on ${where}`).toBeLessThanOrEqual(1440);
        // Generous: it bounds a page that freezes, not one that is a little slow.
        expect(state.longestTask, `the longest task on ${where} (ms)`).toBeLessThan(3_000);
        return state;
      };

      await page.goto(`${server.url}/collections/${String(ids.collection)}/seeds`);
      await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(7).waitFor();
      await fits('the collection page');
      await page
        .getByRole('navigation', { name: 'Collection sections' })
        .getByText('Metadata')
        .click();
      const description = page.locator('.metadata-field', { hasText: 'Description' }).first();
      await description.waitFor();
      const collection = await fits('the collection’s metadata');
      // The 100 KB description shows its beginning until asked: the page is not metres long.
      expect(collection.height).toBeLessThan(4_000);
      const more = description.locator('.clamp-toggle');
      expect(await more.textContent()).toBe('Show more of Description');
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await page.screenshot({ path: `${SCREENSHOTS}/hostile-collection-${scheme}.png` });
      await more.click();
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      expect(await more.textContent()).toBe('Show less of Description');
      expect((await description.textContent())?.length).toBeGreaterThan(LONG_TEXT_LENGTH);
      await fits('the collection page with the whole description');

      await page.goto(`${server.url}/seeds?seed=${String(ids.seeds.manyValues)}`);
      const panel = page.getByRole('complementary');
      await panel.waitFor();
      // 10,000 values: the first ten, and a button for the rest.
      expect(await panel.locator('dd.metadata-value').count()).toBe(10 + 2);
      const all = panel.getByRole('button', { name: /^Show all 10,000 values/ });
      await fits('a seed with 10,000 values');
      await page.screenshot({ path: `${SCREENSHOTS}/hostile-seed-${scheme}.png` });
      await all.click();
      await expect.poll(() => panel.locator('dd.metadata-value').count()).toBe(MANY_VALUES + 2);
      await fits('a seed with all 10,000 values shown');
      // Still responsive: the panel closes at once.
      await panel.getByRole('button', { name: 'Close seed details' }).click();
      await panel.waitFor({ state: 'detached' });

      await page.goto(`${server.url}/press`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const press = await fits('the press page');
      expect(press.height).toBeLessThan(10_000);
      await page.screenshot({ path: `${SCREENSHOTS}/hostile-press-${scheme}.png` });

      await page.goto(`${server.url}/seeds?seed=${String(ids.seeds.rightToLeft)}`);
      await page.getByRole('complementary').waitFor();
      await fits('a right-to-left seed');
      await page.screenshot({ path: `${SCREENSHOTS}/hostile-rtl-${scheme}.png` });
      expect(watched.problems).toEqual([]);
    });
  }
});

describe('right-to-left text', () => {
  it('stays inside its own value: an override reorders neither labels nor counts', async () => {
    const { page } = await watch();
    await page.goto(`${server.url}/seeds?seed=${String(ids.seeds.rightToLeft)}`);
    const panel = page.getByRole('complementary');
    await panel.waitFor();
    // An address shows its direction override as the percent-encoding, as a browser does.
    const url = panel.locator('.field-row', { hasText: 'Canonical URL' }).locator('dd');
    expect(await url.textContent()).toBe('https://example.org/%E2%80%AEgpj.exe (same as the URL)');
    expect(await page.locator('main').textContent()).not.toContain(`${RLO}gpj`);
    const grid = page.getByRole('grid', { name: 'Seeds' });
    await grid.getByRole('gridcell', { name: 'https://example.org/%E2%80%AEgpj.exe' }).waitFor();

    // A field name with an override: its count still follows it, to the right.
    const field = panel.locator('.metadata-field', { hasText: 'reversed' }).locator('dt');
    expect(await field.locator('.muted').textContent()).toBe(' (3)');
    const { nameRight, countLeft } = await field.evaluate((dt) => {
      const count = dt.querySelector('.muted');
      if (!count || !dt.firstChild) throw new Error('no field name and count');
      const name = document.createRange();
      name.setStartBefore(dt.firstChild);
      name.setEndBefore(count);
      return {
        nameRight: name.getBoundingClientRect().right,
        countLeft: count.getBoundingClientRect().left,
      };
    });
    expect(countLeft).toBeGreaterThanOrEqual(nameRight - 1);
  });
});

describe('secrets', () => {
  const pages = () => [
    '/collections',
    `/collections/${String(ids.collection)}`,
    `/collections/${String(ids.collection)}/metadata`,
    `/seeds?seed=${String(ids.seeds.withLogin)}`,
    `/seeds?seed=${String(ids.seeds.manyValues)}`,
    '/seed-groups',
    '/press',
  ];

  /** Visits every page, then waits for the lists to be saved; every /api/ body it received. */
  async function tour(page: Page, secrets: readonly string[]): Promise<string[]> {
    const received: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) {
        void response.text().then(
          (body) => received.push(body),
          () => undefined,
        );
      }
    });
    for (const path of pages()) {
      await page.goto(server.url + path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const everything = await everythingKept(page);
      for (const secret of secrets) {
        expect(everything.includes(secret), `${secret} on ${path}`).toBe(false);
      }
    }
    // The lists kept for the next visit hold none either (they are written once complete).
    await expect
      .poll(async () => (await everythingKept(page)).match(/"head:/g)?.length ?? 0, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(3);
    const kept = await everythingKept(page);
    expect(kept).toContain('saved-lists');
    for (const secret of secrets) expect(kept.includes(secret), `${secret} kept`).toBe(false);
    return received;
  }

  it('never leave the server, nor reach anything the page keeps', async () => {
    server.faults.inject('*', { kind: 'secrets' });
    const { page } = await watch();
    const received = await tour(page, [LEAKED_SECRET_MARKER, ...Object.values(HOSTILE_SECRETS)]);
    // The service sent them on every list (the injector adds them), the server passed none on.
    expect(server.faults.requests.some((r) => r.faults.includes('secrets'))).toBe(true);
    expect(received.length).toBeGreaterThan(5);
    for (const body of received) expect(body).not.toContain(LEAKED_SECRET_MARKER);
  });

  it('that reach the browser some other way are dropped by its own check, the second line', async () => {
    const { page } = await watch();
    // Credentials put into every answer on its way into the browser, past the server: metadata
    // fields under the names the issue found slipping through, and an Author field to keep.
    const names = ['api_key', 'Passwort', 'pass\u00ADword', 'Access Key', 'login_username'];
    const planted = names.map((_, i) => `${LEAKED_SECRET_MARKER}browser-${String(i)}`);
    await page.context().route('**/api/**', async (route) => {
      let response;
      let records: unknown;
      try {
        response = await route.fetch();
        records = await response.json();
      } catch {
        // The page moved on (a navigation cancels its requests): nothing to plant.
        await route.abort().catch(() => undefined);
        return;
      }
      if (!Array.isArray(records)) {
        await route.fulfill({ response }).catch(() => undefined);
        return;
      }
      const planting = (record: Record<string, unknown>) => ({
        ...record,
        metadata: {
          ...(record.metadata as object | null),
          Author: [{ id: 1, value: 'Kept author' }],
          ...Object.fromEntries(names.map((name, i) => [name, [{ id: 2 + i, value: planted[i] }]])),
        },
      });
      const withPlanted = (records as unknown[]).map((r): unknown =>
        r !== null && typeof r === 'object' ? planting(r as Record<string, unknown>) : r,
      );
      await route.fulfill({ response, body: JSON.stringify(withPlanted) }).catch(() => undefined);
    });
    const received = await tour(page, planted);
    expect(received.some((body) => body.includes(planted[0] ?? '?'))).toBe(true);
    // The field that only looks like one is shown.
    await page.goto(`${server.url}/seeds?seed=${String(ids.seeds.withLogin)}`);
    await expect.poll(() => page.getByRole('complementary').textContent()).toContain('Kept author');
    await page.context().unrouteAll({ behavior: 'wait' });
  });
});
