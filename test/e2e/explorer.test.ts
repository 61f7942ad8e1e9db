/**
 * The explorer in real Chromium against `npm start`'s server: every page, sorting, the metadata
 * filter, the drill-down from a collection to a seed, the press gallery; no login field or secret
 * anywhere, no markup from the data executed, and no Content-Security-Policy violation. Saves
 * screenshots of every page, light and dark, under test/e2e/screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { backgroundLuminance, seriousViolations } from '../support/accessibility';
import { launchChromium } from '../support/chromium';
import { projectRoot, startServer, type ServerProcess } from '../support/server-process';
import { watchedPages } from '../support/watched-page';

const SCREENSHOTS = `${projectRoot}test/e2e/screenshots`;

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [server, browser] = await Promise.all([
    startServer(['--port', '0', '--seeds', '20000']),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

const watch = watchedPages(() => browser);

async function open(path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  return watch(server.url + path, { colorScheme });
}

async function api<T>(path: string): Promise<{ body: T; total: number }> {
  const response = await fetch(`${server.url}/api/${path}`);
  return {
    body: (await response.json()) as T,
    total: Number(response.headers.get('Total-Row-Count')),
  };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

const count = (n: number) => n.toLocaleString('en-US');

interface Shown {
  name: string;
  path: string | (() => Promise<string>);
  /** Waits until the page shows what it is for. */
  ready: (page: Page) => Promise<void>;
  /** A narrower window than the usual 1440 pixels. */
  width?: number;
}

const biggestCollection = async () => {
  const { body } = await api<{ id: number; num_active_seeds: number }[]>('collection');
  return [...body].sort((a, b) => b.num_active_seeds - a.num_active_seeds)[0]?.id ?? 0;
};
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

const PAGES: Shown[] = [
  { name: 'overview', path: '/overview', ready: charts(2) },
  {
    name: 'overview-seeds',
    path: '/overview',
    ready: async (page) => {
      await page.getByRole('button', { name: /^Load the .* seeds to chart them$/ }).click();
      await charts(3)(page);
      await page.getByRole('progressbar').waitFor({ state: 'detached' });
      await page.getByRole('figure', { name: 'Seeds added per month' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'collection-overview',
    path: async () => `/collections/${String(await biggestCollection())}/overview`,
    ready: charts(4),
  },
  { name: 'collections', path: '/collections', ready: gridRows('Collections', 5) },
  {
    name: 'seeds',
    path: '/seeds',
    ready: (page) => page.getByText(`${count(20_000)} seeds`, { exact: true }).waitFor(),
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
    path: async () => {
      const { body } = await api<{ id: number }[]>('seed?limit=1');
      return `/seeds?seed=${String(body[0]?.id)}`;
    },
    width: 768,
    ready: (page) => page.getByRole('complementary').waitFor(),
  },
  {
    name: 'seed-detail',
    path: async () => {
      const { body } = await api<{ id: number }[]>('seed?limit=1');
      return `/seeds?seed=${String(body[0]?.id)}`;
    },
    ready: (page) => page.getByRole('complementary').waitFor(),
  },
  {
    name: 'collection',
    path: async () => `/collections/${String(await biggestCollection())}/seeds`,
    ready: gridRows('Seeds', 3),
  },
  {
    name: 'collection-seed-groups',
    path: async () => `/collections/${String(await biggestCollection())}/seed-groups`,
    ready: gridRows('Seed groups', 2),
  },
  {
    name: 'collection-metadata',
    path: async () => `/collections/${String(await biggestCollection())}/metadata`,
    ready: (page) => page.locator('.metadata-list, .tab-panel .muted').first().waitFor(),
  },
  { name: 'seed-groups', path: '/seed-groups', ready: gridRows('Seed groups', 3) },
  {
    name: 'press',
    path: '/press',
    ready: (page) => page.getByRole('heading', { level: 2 }).first().waitFor(),
  },
  {
    name: 'not-found',
    path: '/no/such/page',
    ready: (page) => page.getByRole('heading', { name: 'There is no such page' }).waitFor(),
  },
];

// Each page in both themes, and in the states a page has (its menus and panels open, a narrow
// window): an accessibility audit against WCAG 2.2 AA with no serious or critical violation, and
// the theme's own colours. The screenshots are kept under test/e2e/screenshots for people to look at.
describe.each(['light', 'dark'] as const)('every page in the %s theme', (scheme) => {
  it.each(PAGES.map((shown) => [shown.name, shown] as const))(
    '%s: accessible, in the theme’s colours',
    async (name, shown) => {
      const path = typeof shown.path === 'string' ? shown.path : await shown.path();
      const page = await open(path, scheme);
      if (shown.width) await page.setViewportSize({ width: shown.width, height: 1024 });
      await shown.ready(page);
      await shoot(page, `${name}-${scheme}`);
      expect(await seriousViolations(page)).toEqual([]);
      const luminance = await backgroundLuminance(page);
      if (scheme === 'dark') expect(luminance).toBeLessThan(0.05);
      else expect(luminance).toBeGreaterThan(0.85);
    },
  );
});

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
    const withLogin = generateCatalogue({ seeds: 20_000 }).seeds.find(
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
