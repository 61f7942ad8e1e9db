/**
 * The table's sorting code loads on first use (src/components/data-table/sorting-code.ts), in
 * Chromium against the built app: the collections' first screen does not fetch it, and their
 * first sort by mouse does; a seed list, once complete, fetches it to prepare its sort keys, and
 * sorts from the keyboard; a load that fails says why, keeps the rows and works on Try again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faultServerAndBrowser } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 3_000 });
const watch = watchedPages(() => setup.browser);

/** The sorting code's one file as the build names it, with the query of a later try. */
const SORTING = /\/assets\/sorting-[\w-]+\.js(\?[^/]*)?$/;
const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** The scripts the page has fetched so far. */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );

/** The first column's text of the first rows on screen (at least three of them). */
async function firstCells(page: Page, grid: string, count = 8): Promise<string[]> {
  const rows = page.getByRole('grid', { name: grid }).getByRole('row');
  const texts: string[] = [];
  for (let i = 1; i <= count; i++) {
    texts.push((await rows.nth(i).getByRole('gridcell').first().textContent()) ?? '');
  }
  expect(texts.filter((t) => t !== '').length).toBeGreaterThan(2);
  return texts;
}

const inOrder = (texts: readonly string[]) =>
  texts.every((t, i) => i === 0 || collator.compare(texts[i - 1] ?? '', t) <= 0);

describe('the sorting code, loaded on first use', () => {
  it('is not fetched by the collections’ first screen, and their first click sorts', async () => {
    const page = await watch(`${setup.server.url}/collections`);
    await page.getByRole('grid', { name: 'Collections' }).getByRole('row').nth(2).waitFor();
    await page.waitForLoadState('networkidle');
    expect((await scripts(page)).filter((path) => SORTING.test(path))).toEqual([]);

    const header = page.getByRole('columnheader', { name: /^Name/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(async () => inOrder(await firstCells(page, 'Collections'))).toBe(true);
    expect((await scripts(page)).some((path) => SORTING.test(path))).toBe(true);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
  });

  it('is fetched by a complete seed list for its sort keys, and sorts from the keyboard', async () => {
    const page = await watch(`${setup.server.url}/seeds`);
    const grid = page.locator('[role="grid"][aria-label="Seeds"][aria-rowcount="3001"]');
    await grid.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await scripts(page)).some((path) => SORTING.test(path)))
      .toBe(true);
    const button = page.getByRole('columnheader', { name: /^URL/ }).getByRole('button');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('url');
    await expect
      .poll(() => page.getByRole('columnheader', { name: /^URL/ }).getAttribute('aria-sort'))
      .toBe('ascending');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-url');
    await expect.poll(async () => inOrder((await firstCells(page, 'Seeds')).reverse())).toBe(true);
  });

  it('says why when it cannot be loaded, keeps the rows, and works on Try again', async () => {
    const page = await watch(`${setup.server.url}/collections`);
    await page.getByRole('grid', { name: 'Collections' }).getByRole('row').nth(2).waitFor();
    const before = await firstCells(page, 'Collections');
    // The service's order is not the names' order, so a sort that happened would show.
    expect(inOrder(before)).toBe(false);
    await page.route(SORTING, (route) => route.abort('internetdisconnected'));
    const header = page.getByRole('columnheader', { name: /^Name/ });
    await header.getByRole('button').click();
    const alert = page.getByRole('alert').filter({ hasText: 'Sorting is not available' });
    await expect
      .poll(() => alert.textContent())
      .toMatch(
        /^Sorting is not available: its code could not be loaded \(.+\)\. The rows are in the order the service sent them\. Try again$/,
      );
    expect(await header.getAttribute('aria-sort')).toBe('none');
    expect(await firstCells(page, 'Collections')).toEqual(before);

    await page.unroute(SORTING);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => alert.count()).toBe(0);
    await expect.poll(async () => inOrder(await firstCells(page, 'Collections'))).toBe(true);
  });
});
