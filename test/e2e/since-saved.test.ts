/**
 * "Since your copy" in real Chromium: a seed list saved from the sample catalogue as it stood
 * weeks ago (`--as-of`), then the server restarted at the same address without it, and the page
 * opened again more than a minute later: the note beside the count gives the added, changed and
 * gone figures the two API answers give, each opens exactly those seeds, the comparison survives a
 * reload and goes when dismissed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireSeedDefault } from '../../src/contract/wire';
import { launchChromium } from '../support/chromium';
import { seedGridRows, seedGridSettled } from '../support/seed-grid';
import { startServer, type ServerProcess } from '../support/server-process';
import { moveClockOn, savedResources, watchedPages } from '../support/watched-page';

const SEEDS = 4_000;
const DAY = 86_400_000;
const AS_OF = new Date(Date.now() - 21 * DAY).toISOString().slice(0, 10);

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(['--port', '0', '--seeds', String(SEEDS), '--as-of', AS_OF]),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

const watch = watchedPages(() => browser);

async function allSeeds(url: string): Promise<WireSeedDefault[]> {
  const response = await fetch(`${url}/api/seed?limit=-1`);
  return (await response.json()) as WireSeedDefault[];
}

const gridRows = seedGridRows;
const settled = seedGridSettled;

describe('since your saved copy', () => {
  it('says what was added, changed and gone since a copy saved weeks ago, and opens each', async () => {
    const before = await allSeeds(server.url);
    const page = await watch(`${server.url}/seeds`);
    await settled(page, before.length);
    await expect
      .poll(async () => (await savedResources(page)).includes('seed'), { timeout: 30_000 })
      .toBe(true);

    // The same address, the catalogue of today.
    const port = new URL(server.url).port;
    await server.stop();
    server = await startServer(['--port', port, '--seeds', String(SEEDS)]);
    const after = await allSeeds(server.url);
    const old = new Map(before.map((s) => [s.id, Date.parse(s.last_updated_date)]));
    const now = new Set(after.map((s) => s.id));
    const added = after.filter((s) => !old.has(s.id));
    const changed = after.filter(
      (s) => old.has(s.id) && old.get(s.id) !== Date.parse(s.last_updated_date),
    );
    const gone = before.filter((s) => !now.has(s.id));
    expect(added.length).toBeGreaterThan(0);
    expect(changed.length).toBeGreaterThan(0);
    expect(gone.length).toBeGreaterThan(0);

    // Two minutes on: the saved copy is old enough to be compared.
    await moveClockOn(page, 120_000);
    await page.reload();
    const note = page.locator('.since-saved-line');
    await note.waitFor({ timeout: 60_000 });
    const figures = `${String(added.length)} added, ${String(changed.length)} changed, ${String(gone.length)} gone`;
    expect(await note.textContent()).toMatch(
      new RegExp(`^Since your copy of .+: ${figures} · Dismiss$`),
    );
    await settled(page, after.length);

    // Each figure opens its seeds.
    await page.getByRole('link', { name: `${String(added.length)} added` }).click();
    expect(new URL(page.url()).searchParams.get('change')).toBe('added');
    await settled(page, added.length);
    const chip = page.getByRole('button', {
      name: /^Remove the filter: added since your copy of /,
    });
    await chip.waitFor();
    await page.getByRole('link', { name: `${String(changed.length)} changed` }).click();
    await settled(page, changed.length);
    expect(await gridRows(page)).toBe(changed.length);

    // Gone: the copy's records, with their addresses.
    await page.getByRole('button', { name: `${String(gone.length)} gone` }).click();
    const items = page.locator('.since-saved-gone li');
    expect(await items.count()).toBe(gone.length);
    const listed = await page.locator('.since-saved-gone .since-saved-url').allTextContents();
    expect(listed.sort()).toEqual(gone.map((s) => s.url).sort());

    // It stays for a reload, and goes when dismissed.
    await page.goto(`${server.url}/seeds`);
    await note.waitFor({ timeout: 30_000 });
    await settled(page, after.length);
    expect(await note.textContent()).toContain(figures);
    await page.getByRole('button', { name: /^Dismiss the comparison/ }).click();
    // Gone at the next render (the cache tells the page in a task of its own), not at once.
    await note.waitFor({ state: 'detached', timeout: 5_000 });
    await page.reload();
    await settled(page, after.length);
    await page.waitForTimeout(500);
    expect(await note.count()).toBe(0);
  });
});
