/**
 * `npm start -- --public` in real Chromium: the sample catalogue as the service shows it to a
 * visitor without an account. Only public records; every collection is listed with the right
 * count, a collection opens with its seeds and seed groups and its public page, a quiet line says
 * the catalogue is the public one, and nothing raises an alarm.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { startServer, type ServerProcess } from '../support/server-process';
import { watchedPages } from '../support/watched-page';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(['--port', '0', '--seeds', '5000', '--public']),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

const watch = watchedPages(() => browser);

async function open(path: string): Promise<Page> {
  return watch(server.url + path);
}

async function list<T>(path: string): Promise<{ body: T[]; total: number }> {
  const response = await fetch(`${server.url}/api/${path}`);
  return {
    body: (await response.json()) as T[],
    total: Number(response.headers.get('Total-Row-Count')),
  };
}

const rowsIn = async (page: Page, name: string) =>
  Number(await page.getByRole('grid', { name }).getAttribute('aria-rowcount')) - 1;

/** Anything that would alarm the reader: an alert, or a notice about unreadable records. */
async function alarms(page: Page): Promise<string[]> {
  return [
    ...(await page.getByRole('alert').allTextContents()),
    ...(await page.locator('.notice-warning, .notice-info').allTextContents()),
  ];
}

describe('the public representation', () => {
  it('is what the server says it serves', () => {
    expect(server.output()).toContain('Serving the public representation');
  });

  it('lists every collection with the right count, and no alarm', async () => {
    const { body, total } = await list<{ created_by?: unknown; publicly_visible: boolean }>(
      'collection?format=api',
    );
    expect(body.some((c) => 'created_by' in c)).toBe(false);
    expect(body.every((c) => c.publicly_visible)).toBe(true);
    const page = await open('/collections');
    await page.getByText(`${String(total)} collections`, { exact: true }).waitFor();
    await expect.poll(() => rowsIn(page, 'Collections')).toBe(total);
    await page
      .getByText('The catalogue service does not provide: Created by, Last updated by.')
      .waitFor();
    expect(await alarms(page)).toEqual([]);
  });

  it('opens a collection with its seeds and its seed groups, and no alarm', async () => {
    const { body } = await list<{ id: number; name: string; num_active_seeds: number }>(
      'collection?format=api',
    );
    const collection = [...body].sort((a, b) => b.num_active_seeds - a.num_active_seeds)[0];
    if (!collection) throw new Error('no collections');
    const { total: seeds } = await list(`seed?collection=${String(collection.id)}&limit=0`);
    const page = await open(`/collections/${String(collection.id)}/seeds`);
    await page.getByRole('heading', { level: 1, name: collection.name }).waitFor();
    await expect.poll(() => rowsIn(page, 'Seeds')).toBe(seeds);
    // A public collection has a public page.
    expect(
      await page.locator('.collection-header').getByRole('link', { name: 'Public page' }).count(),
    ).toBe(1);
    await page
      .getByRole('navigation', { name: 'Collection sections' })
      .getByRole('link', { name: 'Seed groups' })
      .click();
    await expect.poll(() => rowsIn(page, 'Seed groups')).toBeGreaterThan(0);
    await page.getByRole('columnheader', { name: /Visibility/ }).waitFor();
    expect(await alarms(page)).toEqual([]);
  });
});

describe('what a visitor is shown', () => {
  it('no private seed, on every page a quiet line that this is the public catalogue', async () => {
    const { body, total } = await list<{ publicly_visible: boolean }>('seed?limit=-1');
    expect(body.every((s) => s.publicly_visible)).toBe(true);
    const page = await open('/seeds?public=false');
    const note = page.getByText(/^The public catalogue, as a visitor without an account sees it/);
    await note.waitFor();
    await page
      .locator('.count-line')
      .filter({ hasText: `0 of ${total.toLocaleString('en-US')} seeds` })
      .waitFor();
    // Under the header, on every page.
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const section of ['Overview', 'Collections', 'Seed groups', 'Press']) {
      await nav.getByRole('link', { name: section }).click();
      await page.getByRole('heading', { level: 1, name: section }).waitFor();
      await note.waitFor();
      const [header, line] = await Promise.all([
        page.locator('.shell-header').boundingBox(),
        note.boundingBox(),
      ]);
      expect(line?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
    }
  });
});

describe('through --upstream without credentials', () => {
  let proxy: ServerProcess;
  beforeAll(async () => {
    proxy = await startServer(['--port', '0', '--upstream', server.url]);
  });
  afterAll(() => proxy.stop());

  it('tells from what the service sends that the catalogue is the public one', async () => {
    const page = await watch(`${proxy.url}/collections`);
    await page.getByRole('grid', { name: 'Collections' }).getByRole('row').nth(2).waitFor();
    await page
      .getByText(/^The public catalogue, as a visitor without an account sees it/)
      .waitFor();
  });
});
