/**
 * `npx tsx bench/interactions.ts --url http://127.0.0.1:PORT --seeds 1000000 [--runs 3]
 * [--profile DIR] [--heap]`: the benchmark's scroll, sort and quick filter (`scrollSortFilter`, same probes,
 * same order) on `/seeds` of a server already running, so that a large catalogue's server is
 * started once for many measurements. Each run loads the page in a fresh context, waits for the
 * benchmark's "usable" and the facets' first counts, then interacts. With `--profile`, the page's
 * thread is profiled (DevTools protocol) during each interaction, and each profile is written to
 * DIR with the busiest functions printed (self and total), as the load's profile does. With
 * `--heap`, the JS heap once the page has settled after the three (as the benchmark measures it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../test/support/chromium';
import { tally, topList, type CpuProfile } from './cpu-profile';
import { facetsCounted, installRecorder, OURS, settledHeap, waitFor } from './probes';
import { scrollSortFilter } from './run';

/** The functions that took the most of a profile, by their own time and with what they call. */
function busiest(profile: CpuProfile, top: number): string {
  const { self, total, busy } = tally(profile);
  return `busy ${busy.toFixed(0)} ms\n-- self\n${topList(self, top)}\n-- total\n${topList(total, top)}`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      seeds: { type: 'string' },
      runs: { type: 'string' },
      frames: { type: 'string' },
      profile: { type: 'string' },
      heap: { type: 'boolean' },
    },
  });
  if (!values.url) throw new Error('Name the server: --url http://127.0.0.1:PORT');
  const seeds = Number(values.seeds ?? 100_000);
  const runs = Number(values.runs ?? 1);
  const frames = Number(values.frames ?? 600);
  const browser = await launchChromium();
  try {
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        console.error(`error in the page: ${String(error)}`);
      });
      await installRecorder(page, OURS.rowSelector, {
        present: OURS.rowSelector,
        absent: '[role="progressbar"]',
        attribute: { selector: '[role="grid"]', name: 'aria-rowcount', value: String(seeds + 1) },
      });
      await page.goto(`${values.url}/seeds`);
      const usable = await waitFor(page, 'complete');
      const counted = await facetsCounted(page, seeds);
      const dir = values.profile;
      const cdp = dir ? await context.newCDPSession(page) : null;
      const profiled = async <T>(name: string, measure: () => Promise<T>): Promise<T> => {
        if (!cdp || !dir) return measure();
        mkdirSync(dir, { recursive: true });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
        await cdp.send('Profiler.start');
        const value = await measure();
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        const file = join(dir, `${name}-${String(run)}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        profiles.push(`== ${name} (${file}): ${busiest(profile, 25)}`);
        return value;
      };
      const profiles: string[] = [];
      const figures = await scrollSortFilter(page, 'ours', frames, profiled);
      console.log(
        `run ${String(run)}: usable ${usable.toFixed(0)} ms, facets +${counted.toFixed(0)} ms; ` +
          `scroll worst ${figures.scroll.worst.toFixed(1)} ms, over 50: ${String(figures.scroll.over50)}, p95 ${figures.scroll.p95.toFixed(1)}; ` +
          `sort ${figures.sort.toPaint.toFixed(0)} ms (INP ${figures.sort.inp.toFixed(0)}); ` +
          `filter ${figures.filter.toPaint.toFixed(0)} ms (INP ${figures.filter.inp.toFixed(0)})`,
      );
      if (values.heap) {
        const heap = await settledHeap(await context.newCDPSession(page));
        console.log(`run ${String(run)}: heap once settled ${(heap / 2 ** 20).toFixed(1)} MB`);
      }
      for (const text of profiles) console.log(text);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
