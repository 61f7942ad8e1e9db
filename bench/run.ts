/**
 * `npm run bench`: the explorer against the physical limit (a bare page that only fetches and
 * parses the same data) and against a peer grid (AG Grid Community), side by side in one run of
 * headless Chromium against the local server with a large embedded catalogue.
 *
 * Options: --sizes 10000,100000,300000,1000000  --main 100000  --runs 10 (at the main size; the
 * smoothness budget asks for ten runs in a row)  --other-runs 3 (at the other sizes)  --frames 600
 * --scale 1000000 (from this size on, the peer is scrolled, sorted and filtered too, and the
 * million-seed budgets apply)  --smoke (small, one run, no docs)  --no-docs
 * (bench/results/latest.json only: a partial run, e.g. one size, leaves docs/performance.md as it is)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Route } from 'playwright-core';
import { comparisonMeasure } from '../src/api/since-saved-compare';
import type { JobMeasure } from '../src/scheduling';
import { format } from 'prettier';
import { launchChromium } from '../test/support/chromium';
import { projectRoot, startServer, type ServerProcess } from '../test/support/server-process';
import { moveClockOn, savedResources } from '../test/support/watched-page';
import {
  OURS,
  PEER,
  facetRecount,
  facetsCounted,
  watchFacetRecount,
  settledHeap,
  installRecorder,
  interaction,
  longestFrame,
  scrollProbe,
  watchFrames,
  waitFor,
  type CompleteWhen,
  type InteractionFigures,
  type ScrollFigures,
  type Target,
} from './probes';
import {
  SMOOTH_RUNS,
  renderMarkdown,
  renderTable,
  summarise,
  type BenchResult,
  type Stat,
} from './report';

export interface BenchOptions {
  /** Build the explorer first (the smoke run inside npm test uses the build npm test made). */
  buildApp: boolean;
  sizes: number[];
  main: number;
  /** Runs at the main size. */
  runs: number;
  /** Runs at every other size. */
  otherRuns: number;
  scrollFrames: number;
  /** From this size on, the peer is interacted with too, and the scale budgets apply. */
  scale: number;
  writeDocs: boolean;
  log: (line: string) => void;
}

const BENCH_DIST = join(projectRoot, 'bench/dist');
const APP_DIST = join(projectRoot, 'dist');
const VIEWPORT = { width: 1440, height: 900 };
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

export function build(app: boolean, log: (line: string) => void) {
  const vite = join(projectRoot, 'node_modules/.bin/vite');
  // A production build whatever the caller's environment (a test runner sets NODE_ENV=test).
  const options = {
    cwd: projectRoot,
    stdio: 'inherit' as const,
    env: { ...process.env, NODE_ENV: 'production' },
  };
  if (app) {
    log('Building the explorer…');
    execFileSync(vite, ['build', '--logLevel', 'warn'], options);
  }
  log('Building the reference pages…');
  execFileSync(vite, ['build', '--config', 'bench/vite.config.ts'], options);
}

type Kind = 'ours' | 'bare' | 'peer';

interface Opened {
  page: Page;
  close: () => Promise<void>;
  heap: () => Promise<number>;
}

