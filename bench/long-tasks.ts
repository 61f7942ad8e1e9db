/**
 * `npx tsx bench/long-tasks.ts [--fault many-fields|huge-values] [--saved] [--seeds 20000]
 * [--path /seeds] [--after 3000] [--top 6]`: the longest tasks of the page's thread while a list
 * loads, and where each one's time went, to find what makes a long frame. With `--saved`, the list
 * is loaded and saved first, and what is traced is a later visit that reads it back while the
 * service does not answer (as the limits test of the saved catalogue does). The built app (`npm run build` first) is
 * served against the fault injector as the limits tests serve it, opened on the press page and
 * then taken to `--path` within it (so the app's own start is not measured), under a DevTools
 * trace. It prints the long animation frames (over 100 ms) with the scripts that ran in them, then
 * the `--top` longest tasks: the browser's own steps in them (layout, garbage collection, decoding)
 * and the page's functions by the CPU samples taken within them, named from the build's source
 * maps.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import type { Fault } from '../src/server/faults';
import { launchChromium } from '../test/support/chromium';
import { startFaultServer } from '../test/support/fault-server';
import { favourRenderers } from '../test/support/renderer-memory';
import { savedResources } from '../test/support/watched-page';
import { topList } from './cpu-profile';

/** The faults of the limits tests, by name. */
const FAULTS: Record<string, Fault> = {
  'many-fields': { kind: 'many-fields', fields: 100_000 },
  'huge-values': {
    kind: 'huge-values',
    descriptionChars: 50 * 1_048_576,
    urlChars: 5 * 1_048_576,
  },
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface SampledNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

interface Frame {
  duration: number;
  scripts: string[];
}

/** The parts of a long animation frame entry read here (not yet in TypeScript's DOM types). */
interface LongAnimationFrame {
  duration: number;
  scripts: { invoker: string; sourceFunctionName: string; duration: number }[];
}

/** Names a sampled function by its source, through the build's source maps. */
function sourceNamer(assets: string) {
  const maps = new Map<string, SourceMapConsumer | null>();
  return ({ callFrame: frame }: SampledNode): string => {
    const file = (frame.url ?? '').split('/').pop() ?? '';
    if (!file.endsWith('.js')) return frame.functionName || '(native)';
    let map = maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMapConsumer(
          JSON.parse(readFileSync(`${assets}/${file}.map`, 'utf8')) as RawSourceMap,
        );
      } catch {
        map = null;
      }
      maps.set(file, map);
    }
    const at = map?.originalPositionFor({
      line: frame.lineNumber + 1,
      column: frame.columnNumber,
    });
    if (!at?.source) return `${frame.functionName || '(anonymous)'} ${file}`;
    return `${at.name ?? frame.functionName} ${at.source.replace(/^(\.\.\/)+/, '')}:${String(at.line)}`;
  };
}

/** The main thread's CPU samples in a trace: each sample's time (µs), node and weight. */
function samplesOf(events: readonly TraceEvent[], onMain: (e: TraceEvent) => boolean) {
  const nodes = new Map<number, SampledNode>();
  const times: number[] = [];
  const ids: number[] = [];
  const weights: number[] = [];
  const clocks = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'Profile' && onMain(e) && e.id)
      clocks.set(e.id, (e.args?.data as { startTime: number }).startTime);
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.id || !clocks.has(e.id)) continue;
    const data = e.args?.data as {
      cpuProfile?: { nodes?: SampledNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data.timeDeltas ?? [];
    let t = clocks.get(e.id) ?? 0;
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0;
      times.push(t);
      ids.push(id);
      weights.push(deltas[i + 1] ?? 0);
    });
    clocks.set(e.id, t);
  }
  return { nodes, times, ids, weights };
}

