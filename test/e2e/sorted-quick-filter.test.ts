/**
 * The quick filter on a sorted seed list, in Chromium against the built app: the rows it keeps are
 * shown in the sort's order both ways (their ranks are kept by block once the list is sorted, so
 * the filtered rows are not ranked again from their addresses), each holds what was typed, and
 * emptying the box brings back every row in order.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faultServerAndBrowser } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 3_000 });
const watch = watchedPages(() => setup.browser);
const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** The URL cells of the rows on screen. */
const urls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="grid"] tbody tr[aria-rowindex]')].map(
      (row) => row.querySelector('[role="gridcell"]')?.textContent ?? '',
    ),
  );

const inOrder = (texts: readonly string[]) =>
  texts.length > 2 &&
  texts.every((t, i) => i === 0 || collator.compare(texts[i - 1] ?? '', t) <= 0);

const rowCount = (page: Page) =>
  page.locator('[role="grid"][aria-label="Seeds"]').getAttribute('aria-rowcount');

describe('the quick filter on a sorted seed list', () => {
  it('shows the rows it keeps in the sort’s order, both ways', async () => {
    const page = await watch(`${setup.server.url}/seeds`);
    await page.locator('[role="grid"][aria-label="Seeds"][aria-rowcount="3001"]').waitFor({
      timeout: 30_000,
    });
    const header = page.getByRole('columnheader', { name: /^URL/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(async () => inOrder(await urls(page))).toBe(true);

    await page.getByRole('searchbox', { name: 'Quick filter' }).fill('news');
    await expect.poll(() => rowCount(page)).not.toBe('3001');
    const kept = Number(await rowCount(page)) - 1;
    expect(kept).toBeGreaterThan(2);
    await expect.poll(async () => inOrder(await urls(page))).toBe(true);
    await expect
      .poll(() => page.locator('.count-line').textContent())
      .toContain(kept.toLocaleString('en-US'));

    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => inOrder((await urls(page)).reverse())).toBe(true);
    expect(Number(await rowCount(page)) - 1).toBe(kept);

    await page.getByRole('searchbox', { name: 'Quick filter' }).fill('');
    await expect.poll(() => rowCount(page)).toBe('3001');
    await expect.poll(async () => inOrder((await urls(page)).reverse())).toBe(true);
  });
});
