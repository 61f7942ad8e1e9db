/**
 * What the benchmark measures inside the page. Everything here runs in the browser; times are on
 * the page's own clock (milliseconds since navigation started).
 */
import type { CDPSession, Page } from 'playwright-core';

/** How to recognise each page's table. */
export interface Target {
  /** Data rows in the DOM (not header or placeholder rows). */
  rowSelector: string;
  /** The element that scrolls the rows. */
  scrollerSelector: string;
}

export const OURS: Target = {
  rowSelector: '[role="grid"] tbody tr[aria-rowindex]',
  scrollerSelector: '.data-table__scroll',
};
export const PEER: Target = {
  rowSelector: '.ag-grid-scrolling-rows .ag-row',
  scrollerSelector: '.ag-grid-viewport',
};

interface BenchWindow {
  bench: {
    firstRows: number | null;
    complete: number | null;
    counted: number | null;
    events: { name: string; duration: number; interactionId: number; startTime: number }[];
    inputAt: number | null;
  };
}

/** When a page counts as loaded: every condition given must hold. */
export interface CompleteWhen {
  /** An element matching this exists. */
  present?: string;
  /** No element matches this. */
  absent?: string;
  /** This element has this attribute value. */
  attribute?: { selector: string; name: string; value: string };
  /** The page has set this global. */
  flag?: string;
  /**
   * Not part of being complete: also noted (as `counted`) is the first frame with data rows in
   * which this element's text starts with this, as when a list's first screen and its whole count
   * show before all its rows are read.
   */
  counted?: { selector: string; text: string };
}

/**
 * Installed before any page script: notes the first frame with data rows, and the first frame in
 * which the page is complete, and records Event Timing entries and the moment of each input.
 */
export async function installRecorder(page: Page, rowSelector: string, when: CompleteWhen) {
  // The probes are TypeScript run through tsx, which names inner functions with a helper the page
  // does not have; a no-op stand-in keeps them working there.
  await page.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  await page.addInitScript(
    ({ rows, complete }) => {
      const w = window as unknown as BenchWindow & Record<string, unknown>;
      w.bench = { firstRows: null, complete: null, counted: null, events: [], inputAt: null };
      const isComplete = () => {
        if (complete.present && !document.querySelector(complete.present)) return false;
        if (complete.absent && document.querySelector(complete.absent)) return false;
        if (complete.attribute) {
          const el = document.querySelector(complete.attribute.selector);
          if (el?.getAttribute(complete.attribute.name) !== complete.attribute.value) return false;
        }
        if (complete.flag && w[complete.flag] === undefined) return false;
        return true;
      };
      const tick = () => {
        if (w.bench.firstRows === null && document.querySelector(rows)) {
          w.bench.firstRows = performance.now();
        }
        const counted = complete.counted;
        if (
          counted &&
          w.bench.counted === null &&
          document.querySelector(rows) &&
          document.querySelector(counted.selector)?.textContent.startsWith(counted.text)
        ) {
          requestAnimationFrame(() => {
            w.bench.counted ??= performance.now();
          });
        }
        if (w.bench.complete === null && isComplete()) {
          // The frame after the condition holds is the one that shows it.
          requestAnimationFrame(() => {
            w.bench.complete = performance.now();
          });
          return;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          w.bench.events.push({
            name: entry.name,
            duration: entry.duration,
            interactionId: entry.interactionId,
            startTime: entry.startTime,
          });
        }
      }).observe({
        type: 'event',
        durationThreshold: 16,
        buffered: true,
      } as PerformanceObserverInit);
      for (const type of ['pointerdown', 'keydown']) {
        addEventListener(
          type,
          (event) => {
            w.bench.inputAt = event.timeStamp;
          },
          true,
        );
      }
    },
    { rows: rowSelector, complete: when },
  );
}

/**
 * Polls the page until `check` gives a value. (Playwright's waitForFunction evaluates its predicate
 * in a way the explorer's Content-Security-Policy forbids, so it would wait for ever there.)
 */
