/**
 * `npx tsx bench/warm-reloads.ts --url http://127.0.0.1:PORT [--url …] --seeds 1000000 [--runs 3]`:
 * the benchmark's warm reload of `/seeds` (`warmReload`'s figures: the first screen under the whole
 * count, and every row read back) on servers already running, so that builds can be measured
 * against each other at a large size without loading and saving the list for every reload. Each
 * server's page loads the list once and saves it; then each run reloads every server's page in
 * turn (which goes first alternates), from a blank page, so that the other page's work after its
 * reload is not measured with it.
 */
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, launchChromium } from '../test/support/chromium';
import { savedResources } from '../test/support/watched-page';
import { installRecorder, OURS, waitFor } from './probes';
import { stat } from './report';

async function listSaved(page: Page, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await savedResources(page)).includes('seed')) {
    if (Date.now() > deadline) throw new Error('The seed list was not saved in time.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', multiple: true },
      seeds: { type: 'string' },
      runs: { type: 'string' },
      'user-data': { type: 'string' },
    },
  });
  const urls = values.url ?? [];
  if (urls.length === 0) throw new Error('Name the servers: --url http://127.0.0.1:PORT');
  const seeds = Number(values.seeds ?? 100_000);
  const runs = Number(values.runs ?? 3);
  // With --user-data DIR, one browser profile kept between runs: a list saved by an earlier run
  // is reloaded at once.
  const dir = values['user-data'];
  const browser = dir ? null : await launchChromium();
  const kept = dir
    ? await chromium.launchPersistentContext(dir, {
        executablePath: chromiumPath(),
        args: CHROMIUM_ARGS,
        viewport: { width: 1440, height: 900 },
      })
    : null;
  const newContext = async (): Promise<BrowserContext> =>
    kept ??
    (await (browser as NonNullable<typeof browser>).newContext({
      viewport: { width: 1440, height: 900 },
    }));
  try {
    const pages: Page[] = [];
    for (const url of urls) {
      const context = await newContext();
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        console.error(`${url}: error in the page: ${String(error)}`);
      });
      await installRecorder(page, OURS.rowSelector, {
        present: OURS.rowSelector,
        absent: '[role="progressbar"]',
        attribute: { selector: '[role="grid"]', name: 'aria-rowcount', value: String(seeds + 1) },
        counted: { selector: '.count-line', text: `${seeds.toLocaleString('en-US')} seeds` },
      });
      await page.goto(`${url}/seeds`);
      const loaded = await waitFor(page, 'complete');
      await listSaved(page);
      console.log(`${url}: loaded in ${loaded.toFixed(0)} ms, saved`);
      // Once more, so the list read back is the one saved (a list saved by an earlier run is
      // refreshed and may be saved again on its first visit).
      await page.goto('about:blank');
      await page.goto(`${url}/seeds`);
      await waitFor(page, 'complete');
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await listSaved(page);
      await page.goto('about:blank');
      pages.push(page);
    }
    const figures = urls.map(() => ({ counted: [] as number[], whole: [] as number[] }));
    for (let run = 0; run < runs; run++) {
      const order = urls.map((_, i) => (i + run) % urls.length);
      for (const i of order) {
        const page = pages[i] as Page;
        const url = urls[i] as string;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await page.goto(`${url}/seeds`);
        const whole = await waitFor(page, 'complete');
        const counted = await waitFor(page, 'counted');
        const steps = await page.evaluate(() => {
          const all = performance.getEntriesByName('saved list: a step of reading it back');
          const busy = all.reduce((sum, entry) => sum + entry.duration, 0);
          const last = all.at(-1);
          return {
            count: all.length,
            busy,
            first: all[0]?.startTime ?? NaN,
            end: last ? last.startTime + last.duration : NaN,
          };
        });
        figures[i]?.whole.push(whole);
        figures[i]?.counted.push(counted);
        console.log(
          `run ${String(run + 1)} ${url}: first screen ${counted.toFixed(0)} ms, every row ${whole.toFixed(0)} ms ` +
            `(restore: ${String(steps.count)} steps, ${steps.busy.toFixed(0)} ms of the page's, from ${steps.first.toFixed(0)} to ${steps.end.toFixed(0)} ms)`,
        );
        await page.goto('about:blank');
      }
    }
    const show = (values: number[]) => {
      const s = stat(values);
      return `${s.median.toFixed(0)} (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
    };
    for (const [i, url] of urls.entries()) {
      const f = figures[i];
      if (!f) continue;
      console.log(`${url}: first screen ${show(f.counted)} ms, every row ${show(f.whole)} ms`);
    }
  } finally {
    await (kept ?? browser)?.close();
  }
}

await main();
