/**
 * A big saved list read back in parts, in real Chromium: on a reload with the service holding its
 * answers back, the first screen of rows shows under the list's whole count, with the page saying
 * how many of them it has read, before the last block is read; then every row is there, from the
 * saved copy alone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { seedGridRows, seedGridSettled } from '../support/seed-grid';
import { startServer, type ServerProcess } from '../support/server-process';
import { savedResources, watchedPages } from '../support/watched-page';

/** Three blocks of the service's largest page and the first page: four parts. */
const SEEDS = 150_500;

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(['--port', '0', '--seeds', String(SEEDS)]),
    launchChromium(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser.close();
  await server.stop();
});

const watch = watchedPages(() => browser);

/** Notes, from the page's first script on, each frame's rows, progress and count line. */
async function noteFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const frames: { rows: number; progress: string | null; count: string | null }[] = [];
    (window as unknown as { frames_: typeof frames }).frames_ = frames;
    const tick = () => {
      const grid = document.querySelector('[role="grid"][aria-label="Seeds"]');
      frames.push({
        rows: Number(grid?.getAttribute('aria-rowcount') ?? 1) - 1,
        progress:
          document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext') ?? null,
        count: document.querySelector('.count-line')?.textContent ?? null,
      });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

describe('a big saved list', () => {
  it('shows its first rows and whole count before the rest is read back', async () => {
    const page = await watch(`${server.url}/seeds`);
    await seedGridSettled(page, SEEDS);
    await expect
      .poll(async () => (await savedResources(page)).includes('seed'), { timeout: 60_000 })
      .toBe(true);

    // The service never answers now: whatever shows comes from the saved copy.
    let asked = 0;
    await page.route('**/api/seed?*', () => {
      asked++;
    });
    await noteFrames(page);
    await page.reload();
    await seedGridSettled(page, SEEDS);
    expect(await seedGridRows(page)).toBe(SEEDS);
    expect(asked).toBeGreaterThan(0);

    const frames = await page.evaluate(
      () =>
        (
          window as unknown as {
            frames_: { rows: number; progress: string | null; count: string | null }[];
          }
        ).frames_,
    );
    const whole = SEEDS.toLocaleString('en-US');
    // Every frame with only part of the list has its rows on screen, the whole count above them,
    // and the progress saying how many are read. (Whether a frame falls between two parts depends
    // on the machine's pace: that parts are shown block by block is proven in
    // test/app/api/saved-parts.test.tsx.)
    for (const frame of frames.filter((each) => each.rows > 0 && each.rows < SEEDS)) {
      expect(frame.progress).toBe(`Loaded ${frame.rows.toLocaleString('en-US')} of ${whole} seeds`);
    }
    // No frame ever claims more rows than were read, nor another count.
    for (const frame of frames) {
      if (frame.rows > 0) expect(frame.count).toBe(`${whole} seeds`);
      if (frame.rows === SEEDS) expect(frame.progress).toBeNull();
    }
  }, 180_000);
});
