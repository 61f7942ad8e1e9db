/**
 * The row cap follows the device's memory (src/api/row-cap.ts), in real Chromium against the fault
 * injector: a device that reports 8 GB (the most Chromium reports) loads a whole list of a million
 * seeds, every count agreeing and no word of a cap; one that reports a quarter of a gigabyte stops
 * at 31,250 rows, and says so with the true figures. Like the other limits, the page's frames are
 * watched while it loads, so this runs alone, in a browser of its own.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { startFaultServer, type FaultServer } from '../support/fault-server';
import { GB, rendererPeakBytes } from '../support/renderer-memory';
import { gridRows, plainSeeds, settledCount } from '../support/seed-list-counts';
import { openWatched, type WatchedPage } from '../support/watched-page';

let server: FaultServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startFaultServer({ seeds: 2_000 });
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  server.faults.clear();
  await browser?.close();
  browser = undefined;
});

/** `/seeds` on a device that reports `deviceMemory` GB, with `rows` seeds listed. */
async function seedsOn(deviceMemory: number, rows: number): Promise<WatchedPage> {
  for (const fault of plainSeeds(rows)) server.faults.inject('seed', fault);
  browser = await launchChromium();
  const watched = await openWatched(browser, { deviceMemory });
  await watched.page.goto(`${server.url}/seeds`);
  return watched;
}

/** Any word of the row cap on the page. */
const CAP_NOTICE = /not loaded|stops at|The first [\d,]+ seeds/;

describe('the row cap follows the device', () => {
  it('a device reporting 8 GB loads all 1,000,000 seeds, with no word of a cap', async () => {
    const watched = await seedsOn(8, 1_000_000);
    const { page } = watched;
    expect(await settledCount(page, 170_000)).toBe('1,000,000 seeds');
    expect(await gridRows(page)).toBe(1_000_000);
    expect(await page.getByText(CAP_NOTICE).count()).toBe(0);
    // The facets count every row of it.
    await page.getByText('Counts of 1,000,000 seeds', { exact: true }).waitFor({ timeout: 60_000 });
    // A million rows still fit the memory a tab may take.
    expect(await rendererPeakBytes(browser as Browser)).toBeLessThan(2 * GB);
    expect(watched.problems).toEqual([]);
  }, 240_000);

  it('a device reporting 0.25 GB stops at 31,250 rows and says so with the true figures', async () => {
    const watched = await seedsOn(0.25, 40_000);
    const { page } = watched;
    expect(await settledCount(page)).toBe('31,250 of 40,000 seeds loaded');
    await page
      .getByText(
        '8,750 seeds are not loaded: the explorer stops at 31,250 rows to stay responsive. Narrow the filters to see them.',
      )
      .waitFor();
    expect(await gridRows(page)).toBe(31_250);
    expect(watched.problems).toEqual([]);
  });
});