async function open(
  browser: Browser,
  server: ServerProcess,
  kind: Kind,
  path: string,
  when: CompleteWhen,
  /** What counts as the page's first rows, if not its table's rows. */
  rowSelector?: string,
): Promise<Opened> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // The reference pages are served from the server's own origin, so they fetch the API exactly
  // as the explorer does; the explorer itself is served by the server as usual.
  await context.route('**/bench/**', async (route) => {
    const file = join(
      BENCH_DIST,
      new URL(route.request().url()).pathname.replace(/^\/bench\//, ''),
    );
    if (!existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({
      status: 200,
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
      body: readFileSync(file),
    });
  });
  const page = await context.newPage();
  // An error in the page is no timing: say it, so a figure that never comes can be explained.
  page.on('pageerror', (error) => {
    console.error(`${kind}: error in the page: ${String(error)}`);
  });
  const target = kind === 'peer' ? PEER : OURS;
  await installRecorder(page, rowSelector ?? (kind === 'bare' ? 'body' : target.rowSelector), when);
  const session = await context.newCDPSession(page);
  await page.goto(server.url + path);
  return {
    page,
    close: () => context.close(),
    heap: () => settledHeap(session),
  };
}

const completeWhen = {
  ours: (rows: number): CompleteWhen => ({
    present: OURS.rowSelector,
    absent: '[role="progressbar"]',
    attribute: { selector: '[role="grid"]', name: 'aria-rowcount', value: String(rows + 1) },
  }),
  peer: (): CompleteWhen => ({ present: PEER.rowSelector, flag: 'peerReady' }),
  bare: (): CompleteWhen => ({ flag: 'benchDone' }),
};

/**
 * Above this many seeds the reference pages fetch the list in pages of this many, all at once: one
 * answer of a million seeds (about 790 MB) is more than a string of Chromium's can hold.
 */
const ONE_ANSWER_SEEDS = 500_000;
const paged = (rows: number) =>
  rows > ONE_ANSWER_SEEDS ? `&seeds=${String(rows)}&page=${String(ONE_ANSWER_SEEDS / 2)}` : '';

const PATHS: Record<Kind, (resource: 'seed' | 'collection', rows: number) => string> = {
  ours: (resource) => (resource === 'seed' ? '/seeds' : '/collections'),
  bare: (resource, rows) => `/bench/bare.html?resource=${resource}${paged(rows)}`,
  peer: (resource, rows) => `/bench/peer.html?resource=${resource}${paged(rows)}`,
};

export interface LoadFigures {
  firstRows: number;
  usable: number;
  heap: number;
}

export async function load(
  browser: Browser,
  server: ServerProcess,
  kind: Kind,
  rows: number,
  resource: 'seed' | 'collection' = 'seed',
  keepOpen?: (opened: Opened) => Promise<void>,
): Promise<LoadFigures> {
  const opened = await open(
    browser,
    server,
    kind,
    PATHS[kind](resource, rows),
    completeWhen[kind](rows),
  );
  try {
    const usable = await waitFor(opened.page, 'complete');
    const firstRows = kind === 'bare' ? usable : await waitFor(opened.page, 'firstRows');
    // The heap after whatever the run does with the page, once it has settled.
    if (keepOpen) await keepOpen(opened);
    const heap = await opened.heap();
    return { firstRows, usable, heap };
  } finally {
    await opened.close();
  }
}

/** Resolves once the explorer has saved the seed list for the next visit (its head is written). */
async function listSaved(page: Page, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await savedResources(page)).includes('seed')) {
    if (Date.now() > deadline) throw new Error('The seed list was not saved in time.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface WarmFigures {
  /** To the first screen of rows with the list's whole count above them. */
  usable: number;
  /** To every row read back (the table's row count whole) and the first screen painted. */
  whole: number;
}

/**
 * A reload of /seeds once the explorer has saved the list, as the person reloading sees it: from
 * navigation to the first screen with the whole count (the rest of a big list is read back
 * meanwhile, and the page says how much it holds), and to every row there.
 */
export async function warmReload(
  browser: Browser,
  server: ServerProcess,
  rows: number,
): Promise<WarmFigures> {
  const opened = await open(browser, server, 'ours', PATHS.ours('seed', rows), {
    ...completeWhen.ours(rows),
    counted: { selector: '.count-line', text: `${rows.toLocaleString('en-US')} seeds` },
  });
  try {
    await waitFor(opened.page, 'complete');
    await listSaved(opened.page);
    await opened.page.reload();
    const whole = await waitFor(opened.page, 'complete');
    return { usable: await waitFor(opened.page, 'counted'), whole };
  } finally {
    await opened.close();
  }
}

export interface ActivityFigures {
  /** A first visit: the page's "Load" clicked as soon as it shows, to every seed counted. */
  cold: number;
  /** A reload once the seed list is saved: the page loads them at once. */
  saved: number;
}

/** The activity page is usable: its day list shows, and no list is still loading. */
const ACTIVITY_DAY = '.activity-day';
const activityComplete: CompleteWhen = { present: ACTIVITY_DAY, absent: '[role="progressbar"]' };

/**
 * The activity page, which needs every seed: from navigation to its chart and day list with every
 * seed counted, first on a visit with nothing saved (the page's "Load" clicked the moment it
 * shows, as the time to find it is a person's, not the page's), then on a reload once the seed
 * list is saved.
 */
export async function activityPage(
  browser: Browser,
  server: ServerProcess,
): Promise<ActivityFigures> {
  const opened = await open(browser, server, 'ours', '/activity', activityComplete, ACTIVITY_DAY);
  try {
    const { page } = opened;
    await page.getByRole('button', { name: /^Load the .* seeds to chart them$/ }).click();
    const cold = await waitFor(page, 'complete');
    await listSaved(page);
    await page.reload();
    const saved = await waitFor(page, 'complete');
    return { cold, saved };
  } finally {
    await opened.close();
  }
}

export interface ComparisonFigures {
  /** What the comparison's slices took in all (ms): its cost to the page. */
  work: number;
  /** Its longest slice (ms). */
  longest: number;
  /** From its first slice to its end, the waits between slices included (ms). */
  wall: number;
  /** What it found, as the note beside the count says. */
  note: string;
}

/** How many records of `resource` a server lists (its `Total-Row-Count`). */
async function listed(server: ServerProcess, resource: 'seed' | 'collection'): Promise<number> {
  const response = await fetch(`${server.url}/api/${resource}?limit=0`);
  return Number(response.headers.get('Total-Row-Count'));
}

/**
 * "Since your copy" at full size: `/seeds` loaded and saved from the catalogue as it stood weeks
 * ago (`copy`, a server started with `--as-of` listing `copyRows` seeds, whose answers the page
 * gets at `server`'s address), then reloaded more than a minute later from `server`, the catalogue
 * of today with `rows` seeds, until the note beside the count shows. The comparison's figures are
 * the page's own (its performance measure).
 */
export async function sinceSavedComparison(
  browser: Browser,
  server: ServerProcess,
  copy: { server: ServerProcess; rows: number },
  rows: number,
): Promise<ComparisonFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const toCopy = async (route: Route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: copy.server.url + url.pathname + url.search });
      await route.fulfill({ response });
    };
    await context.route('**/api/**', toCopy);
    await page.goto(`${server.url}/seeds`);
    await listSaved(page);
    await context.unroute('**/api/**', toCopy);
    // Two minutes on: the saved copy is old enough to be compared.
    await moveClockOn(page, 120_000);
    await page.reload();
    const note = page.locator('.since-saved-line');
    await note.waitFor({ timeout: 300_000 });
    await page.waitForFunction(
      (rows) =>
        document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') === String(rows + 1),
      rows,
      { timeout: 300_000 },
    );
    // The seed list's comparison (the collections' list has its own): today's rows against the
    // copy's, which the page saved from the copy's server.
    const measured = await page.evaluate(
      (name) => {
        const entry = performance.getEntriesByName(name, 'measure')[0] as
          PerformanceMeasure | undefined;
        return entry ? { ...(entry.detail as JobMeasure), wall: entry.duration } : null;
      },
      comparisonMeasure(copy.rows, rows),
    );
    if (!measured) throw new Error('The page did not measure its comparison.');
    return { ...measured, note: (await note.textContent()) ?? '' };
  } finally {
    await context.close();
  }
}

