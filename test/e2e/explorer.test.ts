/**
 * The explorer in real Chromium against `npm start`'s server: sorting, the metadata filter, the
 * drill-down from a collection to a seed, the press gallery; no login field or secret anywhere,
 * no markup from the data executed, and no Content-Security-Policy violation. (Every page's
 * accessibility and theme: pages-light.test.ts and pages-dark.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { count, explorerForThisFile } from './explorer-pages';

const explorer = explorerForThisFile();
const { open, api, biggestCollection } = explorer;

describe('working with the explorer', () => {
  it('sorts collections by size from the header, and the sort survives a reload', async () => {
    const page = await open('/collections');
    const grid = page.getByRole('grid', { name: 'Collections' });
    await grid.getByRole('row').nth(3).waitFor();
    const header = page.getByRole('columnheader', { name: /Archived size/ });
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-size');
    const { body } = await api<{ name: string; total_warc_bytes: number }[]>('collection');
    const largest = [...body].sort((a, b) => b.total_warc_bytes - a.total_warc_bytes)[0];
    const firstName = () =>
      grid.getByRole('row').nth(1).getByRole('gridcell').first().textContent();
    await expect.poll(firstName).toBe(largest?.name);
    await page.reload();
    await expect.poll(firstName).toBe(largest?.name);
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
  });

  it('filters seeds by a metadata field and value prefix, with the service’s count', async () => {
    const page = await open('/seeds');
    await page.getByText(`${count(20_000)} seeds`, { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Metadata field' }).fill('Subject');
    await page.getByRole('searchbox', { name: 'Value starts with' }).fill('Elections');
    const { total } = await api(
      'seed?metadata__name=Subject&metadata__value__startswith=Elections&limit=0',
    );
    expect(total).toBeGreaterThan(0);
    await page.getByText(`${count(total)} seeds matching these filters`).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('metadata__name')).toBe('Subject');
    expect(url.searchParams.get('metadata__value__startswith')).toBe('Elections');
  });

  it('drills down from a collection to a seed’s details and its captures', async () => {
    const page = await open('/collections?sort=-active_seeds');
    const grid = page.getByRole('grid', { name: 'Collections' });
    // The rows show in their own order while the sorting code loads (the grid busy), then sort.
    await page.locator('[role="grid"][aria-label="Collections"][aria-busy="false"]').waitFor();
    const link = grid.getByRole('row').nth(1).getByRole('link');
    const name = await link.textContent();
    await link.click();
    await page.getByRole('heading', { level: 1, name: name ?? '' }).waitFor();
    // A collection opens on its Overview; its seeds are a tab away.
    await page.getByRole('region', { name: 'About this collection' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Collection sections' })
      .getByRole('link', { name: 'Seeds' })
      .click();
    const seeds = page.getByRole('grid', { name: 'Seeds' });
    const firstUrl = await seeds
      .getByRole('row')
      .nth(1)
      .getByRole('gridcell')
      .first()
      .textContent();
    expect(firstUrl).toMatch(/^https?:\/\//);
    // On its first cell: a click on the middle of the row would scroll the wide table sideways.
    await seeds.getByRole('row').nth(1).getByRole('gridcell').first().click();
    const panel = page.getByRole('complementary');
    await panel.waitFor();
    const captures = panel.getByRole('link', { name: 'Archived captures' });
    expect(await captures.getAttribute('href')).toContain(`https://wayback.archive-it.org/`);
    expect(await captures.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await panel.textContent()).toContain(firstUrl ?? '');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('moves through seeds with the keyboard and opens one with Enter', async () => {
    const page = await open('/seeds');
    const grid = page.getByRole('grid', { name: 'Seeds' });
    await grid.getByRole('row').nth(3).waitFor();
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('complementary').waitFor();
    expect(new URL(page.url()).searchParams.get('seed')).toMatch(/^\d+$/);
  });

  it('keeps focus on its row while rows are recycled: scrolled far away, and back', async () => {
    const page = await open('/seeds');
    const grid = page.getByRole('grid', { name: 'Seeds' });
    await grid.getByRole('row').nth(3).waitFor();
    await grid.focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return { id: el?.dataset.rowId, index: el?.getAttribute('aria-rowindex') };
      });
    const before = await focused();
    expect(before.index).toBe('4');
    const scroll = (top: number) =>
      page.evaluate((y) => {
        const scroller = document.querySelector('.data-table__scroll');
        if (scroller) scroller.scrollTop = y;
      }, top);
    for (const top of [20_000, 200_000, 400_000]) {
      await scroll(top);
      await page.waitForTimeout(50);
      expect(await focused()).toEqual(before);
    }
    await scroll(0);
    await page.waitForTimeout(50);
    expect(await focused()).toEqual(before);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toEqual(expect.objectContaining({ index: '5' }));
  });

  it('shows the press gallery in list order, with images and placeholders', async () => {
    const page = await open('/press');
    const { body } =
      await api<{ title: string; list_order: number; image: string | null }[]>('press_item');
    const titles = page.getByRole('heading', { level: 2 });
    await titles.first().waitFor();
    const expected = [...body].sort((a, b) => a.list_order - b.list_order).map((p) => p.title);
    expect(await titles.allTextContents()).toEqual(expected);
    // Images load lazily: bring each into view, then check that it arrived.
    const images = await page.locator('img.press-image').all();
    expect(images.length).toBe(body.filter((p) => p.image !== null).length);
    for (const image of images) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(await page.locator('.press-image-placeholder').count()).toBe(
      body.filter((p) => p.image === null).length,
    );
  });
});

describe('a collection’s tabs, each at an address of its own', () => {
  it('opens /collections/:id/seeds, and each tab again after a reload', async () => {
    const id = String(await biggestCollection());
    const page = await open(`/collections/${id}/seeds`);
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(2).waitFor();
    expect(await page.getByText('There is no such page').count()).toBe(0);
    const tabs = page.getByRole('navigation', { name: 'Collection sections' });
    for (const [label, path, shows] of [
      ['Seed groups', 'seed-groups', page.getByRole('grid', { name: 'Seed groups' })],
      ['Metadata', 'metadata', page.getByRole('heading', { name: 'Seed metadata coverage' })],
      ['Overview', 'overview', page.getByRole('region', { name: 'About this collection' })],
      ['Seeds', 'seeds', page.getByRole('grid', { name: 'Seeds' })],
    ] as const) {
      await tabs.getByRole('link', { name: label }).click();
      await shows.waitFor();
      expect(new URL(page.url()).pathname).toBe(`/collections/${id}/${path}`);
      await page.reload();
      await shows.waitFor();
      await expect
        .poll(() => tabs.getByRole('link', { name: label }).getAttribute('aria-current'))
        .toBe('page');
    }
  });

  it('offers the nearest real page for an address that leads nowhere', async () => {
    const id = String(await biggestCollection());
    const page = await open(`/collections/${id}/seedz?q=gov`);
    await page.getByRole('heading', { name: 'There is no such page' }).waitFor();
    await page.getByRole('link', { name: `/collections/${id}/seeds` }).click();
    await page.getByRole('grid', { name: 'Seeds' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      `/collections/${id}/seeds?q=gov`,
    );
  });
});

describe('the press gallery', () => {
  it('draws its Export button styled from the first paint, like every table’s', async () => {
    // Read as soon as the button is there, before the pointer or focus reaches it.
    const styleOf = async (path: string) => {
      const page = await open(path);
      const button = page.getByRole('button', { name: 'Export', exact: true });
      await button.waitFor();
      return button.evaluate((el) => {
        const s = getComputedStyle(el);
        return [s.borderTopLeftRadius, s.height, s.borderTopStyle, s.backgroundColor, s.display];
      });
    };
    const onTable = await styleOf('/collections');
    expect(onTable.slice(0, 3)).toEqual(['6px', '30px', 'solid']);
    expect(await styleOf('/press')).toEqual(onTable);
  });

  it('filters and orders the cards, both kept in the address', async () => {
    const page = await open('/press');
    const titles = page.getByRole('heading', { level: 2 });
    await titles.first().waitFor();
    const all = await titles.count();
    await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Title (A–Z)' });
    await expect
      .poll(async () => {
        const shown = await titles.allTextContents();
        return shown.join('\n') === [...shown].sort((a, b) => a.localeCompare(b)).join('\n');
      })
      .toBe(true);
    await page.getByRole('searchbox', { name: 'Quick filter' }).fill('library');
    await page.getByText(new RegExp(`^\\d+ of ${String(all)} press mentions$`)).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('library');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('title');
    const shown = await titles.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(all);
  });
});

describe('safety', () => {
  it('never shows a login field or its value, nor keeps it in storage', async () => {
    // The sample catalogue the server serves (the same on every run), as it holds them.
    const withLogin = generateCatalogue({ seeds: 20_000, today: Date.now() }).seeds.find(
      (s) => s.login_password !== null,
    );
    expect(withLogin).toBeDefined();
    // The server passes none of them on.
    const { body } = await api<Record<string, unknown>[]>('seed?limit=-1');
    expect(body.some((s) => s.id === withLogin?.id)).toBe(true);
    expect(body.some((s) => 'login_password' in s || 'login_username' in s)).toBe(false);
    const page = await open(`/seeds?seed=${String(withLogin?.id)}`);
    await page.getByRole('complementary').waitFor();
    const html = await page.content();
    expect(html).not.toContain(withLogin?.login_password ?? '');
    expect(html).not.toContain(withLogin?.login_username ?? '');
    expect(html).not.toMatch(/login_|password/i);
    const stored = await page.evaluate(() =>
      JSON.stringify([localStorage, sessionStorage].map((s) => Object.entries(s))),
    );
    expect(stored).not.toContain(withLogin?.login_password ?? '');
  });

  it('shows markup from metadata as text and never runs it', async () => {
    const { body } =
      await api<{ id: number; metadata: Record<string, { value: string }[]> }[]>('seed?limit=-1');
    const marked = body.find((s) =>
      Object.values(s.metadata).some((entries) => entries.some((e) => e.value.includes('<b>'))),
    );
    const page = await open(`/seeds?seed=${String(marked?.id)}`);
    const panel = page.getByRole('complementary');
    await panel.waitFor();
    expect(await panel.locator('dd b').count()).toBe(0);
    expect(await panel.textContent()).toContain('<b>');
  });
});
