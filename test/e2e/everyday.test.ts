/**
 * The explorer as an archivist uses it all day, in real Chromium: menus chosen from by their text,
 * tables that fit the screen, the keyboard's way through a list, and a narrow window.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faultServerAndBrowser } from '../support/fault-server';
import { savedResources, watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 6_000 });

const watch = watchedPages(() => setup.browser);
const open = (path: string): Promise<Page> => watch(setup.server.url + path);

/** The grid once it shows rows. */
async function gridWithRows(page: Page, name: string) {
  const grid = page.getByRole('grid', { name });
  await grid.getByRole('row').nth(2).waitFor();
  return grid;
}

describe('the Columns and Export menus', () => {
  it('toggle an option from anywhere on its row, and stay open while options are chosen', async () => {
    const page = await open('/seeds');
    const grid = await gridWithRows(page, 'Seeds');
    await page.getByRole('button', { name: 'Columns' }).click();
    const panel = page.getByRole('group', { name: 'Columns of Seeds' });
    // The option's text…
    await panel.getByText('Created by', { exact: true }).click();
    await grid.getByRole('columnheader', { name: 'Created by' }).waitFor();
    expect(await panel.getByRole('checkbox', { name: 'Created by' }).isChecked()).toBe(true);
    expect(await panel.isVisible()).toBe(true);
    // …and the far end of another option's row, well away from its box.
    const row = panel.locator('label').filter({ hasText: /^ID$/ });
    const box = await row.boundingBox();
    if (!box) throw new Error('the ID option is not on screen');
    await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
    await grid.getByRole('columnheader', { name: 'ID', exact: true }).waitFor();
    expect(await panel.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const menu = page.getByRole('group', { name: 'Export seeds' });
    await menu.getByText('Include all metadata fields (CSV and spreadsheets)').click();
    expect(
      await menu.getByRole('checkbox', { name: /Include all metadata fields/ }).isChecked(),
    ).toBe(true);
    expect(await menu.isVisible()).toBe(true);
  });
});

describe('/collections on a 1440-pixel screen', () => {
  it('shows its columns side by side, Seeds among them, without scrolling sideways', async () => {
    const page = await open('/collections');
    const grid = await gridWithRows(page, 'Collections');
    await grid.getByRole('columnheader', { name: /^Seeds/ }).waitFor();
    const scroller = page.locator('.data-table__scroll');
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});

describe('how old a list is', () => {
  it('is said beside the count on every list page, for as long as the list shows, with a Refresh', async () => {
    const page = await watch(`${setup.server.url}/collections`, { clock: true });
    await gridWithRows(page, 'Collections');
    const note = page.locator('.count-row').getByText(/^Updated /);
    expect(await note.textContent()).toBe('Updated just now');
    await page.clock.fastForward('12:00');
    await page.locator('.count-row').getByText('Updated 12 minutes ago').waitFor();
    // The service has changed meanwhile: Refresh shows what it holds now.
    setup.server.faults.inject(
      'collection',
      {
        kind: 'rewrite',
        rewrite: (records) =>
          records.map((r, i) => (i === 0 ? { ...(r as object), name: 'Renamed since' } : r)),
      },
      { times: 1 },
    );
    await page.locator('.count-row').getByRole('button', { name: 'Refresh' }).click();
    await page.locator('.count-row').getByText('Updated just now').waitFor();
    await page.getByRole('grid', { name: 'Collections' }).getByText('Renamed since').waitFor();

    for (const [path, grid] of [
      ['/seeds', 'Seeds'],
      ['/seed-groups', 'Seed groups'],
      [`/collections/${String(setup.server.catalogue.collections[0]?.id)}/seeds`, 'Seeds'],
    ] as const) {
      await page.goto(setup.server.url + path);
      await gridWithRows(page, grid);
      await page.locator('.count-row').getByText('Updated just now').waitFor();
    }
  });
});

describe('seed groups', () => {
  const seedsColumn = async (page: Page) => {
    const grid = page.getByRole('grid', { name: 'Seed groups' });
    const headers = await grid.getByRole('columnheader').allTextContents();
    const index = headers.findIndex((h) => h.startsWith('Seeds'));
    return grid.getByRole('row').nth(1).getByRole('gridcell').nth(index);
  };

  it('count their seeds unasked in a small catalogue; in a big one once asked, and again after a reload', async () => {
    const small = await open('/seed-groups?sort=-seeds');
    await gridWithRows(small, 'Seed groups');
    await expect.poll(async () => (await seedsColumn(small)).textContent()).toMatch(/^[\d,]+$/);
    expect(await small.getByRole('button', { name: 'Count the seeds in each group' }).count()).toBe(
      0,
    );

    // Collections that claim 20,000 seeds each: too many to load unasked.
    setup.server.faults.inject('collection', {
      kind: 'rewrite',
      rewrite: (records) => records.map((r) => ({ ...(r as object), num_active_seeds: 20_000 })),
    });
    try {
      const page = await open('/seed-groups?sort=-seeds');
      await gridWithRows(page, 'Seed groups');
      const count = page.getByRole('button', { name: 'Count the seeds in each group' });
      await count.waitFor();
      expect(await (await seedsColumn(page)).textContent()).toBe('not counted');
      await count.click();
      await expect.poll(async () => (await seedsColumn(page)).textContent()).toMatch(/^[\d,]+$/);
      await expect
        .poll(async () => (await savedResources(page)).includes('seed'), { timeout: 30_000 })
        .toBe(true);
      await page.reload();
      await gridWithRows(page, 'Seed groups');
      await expect.poll(async () => (await seedsColumn(page)).textContent()).toMatch(/^[\d,]+$/);
      expect(await count.count()).toBe(0);
    } finally {
      setup.server.faults.clear();
    }
  });
});

describe('the keyboard', () => {
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      return {
        tag: active?.tagName ?? '',
        text: active?.textContent.trim() ?? '',
        grid: active?.closest('[role="grid"]')?.getAttribute('aria-label') ?? null,
      };
    });

  it('starts at the top, skips to the table over the facets, and never scrolls the first column away', async () => {
    const seed = setup.server.catalogue.seeds[0];
    const page = await open(`/seeds?seed=${String(seed?.id)}`);
    await gridWithRows(page, 'Seeds');
    await page.getByRole('complementary').waitFor();
    await page.getByRole('region', { name: 'Refine' }).waitFor();
    // As after any page load, the first stop is the skip link, not the seed's details.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to content');
    let stops = 1;
    while ((await focused(page)).text !== 'Skip to the table' && stops < 20) {
      await page.keyboard.press('Tab');
      stops++;
    }
    expect(stops).toBeLessThanOrEqual(10);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'TR', grid: 'Seeds' });

    // The focus leaves the wide table and comes back: its columns stay where they were.
    const scroller = page.locator('.data-table__scroll');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'TR', grid: 'Seeds' });
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBe(0);
    const first = await page.getByRole('columnheader').first().boundingBox();
    const view = await scroller.boundingBox();
    expect(first && view && first.x >= view.x).toBe(true);
  });
});