async function poll<T>(
  page: Page,
  check: (arg: string) => T | null,
  arg: string,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.evaluate(check, arg);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type Noted = 'firstRows' | 'complete' | 'counted';

export function waitFor(page: Page, what: Noted, timeoutMs = 300_000) {
  return poll(
    page,
    (key) => (window as unknown as BenchWindow).bench[key as Noted],
    what,
    timeoutMs,
  );
}

/**
 * JS heap in use once the page has settled: after garbage collection, read every second until two
 * readings agree within 1 MB (for at most 20 seconds), so that work a page does after its load
 * (the explorer's facet counts and saved copy) is done and counted. In bytes.
 */
export async function settledHeap(session: CDPSession): Promise<number> {
  let last = await heapAfterGc(session);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await heapAfterGc(session);
    if (Math.abs(now - last) < 2 ** 20) return now;
    last = now;
  }
  return last;
}

/** JS heap in use after garbage collection, in bytes. */
async function heapAfterGc(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.collectGarbage');
  const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usage.usedSize;
}

export interface ScrollFigures {
  frames: number;
  p95: number;
  worst: number;
  over50: number;
  maxRows: number;
}

/** Scrolls from top to bottom in `frames` steps, one per animation frame, timing each frame. */
/**
 * Animation-frame timestamps are coarsened to 0.1 ms in Chromium, so a frame that lasts n vsyncs
 * at 60 Hz measures n × 16.67 ms ± 0.1 ms (three vsyncs: 49.9 to 50.1 ms).
 */
export const FRAME_TIMESTAMP_RESOLUTION = 0.1;

export async function scrollProbe(
  page: Page,
  target: Target,
  frames: number,
): Promise<ScrollFigures> {
  return page.evaluate(
    async ({ scrollerSelector, rowSelector, steps, resolution }) => {
      const scroller = document.querySelector(scrollerSelector);
      if (!(scroller instanceof HTMLElement)) throw new Error(`no ${scrollerSelector}`);
      const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      scroller.scrollTop = 0;
      await nextFrame();
      await nextFrame();
      const max = scroller.scrollHeight - scroller.clientHeight;
      const deltas: number[] = [];
      let maxRows = 0;
      let last = await nextFrame();
      for (let i = 1; i <= steps; i++) {
        scroller.scrollTop = Math.round((max * i) / steps);
        const now = await nextFrame();
        // Rounded to the timestamps' resolution, which subtraction leaves with float noise.
        deltas.push(Math.round((now - last) / resolution) * resolution);
        last = now;
        maxRows = Math.max(maxRows, document.querySelectorAll(rowSelector).length);
      }
      const sorted = [...deltas].sort((a, b) => a - b);
      return {
        frames: deltas.length,
        p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
        worst: sorted[sorted.length - 1] ?? 0,
        over50: deltas.filter((d) => d > 50 + resolution).length,
        maxRows,
      };
    },
    {
      scrollerSelector: target.scrollerSelector,
      rowSelector: target.rowSelector,
      steps: frames,
      resolution: FRAME_TIMESTAMP_RESOLUTION,
    },
  );
}

export interface InteractionFigures {
  /** The Event Timing duration of the interaction (the INP measure); 16 means "under 16 ms". */
  inp: number;
  /** From the input to the first frame showing the changed rows. */
  toPaint: number;
}

/**
 * Runs `act` (a click or a key press) and measures the interaction with the Event Timing API, and
 * the time until the rows shown (or the explorer's count of them) change.
 */
