/**
 * `npm start -- --public` in real Chromium: the sample catalogue as the service shows it to a
 * visitor without an account. Every collection is listed with the right count, a collection opens
 * with its seeds and seed groups, and nothing raises an alarm.
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
    const { body, total } = await list<{ created_by?: unknown }>('collection?format=api');
    expect(body.some((c) => 'created_by' in c)).toBe(false);
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
    const page = await open(`/collections/${String(collection.id)}`);
    await page.getByRole('heading', { level: 1, name: collection.name }).waitFor();
    await expect.poll(() => rowsIn(page, 'Seeds')).toBe(seeds);
    await page
      .getByRole('navigation', { name: 'Collection sections' })
      .getByRole('link', { name: 'Seed groups' })
      .click();
    await expect.poll(() => rowsIn(page, 'Seed groups')).toBeGreaterThan(0);
    await page.getByRole('columnheader', { name: /Visibility/ }).waitFor();
    expect(await alarms(page)).toEqual([]);
  });
});