async function main() {
  const { values } = parseArgs({
    options: {
      fault: { type: 'string' },
      seeds: { type: 'string' },
      path: { type: 'string' },
      after: { type: 'string' },
      top: { type: 'string' },
      saved: { type: 'boolean' },
    },
  });
  const fault = values.fault === undefined ? undefined : FAULTS[values.fault];
  if (values.fault !== undefined && !fault)
    throw new Error(`--fault is one of ${Object.keys(FAULTS).join(', ')}`);
  const path = values.path ?? '/seeds';
  const top = Number(values.top ?? 6);
  const server = await startFaultServer({ seeds: Number(values.seeds ?? 20_000) });
  if (fault) server.faults.inject('seed', fault);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      const w = window as unknown as { frames100: Frame[] };
      w.frames100 = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as LongAnimationFrame[]) {
          if (entry.duration <= 100) continue;
          w.frames100.push({
            duration: Math.round(entry.duration),
            scripts: entry.scripts.map(
              (s) =>
                `${s.invoker} ${s.sourceFunctionName || ''} ${String(Math.round(s.duration))} ms`,
            ),
          });
        }
      }).observe({ type: 'long-animation-frame' });
    });
    const go = async (to: string) => {
      await page.evaluate((address) => {
        history.pushState(null, '', address);
        dispatchEvent(new PopStateEvent('popstate'));
      }, to);
      await page.locator('[role="grid"], [role="alert"]').first().waitFor({ timeout: 120_000 });
    };
    let page = await context.newPage();
    await page.goto(`${server.url}/press`);
    await page.locator('.press-card').first().waitFor();
    if (values.saved) {
      await go(path);
      const deadline = Date.now() + 120_000;
      while (!(await savedResources(page)).includes('seed')) {
        if (Date.now() > deadline) throw new Error('The list was not saved in time.');
        await page.waitForTimeout(250);
      }
      server.faults.inject('seed', { kind: 'hang' });
      // Closed first: pages of one site share the browser's thread for their scripts.
      await page.close();
      page = await context.newPage();
      await page.goto(`${server.url}/press`);
      await page.locator('.press-card').first().waitFor();
    }
    await favourRenderers(browser);
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'blink',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await go(path);
    await page.waitForTimeout(Number(values.after ?? 3_000));
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const frames = await page.evaluate(
      () => (window as unknown as { frames100: Frame[] }).frames100,
    );
    console.log('Long animation frames over 100 ms:');
    for (const f of frames) console.log(`  ${String(f.duration)} ms: ${f.scripts.join('; ')}`);

    const events = trace.traceEvents;
    const mains = new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${String(e.pid)}:${String(e.tid)}`),
    );
    const onMain = (e: TraceEvent) => mains.has(`${String(e.pid)}:${String(e.tid)}`);
    const spans = events.filter((e) => onMain(e) && e.ph === 'X' && e.dur !== undefined);
    const isTask = (e: TraceEvent) =>
      e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
    const tasks = spans.filter(isTask).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
    const start = Math.min(...spans.map((e) => e.ts));
    const { nodes, times, ids, weights } = samplesOf(events, onMain);
    const name = sourceNamer(`${process.cwd()}/dist/assets`);
    for (const task of tasks.slice(0, top)) {
      const end = task.ts + (task.dur ?? 0);
      console.log(
        `\nTask of ${((task.dur ?? 0) / 1000).toFixed(0)} ms, ${((task.ts - start) / 1000).toFixed(0)} ms into the trace`,
      );
      const steps = new Map<string, number>();
      for (const e of spans) {
        if (isTask(e) || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
        steps.set(e.name, Math.max(steps.get(e.name) ?? 0, (e.dur ?? 0) / 1000));
      }
      console.log(' the browser’s steps (longest of each):');
      console.log(topList(steps, 10));
      const total = new Map<string, number>();
      for (let i = 0; i < times.length; i++) {
        const t = times[i] ?? 0;
        if (t < task.ts || t > end) continue;
        const seen = new Set<string>();
        for (let id: number | undefined = ids[i]; id !== undefined;) {
          const node = nodes.get(id);
          if (!node) break;
          const key = name(node);
          if (!seen.has(key)) {
            seen.add(key);
            total.set(key, (total.get(key) ?? 0) + (weights[i] ?? 0) / 1000);
          }
          id = node.parent;
        }
      }
      console.log(' the page’s functions (with what they call):');
      console.log(topList(total, 20));
    }
  } finally {
    server.faults.release();
    await browser.close();
    await server.close();
  }
}

await main();