export interface Interactive {
  scroll: ScrollFigures;
  sort: InteractionFigures;
  filter: InteractionFigures;
  /** The explorer's facets (the peer has none). */
  facets?: FacetFigures;
  /** The explorer's export of every row (the peer's grid is not asked to export). */
  export?: ExportFigures;
}

interface ExportFigures {
  /** From the click on CSV to the browser's download of the file. */
  toFile: number;
  /** The longest frame meanwhile. */
  longestFrame: number;
}

/** Every row exported as CSV from the Export menu, as the table shows them. */
async function exportEveryRow(page: Page): Promise<ExportFigures> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const csv = page
    .getByRole('group', { name: /^Export / })
    .getByRole('button', { name: 'CSV', exact: true });
  await csv.waitFor();
  await watchFrames(page);
  const start = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 300_000 }),
    csv.click(),
  ]);
  const toFile = performance.now() - start;
  const longest = await longestFrame(page);
  await download.delete();
  return { toFile, longestFrame: longest };
}

interface FacetFigures {
  /** From the list complete to the panel counting every row. */
  firstCounts: number;
  /** Choosing a facet value: the interaction, and the filtered rows painted. */
  click: InteractionFigures;
  /** From that click to the panel's counts updated. */
  recount: number;
}

/** The facet panel at work: its first counts, a value chosen, the recount. */
async function facets(page: Page, rows: number): Promise<FacetFigures> {
  const firstCounts = await facetsCounted(page, rows);
  await page.waitForTimeout(500);
  const choice = page.getByRole('region', { name: 'Refine' }).getByRole('checkbox', {
    name: /^Inactive, /,
  });
  await watchFacetRecount(page);
  const click = await interaction(page, OURS, async () => {
    await choice.click();
  });
  const recount = await facetRecount(page);
  return { firstCounts, click, recount };
}