describe('a 768-pixel window', () => {
  it('folds the facets into a Refine button and opens a seed’s details in view, over the list', async () => {
    const page = await open('/seeds');
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.reload();
    const grid = await gridWithRows(page, 'Seeds');
    const refine = page.getByRole('button', { name: /^Refine/ });
    await refine.waitFor();
    // The table comes right after the filters, not below the facets.
    expect(await page.getByRole('region', { name: 'Refine' }).count()).toBe(0);
    const top = (await grid.boundingBox())?.y ?? Infinity;
    // (Below the filter bar and its Added / Updated choices: facets would push it past 1,000.)
    expect(top).toBeLessThan(680);

    const inView = async (name: 'region' | 'complementary', label?: string) => {
      const box = await page.getByRole(name, label ? { name: label } : {}).boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(768);
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect(box?.y).toBeLessThan(100);
    };
    await refine.click();
    await inView('region', 'Refine');
    await page
      .getByRole('region', { name: 'Refine' })
      .getByRole('checkbox', { name: /^Inactive, / })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('active')).toBe('false');
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Refine' }).waitFor({ state: 'detached' });
    expect(await refine.evaluate((el) => el === document.activeElement)).toBe(true);

    // The filtered rows are worked out in slices (placeholder rows meanwhile): a click waits for them.
    await expect.poll(() => grid.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
    await grid.getByRole('row').nth(5).getByRole('gridcell').first().click();
    await page.getByRole('complementary').waitFor();
    await inView('complementary');
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });
});