export async function interaction(
  page: Page,
  target: Target,
  act: () => Promise<void>,
): Promise<InteractionFigures> {
  await page.evaluate((rowSelector) => {
    const w = window as unknown as BenchWindow & { changedAt: number | null };
    w.bench.events = [];
    w.bench.inputAt = null;
    w.changedAt = null;
    // The rows in view, and the explorer's count line: a filter that keeps the first rows still
    // changes the count.
    const signature = () => {
      const rows = document.querySelectorAll(rowSelector);
      const count = document.querySelector('.count-line')?.textContent ?? '';
      return `${String(rows.length)}|${rows[0]?.textContent ?? ''}|${rows[1]?.textContent ?? ''}|${count}`;
    };
    const before = signature();
    const watch = () => {
      if (signature() !== before) {
        requestAnimationFrame(() => {
          w.changedAt = performance.now();
        });
        return;
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  }, target.rowSelector);
  await act();
  await poll(page, () => (window as unknown as { changedAt: number | null }).changedAt, '', 60_000);
  // Event Timing entries arrive after the frame that ends the interaction.
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const w = window as unknown as BenchWindow & { changedAt: number };
    const start = w.bench.inputAt ?? 0;
    const ids = new Set(
      w.bench.events
        .filter((e) => e.interactionId > 0 && e.startTime >= start - 1)
        .map((e) => e.interactionId),
    );
    const durations = w.bench.events
      .filter((e) => ids.has(e.interactionId) || e.startTime >= start - 1)
      .map((e) => e.duration);
    return { inp: Math.max(16, ...durations), toPaint: w.changedAt - start };
  });
}

/**
 * How long after the list is complete the facet panel shows counts of every row, on the page's
 * clock. The panel says "Counts of N seeds" once it has counted N, and is busy while it counts.
 */
export async function facetsCounted(page: Page, rows: number): Promise<number> {
  const counted = await poll(
    page,
    (expected) => {
      const panel = document.querySelector('.facet-panel');
      const note = panel?.querySelector('.facet-panel__note')?.textContent ?? '';
      const ready =
        panel?.getAttribute('aria-busy') === 'false' && note.replace(/\D/g, '') === expected;
      return ready ? performance.now() : null;
    },
    String(rows),
    120_000,
  ).catch(async (error: unknown) => {
    // Say what the panel showed instead, and where the page was.
    const seen = await page.evaluate(() => {
      const panel = document.querySelector('.facet-panel');
      const note = panel?.querySelector('.facet-panel__note')?.textContent ?? 'no note';
      return `panel busy: ${String(panel?.getAttribute('aria-busy'))}; "${note}"; ${location.href}`;
    });
    throw new Error(`The facets did not count ${String(rows)} rows (${seen})`, { cause: error });
  });
  const complete = await page.evaluate(() => (window as unknown as BenchWindow).bench.complete);
  return Math.max(0, counted - (complete ?? counted));
}

/**
 * Watches the facet panel from now on: the first time it is busy and then not, the moment is kept
 * (on the page's clock) for `facetRecount`.
 */
export async function watchFacetRecount(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { recountedAt: number | null };
    w.recountedAt = null;
    const panel = document.querySelector('.facet-panel');
    if (!panel) return;
    let busy = false;
    const observer = new MutationObserver(() => {
      const now = panel.getAttribute('aria-busy') === 'true';
      if (busy && !now) {
        // The frame after the change is the one that shows the new counts.
        requestAnimationFrame(() => {
          w.recountedAt = performance.now();
        });
        observer.disconnect();
      }
      busy = now;
    });
    observer.observe(panel, { attributes: true, attributeFilter: ['aria-busy'] });
  });
}

/** From the last input to the facet panel showing its new counts: the recount after a click. */
export async function facetRecount(page: Page): Promise<number> {
  const done = await poll(
    page,
    () => (window as unknown as { recountedAt: number | null }).recountedAt,
    '',
    60_000,
  );
  const input = await page.evaluate(() => (window as unknown as BenchWindow).bench.inputAt);
  return done - (input ?? done);
}

/** Starts noting the longest interval between animation frames, from now until `longestFrame`. */
export async function watchFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { frames: { longest: number; on: boolean } };
    w.frames = { longest: 0, on: true };
    let last = performance.now();
    const tick = (now: number) => {
      w.frames.longest = Math.max(w.frames.longest, now - last);
      last = now;
      if (w.frames.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The longest frame since `watchFrames`, in ms; stops watching. */
export async function longestFrame(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { frames: { longest: number; on: boolean } };
    w.frames.on = false;
    return w.frames.longest;
  });
}
