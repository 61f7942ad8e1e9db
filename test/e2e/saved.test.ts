/**
 * The saved catalogue in real Chromium: a big list is parsed in the worker, kept in IndexedDB once
 * complete, shown at once on a reload while the service has not answered yet, and refreshed in the
 * background. Another catalogue served at the same address never sees it, and "Clear saved data"
 * empties it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { seedGridRows, seedGridSettled } from '../support/seed-grid';
import { startServer, type ServerProcess } from '../support/server-process';
import { everythingKept, LIST_AGE, savedResources, watchedPages } from '../support/watched-page';

const SEEDS = 12_000;

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(['--port', '0', '--seeds', String(SEEDS)]),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

const watch = watchedPages(() => browser);

const rowCount = seedGridRows;
const loaded = seedGridSettled;

/** How many seed lists the page has kept (each waits for an idle moment to be written). */
async function savedSeedLists(page: Page): Promise<number> {
  return (await savedResources(page)).filter((resource) => resource === 'seed').length;
}

/** Holds the service's answers for seeds back until released, counting the requests. */
async function holdSeedAnswers(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route('**/api/seed?*', async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  // The promise's executor has run: `release` is the promise's own.
  return { asked: () => asked, release };
}

async function seedsCount(url: string): Promise<number> {
  const response = await fetch(`${url}/api/seed?limit=0`);
  return Number(response.headers.get('Total-Row-Count'));
}

describe('the saved catalogue', () => {
  it('shows a reload at once from what was saved, then refreshes it from the service', async () => {
    const page = await watch(`${server.url}/seeds`);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.reload();
    await loaded(page, SEEDS);
    // Pages of this size are asked for and read off the main thread.
    expect(workers.some((url) => url.includes('exchange-worker'))).toBe(true);
    await expect.poll(() => savedSeedLists(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    // The service now holds its answers back: the saved rows show regardless.
    const answers = await holdSeedAnswers(page);
    await page.reload();
    await loaded(page, SEEDS);
    expect(await page.getByText(LIST_AGE).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Refreshing…' }).isDisabled()).toBe(true);
    expect(answers.asked()).toBeGreaterThan(0);
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(5).waitFor();

    // Once the fresh list has fully arrived it takes the saved one's place.
    answers.release();
    await page.getByRole('button', { name: 'Refresh', exact: true }).waitFor({ timeout: 60_000 });
    expect(await page.getByText(/^Updated just now$/).count()).toBe(1);
    expect(await rowCount(page)).toBe(SEEDS);
    await page.unroute('**/api/seed?*');
  });

  it('keeps one catalogue’s lists from another served at the same address', async () => {
    const page = await watch(`${server.url}/seeds`);
    await loaded(page, SEEDS);
    await expect.poll(() => savedSeedLists(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    // Another catalogue, at the very same origin: the saved rows are not its rows.
    const port = new URL(server.url).port;
    await server.stop();
    server = await startServer(['--port', port, '--seeds', '3000']);
    const other = await seedsCount(server.url);
    expect(other).not.toBe(SEEDS);
    const answers = await holdSeedAnswers(page);
    await page.reload();
    // The list is asked for once the saved catalogue has been looked in: nothing was shown from it.
    await expect.poll(answers.asked).toBeGreaterThan(0);
    expect(await page.locator('.count-line').first().textContent()).toBe('Loading seeds…');
    answers.release();
    await loaded(page, other);
    await page.unroute('**/api/seed?*');
  });

  it('forgets every saved list on "Clear saved data"', async () => {
    const page = await watch(`${server.url}/seeds`);
    const rows = await seedsCount(server.url);
    await loaded(page, rows);
    await expect.poll(() => savedSeedLists(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Clear saved data' }).click();
    await page.getByText('Saved data cleared.').waitFor();
    expect(await savedResources(page)).toEqual([]);
    expect(await everythingKept(page)).not.toMatch(/"block:/);

    // Nothing saved, so the next reload waits for the service as a first visit does.
    await page.route('**/api/seed?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.reload();
    await page.getByRole('progressbar').first().waitFor();
    await loaded(page, rows);
  });
});