/**
 * The three interactions every page is timed on, in the benchmark's order: a moment after the
 * load, scrolling top to bottom, then a click on the URL header, then "q" in the quick filter.
 */
export async function scrollSortFilter(
  page: Page,
  kind: 'ours' | 'peer',
  frames: number,
  /** Wraps each of the three (a profiler started and stopped around it, say). */
  around: <T>(name: string, measure: () => Promise<T>) => Promise<T> = (_, measure) => measure(),
): Promise<Pick<Interactive, 'scroll' | 'sort' | 'filter'>> {
  const target: Target = kind === 'peer' ? PEER : OURS;
  // Let background work after the load settle, as a person would take a moment to start.
  await page.waitForTimeout(1_000);
  const scroll = await around('scroll', () => scrollProbe(page, target, frames));
  await page.evaluate((selector) => {
    const scroller = document.querySelector(selector);
    if (scroller) scroller.scrollTop = 0;
  }, target.scrollerSelector);
  await page.waitForTimeout(500);
  const sort = await around('sort', () =>
    interaction(page, target, async () => {
      if (kind === 'ours')
        await page
          .getByRole('columnheader', { name: 'URL', exact: true })
          .getByRole('button')
          .click();
      else await page.locator('.ag-header-cell[col-id="url"] .ag-header-cell-label').click();
    }),
  );
  await page.waitForTimeout(500);
  const filter = await around('filter', () =>
    interaction(page, target, async () => {
      const box =
        kind === 'ours'
          ? page.getByRole('searchbox', { name: 'Quick filter' })
          : page.locator('#quick');
      await box.focus();
      await page.keyboard.press('q');
    }),
  );
  return { scroll, sort, filter };
}

/** Scroll, sort by URL and type into the quick filter, on a loaded page; then the facets. */
export async function interact(
  page: Page,
  kind: 'ours' | 'peer',
  frames: number,
  rows: number,
): Promise<Interactive> {
  // The first counts are timed from the list's completion, before anything else runs.
  const first = kind === 'ours' ? await facetsCounted(page, rows) : undefined;
  const { scroll, sort, filter } = await scrollSortFilter(page, kind, frames);
  if (kind === 'peer' || first === undefined) return { scroll, sort, filter };
  // Back to every row (the box emptied, whatever holds the focus now): exported, then a facet
  // value chosen.
  await page.getByRole('searchbox', { name: 'Quick filter' }).fill('');
  await page.waitForFunction(
    (rows) =>
      document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') === String(rows + 1),
    rows,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(800);
  const exported = await exportEveryRow(page);
  await page.waitForTimeout(1_000);
  const facetFigures = await facets(page, rows);
  return {
    scroll,
    sort,
    filter,
    facets: { ...facetFigures, firstCounts: first },
    export: exported,
  };
}

/** The JavaScript files a first visit to `path` fetches until `ready` and the network is idle. */
async function scriptsFor(
  browser: Browser,
  server: ServerProcess,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<Set<string>> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${server.url}${path}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts;
}

const gzipOf = (scripts: Set<string>) => {
  let gzip = 0;
  for (const path of scripts) {
    gzip += gzipSync(readFileSync(join(APP_DIST, path)), { level: 9 }).length;
  }
  return gzip;
};

/**
 * JavaScript the first screen of a list page loads (/collections), gzip-compressed, and whether
 * other routes stayed lazy; and the same for / (the overview), its charts' code included.
 */
async function weight(browser: Browser, server: ServerProcess) {
  const scripts = await scriptsFor(browser, server, '/collections', (page) =>
    page.getByRole('grid', { name: 'Collections' }).getByRole('row').nth(2).waitFor(),
  );
  const overview = await scriptsFor(browser, server, '/', (page) =>
    page.locator('svg.chart__svg a').first().waitFor(),
  );
  const all = readdirSync(join(APP_DIST, 'assets')).filter((f) => f.endsWith('.js'));
  const lazy = all.filter((f) => !scripts.has(`/assets/${f}`));
  return {
    firstRouteGzip: gzipOf(scripts),
    firstRouteFiles: scripts.size,
    lazyChunks: lazy.length,
    overviewGzip: gzipOf(overview),
    overviewFiles: overview.size,
  };
}

function machine() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  let chromium = 'unknown';
  try {
    chromium = execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    /* another executable; the version stays unknown */
  }
  return {
    cpu: `${cpu} × ${String(cpus().length)}`,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium,
  };
}

