/**
 * `npx tsx bench/profile-load.ts --url http://127.0.0.1:PORT [--seeds 100000] [--after 3000]`:
 * a CPU profile of the page's thread while `/seeds` loads (DevTools protocol), from a server
 * already running, and what ran on it between the seed list's first byte and the moment the load
 * is usable (as the benchmark sees it): ms per function (self), and per function with what it
 * calls (total), then the same for the `--after` ms that follow.
 *
 * "Usable" is the benchmark's: no progress bar, the grid counting every seed, rows in the DOM.
 * The profile's clock is tied to the page's by a marker function run in the frame that sees it.
 */
import { parseArgs } from 'node:util';
import { launchChromium } from '../test/support/chromium';
import {
  sampleTimes,
  tally,
  topList,
  type CpuProfile as Profile,
  type ProfileNode as Node,
} from './cpu-profile';
import { OURS } from './probes';

const MARKER = '__usableMarker';

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      seeds: { type: 'string' },
      after: { type: 'string' },
      top: { type: 'string' },
      step: { type: 'string' },
    },
  });
  if (!values.url) throw new Error('Name the server: --url http://127.0.0.1:PORT');
  const seeds = Number(values.seeds ?? 100_000);
  const afterMs = Number(values.after ?? 3_000);
  const top = Number(values.top ?? 30);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      console.error(`error in the page: ${String(error)}`);
    });
    // The script is TypeScript run through tsx, which names inner functions with a helper the page
    // does not have (as in probes.ts).
    await page.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
    await page.addInitScript(
      ({ rows, selector }) => {
        const w = window as unknown as Record<string, unknown>;
        // A function the profile can find: it runs for 2 ms in the frame that sees the load usable.
        function __usableMarker() {
          const t = performance.now();
          while (performance.now() - t < 2);
        }
        const mark = __usableMarker;
        const tick = () => {
          const grid = document.querySelector('[role="grid"]');
          if (
            document.querySelector(selector) &&
            !document.querySelector('[role="progressbar"]') &&
            grid?.getAttribute('aria-rowcount') === String(rows + 1)
          ) {
            requestAnimationFrame(() => {
              w.usableAt = performance.now();
              mark();
            });
            return;
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      { rows: seeds, selector: OURS.rowSelector },
    );
    // Every request of the load, the list workers' included, with its timing (epoch ms).
    const requests: { url: string; start: number; first: number; end: number }[] = [];
    context.on('requestfinished', (request) => {
      const t = request.timing();
      requests.push({
        url: request.url(),
        start: t.startTime,
        first: t.startTime + t.responseStart,
        end: t.startTime + t.responseEnd,
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${values.url}/seeds`);
    await page.waitForFunction(() => (window as unknown as { usableAt?: number }).usableAt, null, {
      timeout: 300_000,
      polling: 100,
    });
    await page.waitForTimeout(afterMs);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const timing = await page.evaluate(() => {
      const lists = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/seed')) as PerformanceResourceTiming[];
      return {
        usable: (window as unknown as { usableAt: number }).usableAt,
        requests: lists.map(
          (e) =>
            `${e.name.replace(/^.*\?/, '')}: ${e.startTime.toFixed(0)} → ${e.responseStart.toFixed(0)} → ${e.responseEnd.toFixed(0)}`,
        ),
        firstByte: Math.min(...lists.map((e) => e.responseStart)),
        lastByte: Math.max(...lists.map((e) => e.responseEnd)),
        marks: performance
          .getEntriesByType('measure')
          .concat(performance.getEntriesByType('mark'))
          .map((e) => ({ name: e.name, start: e.startTime, duration: e.duration })),
      };
    });
    const origin = await page.evaluate(() => performance.timeOrigin);
    for (const r of requests.filter((q) => !q.url.endsWith('.css'))) {
      console.log(
        `request ${r.url.replace(/^https?:\/\/[^/]+/, '')}: ${(r.start - origin).toFixed(0)} → ${(r.first - origin).toFixed(0)} → ${(r.end - origin).toFixed(0)}`,
      );
    }
    report(profile, timing, afterMs, top, Number(values.step ?? 100));
  } finally {
    await browser.close();
  }
}

function report(
  profile: Profile,
  timing: {
    usable: number;
    firstByte: number;
    lastByte: number;
    requests: string[];
    marks: { name: string; start: number; duration: number }[];
  },
  afterMs: number,
  top: number,
  step: number,
) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Sample times in ms on the profile's clock.
  const times = sampleTimes(profile);
  const markerIndex = profile.samples.findIndex(
    (id) => byId.get(id)?.callFrame.functionName === MARKER,
  );
  if (markerIndex < 0) throw new Error('The usable marker is not in the profile.');
  const offset = (times[markerIndex] ?? 0) - timing.usable; // profile clock − page clock
  const window = (from: number, to: number, title: string) => {
    const { self, total, busy } = tally(profile, (i) => {
      const at = (times[i] ?? 0) - offset;
      return at >= from && at < to;
    });
    console.log(
      `\n== ${title}: ${from.toFixed(0)}–${to.toFixed(0)} ms (${(to - from).toFixed(0)} ms), busy ${busy.toFixed(0)} ms\n-- self\n${topList(self, top)}\n-- total\n${topList(total, top)}`,
    );
  };
  // What each 100 ms of the load went to: the work a sample is part of, by the first of these
  // functions on its stack (innermost first), else its own function.
  const kinds = [
    'facetIndexJob',
    'facetJob',
    'listSharingJob',
    'siteIndexJob',
    'auditRequired',
    'scanned',
    'prepareQuickFilter',
    'prepare',
    'rank',
    'readPage',
    'blockRows',
    'onmessage',
    'commitRoot',
    'renderRootSync',
    'flushPassiveEffects',
  ];
  const kindOf = (sampleNode: Node): string => {
    for (let id: number | undefined = sampleNode.id; id !== undefined; id = parent.get(id)) {
      const fn = byId.get(id)?.callFrame.functionName ?? '';
      for (const k of kinds) if (fn === k || fn.endsWith(`.${k}`)) return k;
    }
    return sampleNode.callFrame.functionName || '(anonymous)';
  };
  const timeline = (from: number, to: number) => {
    for (let b = from; b < to; b += step) {
      const use = new Map<string, number>();
      let busy = 0;
      for (let i = 0; i < profile.samples.length; i++) {
        const at = (times[i] ?? 0) - offset;
        if (at < b || at >= Math.min(to, b + step)) continue;
        const node = byId.get(profile.samples[i] ?? -1);
        if (!node || node.callFrame.functionName === '(idle)') continue;
        const dt = (times[i + 1] ?? times[i] ?? 0) - (times[i] ?? 0);
        busy += dt;
        const k = kindOf(node);
        use.set(k, (use.get(k) ?? 0) + dt);
      }
      const parts = [...use]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 5)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ');
      console.log(
        `  ${b.toFixed(0).padStart(6)} ms  busy ${busy.toFixed(0).padStart(3)}  ${parts}`,
      );
    }
  };
  console.log(
    `first byte of the list ${timing.firstByte.toFixed(0)} ms, last byte ${timing.lastByte.toFixed(0)} ms, usable ${timing.usable.toFixed(0)} ms`,
  );
  for (const r of timing.requests) console.log(`  ${r}`);
  for (const m of timing.marks.sort((a, b) => a.start - b.start)) {
    console.log(`  mark ${m.name}: ${m.start.toFixed(0)} (+${m.duration.toFixed(0)}) ms`);
  }
  window(timing.firstByte, timing.usable, 'first byte → usable');
  window(timing.usable, timing.usable + afterMs, 'after usable');
  console.log(`\n== by ${String(step)} ms, from the first byte`);
  timeline(timing.firstByte, timing.usable + afterMs);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