/** How long before today the saved copy of "Since your copy" was taken. */
const COPY_AGE_DAYS = 21;

/** "Since your copy" in each run, against a copy of the catalogue as it stood weeks ago. */
async function comparisons(
  browser: Browser,
  server: ServerProcess,
  size: number,
  options: BenchOptions,
): Promise<ComparisonFigures[]> {
  const asOf = new Date(Date.now() - COPY_AGE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const started = performance.now();
  const copy = await startServer(['--port', '0', '--seeds', String(size), '--as-of', asOf]);
  options.log(
    `  the catalogue as of ${asOf} served after ${(performance.now() - started).toFixed(0)} ms`,
  );
  try {
    const figures: ComparisonFigures[] = [];
    const copied = { server: copy, rows: await listed(copy, 'seed') };
    for (let run = 1; run <= options.otherRuns; run++) {
      const measured = await sinceSavedComparison(browser, server, copied, size);
      figures.push(measured);
      options.log(
        `  run ${String(run)} since your copy: comparison ${measured.work.toFixed(1)} ms of work, longest slice ${measured.longest.toFixed(1)} ms (${measured.note})`,
      );
    }
    return figures;
  } finally {
    await copy.stop();
  }
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const { log } = options;
  build(options.buildApp, log);
  const browser = await launchChromium();
  const started = new Date();
  const result: BenchResult = {
    date: started.toISOString(),
    machine: machine(),
    runs: options.runs,
    otherRuns: options.otherRuns,
    main: options.main,
    scale: options.scale,
    sizes: [],
    interactive: { ours: [], peer: [] },
    collections: { ours: [], peer: [] },
    weight: {
      firstRouteGzip: 0,
      firstRouteFiles: 0,
      lazyChunks: 0,
      overviewGzip: 0,
      overviewFiles: 0,
    },
  };
  try {
    for (const size of options.sizes) {
      log(`Catalogue of ${size.toLocaleString('en-US')} seeds…`);
      // The server's start (the sample made, indexed and encoded) is no part of any timing.
      const starting = performance.now();
      const server = await startServer(['--port', '0', '--seeds', String(size)]);
      const serverStart = performance.now() - starting;
      log(`  the server started in ${serverStart.toFixed(0)} ms (not part of any timing)`);
      try {
        // A reference page that cannot load this size at all (beyond the main size) is said to, in
        // the report, and not asked again; the explorer's failure ends the run.
        const unable: Partial<Record<'bare' | 'peer' | 'warm', string>> = {};
        const attempt = async (kind: Kind, measure: () => Promise<LoadFigures>) => {
          if (kind === 'ours' || size === options.main) return measure();
          if (unable[kind] !== undefined) return undefined;
          try {
            return await measure();
          } catch (error) {
            unable[kind] = (error instanceof Error ? error.message : String(error)).split('\n')[0];
            log(`  ${kind} could not load ${String(size)} seeds: ${unable[kind]}`);
            return undefined;
          }
        };
        // One load of each to warm the server and the browser.
        for (const kind of ['ours', 'bare', 'peer'] as const)
          await attempt(kind, () => load(browser, server, kind, size));
        const figures: Record<Kind, LoadFigures[]> = { ours: [], bare: [], peer: [] };
        // At the other sizes the explorer is scrolled, sorted, filtered and exported too, and from
        // the scale size on the peer is scrolled, sorted and filtered as well.
        const atSize: Interactive[] = [];
        const peerAtSize: Interactive[] = [];
        const runs = size === options.main ? options.runs : options.otherRuns;
        for (let run = 1; run <= runs; run++) {
          // Interleaved, so any drift of the machine touches all three alike.
          for (const kind of ['bare', 'ours', 'peer'] as const) {
            const main = size === options.main;
            const scale = size >= options.scale;
            const interactive = kind === 'ours' || ((main || scale) && kind === 'peer');
            const measured = await attempt(kind, () =>
              load(
                browser,
                server,
                kind,
                size,
                'seed',
                interactive
                  ? async ({ page }) => {
                      const figures = await interact(page, kind, options.scrollFrames, size);
                      if (main) result.interactive[kind].push(figures);
                      else (kind === 'peer' ? peerAtSize : atSize).push(figures);
                    }
                  : undefined,
              ),
            );
            if (!measured) continue;
            figures[kind].push(measured);
            log(
              `  run ${String(run)} ${kind.padEnd(4)} usable ${measured.usable.toFixed(0)} ms, first rows ${measured.firstRows.toFixed(0)} ms, heap ${(measured.heap / 2 ** 20).toFixed(1)} MB`,
            );
          }
        }
        const warm: number[] = [];
        const warmWhole: number[] = [];
        for (let run = 1; run <= runs; run++) {
          // Beyond the main size a list may be too big to save: the report says so.
          try {
            const reloaded = await warmReload(browser, server, size);
            warm.push(reloaded.usable);
            warmWhole.push(reloaded.whole);
          } catch (error) {
            if (size === options.main) throw error;
            unable.warm = error instanceof Error ? error.message : String(error);
            log(`  no warm reload at ${String(size)} seeds: ${unable.warm}`);
            break;
          }
          log(
            `  run ${String(run)} ours warm reload usable ${(warm.at(-1) ?? NaN).toFixed(0)} ms, every row read ${(warmWhole.at(-1) ?? NaN).toFixed(0)} ms`,
          );
        }
        result.sizes.push({
          seeds: size,
          serverStart,
          ...figures,
          warm,
          warmWhole,
          ...(atSize.length > 0 ? { interactive: atSize } : {}),
          ...(peerAtSize.length > 0 ? { peerInteractive: peerAtSize } : {}),
          ...(Object.keys(unable).length > 0 ? { unable } : {}),
        });
        if (size === options.main) {
          const collections = await listed(server, 'collection');
          for (let run = 1; run <= options.runs; run++) {
            for (const kind of ['ours', 'peer'] as const) {
              const measured = await load(browser, server, kind, collections, 'collection');
              result.collections[kind].push(measured.firstRows);
            }
          }
          result.weight = await weight(browser, server);
          result.activity = [];
          for (let run = 1; run <= options.otherRuns; run++) {
            const activity = await activityPage(browser, server);
            result.activity.push(activity);
            log(
              `  run ${String(run)} activity page usable ${activity.cold.toFixed(0)} ms, with the list saved ${activity.saved.toFixed(0)} ms`,
            );
          }
          result.sinceSaved = await comparisons(browser, server, size, options);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return result;
}

export function parseBenchArgs(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      sizes: { type: 'string' },
      main: { type: 'string' },
      runs: { type: 'string' },
      'other-runs': { type: 'string' },
      frames: { type: 'string' },
      scale: { type: 'string' },
      smoke: { type: 'boolean' },
      'no-docs': { type: 'boolean' },
    },
  });
  const smoke = values.smoke ?? false;
  const sizes = (values.sizes ?? (smoke ? '2000' : '10000,100000,300000,1000000'))
    .split(',')
    .map(Number);
  return {
    buildApp: true,
    sizes,
    main: Number(values.main ?? (smoke ? sizes[0] : 100_000)),
    runs: Number(values.runs ?? (smoke ? 1 : SMOOTH_RUNS)),
    otherRuns: Number(values['other-runs'] ?? (smoke ? 1 : 3)),
    scrollFrames: Number(values.frames ?? (smoke ? 60 : 600)),
    scale: Number(values.scale ?? 1_000_000),
    writeDocs: !smoke && !(values['no-docs'] ?? false),
    log: (line) => {
      console.log(line);
    },
  };
}

async function main() {
  const options = parseBenchArgs(process.argv.slice(2));
  const result = await runBench(options);
  const summary = summarise(result);
  console.log(`\n${renderTable(summary)}`);
  const outDir = join(projectRoot, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify({ result, summary }, null, 2)}\n`);
  if (options.writeDocs) {
    mkdirSync(join(projectRoot, 'docs'), { recursive: true });
    const docs = join(projectRoot, 'docs/performance.md');
    const previous = existsSync(docs) && statSync(docs).isFile() ? readFileSync(docs, 'utf8') : '';
    // Written in the project's format, so the lint step of the tests accepts it as it is.
    const markdown = await format(renderMarkdown(result, summary, previous), { filepath: docs });
    writeFileSync(docs, markdown);
    console.log('Wrote bench/results/latest.json and docs/performance.md.');
  }
}

export type { Stat };

if (process.argv[1]?.endsWith('bench/run.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
