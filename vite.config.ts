/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .gz and .br beside every text asset so the server sends them compressed without
 * compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const files = await Promise.all(
          entries.map((e) =>
            e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]),
          ),
        );
        return files.flat();
      };
      for (const file of await walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const content = await readFile(file);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * React Router 7's package exports always name its development build (warnings included), even
 * for production (remix-run/react-router#14102); builds take the production one it ships beside it.
 */
const reactRouterProduction = fileURLToPath(
  new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * React Router's build is one module whose top level names its contexts and components
 * (`Link.displayName = "Link"`) and calls `createContext`, `forwardRef` and `memo` without a pure
 * annotation. To the bundler each is a side effect, so every export stays, used or not: the data
 * routers, forms, fetchers, server rendering. Without the names (they serve React's developer
 * tools) and with the calls marked pure, the first screen carries only the router it uses.
 */
export const REACT_ROUTER_CHUNK = /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;

export function shakeReactRouter(code: string): string {
  return code
    .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
    .replace(/= (React\d*\.(?:createContext|forwardRef|memo)\()/g, '= /* @__PURE__ */ $1');
}

function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_CHUNK },
      handler: (code) => ({ code: shakeReactRouter(code), map: null }),
    },
  };
}

/**
 * TanStack Query's client keeps a cache of mutations (1.4 KB), and the cache builds them with the
 * `Mutation` class (3.4 KB); and every query carries the paging of infinite queries (1.2 KB). So
 * every first screen carried them, though the explorer changes nothing through the query client
 * and pages its lists itself. Builds take stand-ins for those modules of the query core: the
 * cache holds no mutation (what reads it finds none, what clears or resumes it has nothing to do),
 * and starting a mutation or an infinite query fails at once, with these messages.
 */
const QUERY_CORE = /@tanstack[\\/]query-core[\\/]/;
export const QUERY_MUTATION = { importer: QUERY_CORE, source: './mutation.js' };
export const QUERY_MUTATION_CACHE = { importer: QUERY_CORE, source: './mutationCache.js' };
export const QUERY_INFINITE = { importer: QUERY_CORE, source: './infiniteQueryBehavior.js' };
export const NO_MUTATIONS =
  'This build leaves out TanStack Query’s mutations (vite.config.ts): the explorer uses none.';
export const NO_INFINITE_QUERIES =
  'This build leaves out TanStack Query’s infinite queries (vite.config.ts): the explorer uses none.';
const fail = (message: string) => `throw new Error(${JSON.stringify(message)});`;
const FAIL = fail(NO_MUTATIONS);
const STAND_INS: Record<string, string> = {
  [QUERY_MUTATION.source]: `export class Mutation { constructor() { ${FAIL} } }
export function getDefaultState() { ${FAIL} }
`,
  [QUERY_MUTATION_CACHE.source]: `const none = () => Promise.resolve();
const fail = () => { ${FAIL} };
export class MutationCache {
  constructor(config = {}) { this.config = config; this.listeners = new Set(); }
  build() { fail(); }
  add() { fail(); }
  remove() {}
  canRun() { return true; }
  runNext() { return none(); }
  clear() {}
  getAll() { return []; }
  find() { return undefined; }
  findAll() { return []; }
  notify() {}
  resumePausedMutations() { return none(); }
  subscribe() { return () => {}; }
  hasListeners() { return false; }
  onSubscribe() {}
  onUnsubscribe() {}
}
`,
  [QUERY_INFINITE.source]: `const fail = () => { ${fail(NO_INFINITE_QUERIES)} };
export { fail as infiniteQueryBehavior, fail as hasNextPage, fail as hasPreviousPage };
`,
};

/**
 * TanStack Table's core makes row objects, their cells and their row models (5 KB), which the
 * data table never asks for: it gives the table no data and renders the page's records itself
 * (src/components/data-table/table-features.ts). Builds take, for those three core features, a
 * feature that adds nothing to the table.
 */
const TABLE_CORE_FEATURES = /@tanstack[\\/]table-core[\\/]dist[\\/]core[\\/]coreFeatures\.js$/;
export const TABLE_ROW_FEATURES: Record<string, string> = {
  './cells/coreCellsFeature.js': 'coreCellsFeature',
  './row-models/coreRowModelsFeature.js': 'coreRowModelsFeature',
  './rows/coreRowsFeature.js': 'coreRowsFeature',
};

/** Each group: the modules it stands in for (source → code), when one of `importer` asks. */
const STAND_IN_GROUPS: { importer: RegExp; modules: Record<string, string> }[] = [
  { importer: QUERY_CORE, modules: STAND_INS },
  {
    importer: TABLE_CORE_FEATURES,
    modules: Object.fromEntries(
      Object.entries(TABLE_ROW_FEATURES).map(([source, name]) => [
        source,
        `export const ${name} = {};\n`,
      ]),
    ),
  },
];
const STAND_IN = '\0stand-in:';

export function standIns(): Plugin {
  return {
    name: 'stand-ins',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (!importer) return null;
      const group = STAND_IN_GROUPS.findIndex(
        (g) => g.importer.test(importer) && Object.hasOwn(g.modules, source),
      );
      return group < 0 ? null : `${STAND_IN}${group}:${source}`;
    },
    load(id) {
      if (!id.startsWith(STAND_IN)) return null;
      const [group, source] = id.slice(STAND_IN.length).split(/:(.*)/s);
      return STAND_IN_GROUPS[Number(group)]?.modules[source ?? ''] ?? null;
    },
  };
}

/**
 * The table's sorting code in src/components/data-table: the `sorting` group takes these files and
 * the `list-page` group, which takes the rest of that folder, leaves them out. Named once, so the
 * two cannot disagree about a file.
 */
export const SORTING_FILES = [
  'scheduler',
  'ranking',
  'text-ranks',
  'block-ranks',
  'order-few',
  'row-order',
].join('|');

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), reactRouterTreeShaking(), standIns()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction },
            // TanStack Store reads `useSyncExternalStore` through the shim for React before 18;
            // React 19 has it, and the shim's fallback would only add weight to the list pages.
            {
              find: /^use-sync-external-store\/shim\/with-selector$/,
              replacement: 'use-sync-external-store/with-selector',
            },
          ]
        : [],
  },
  build: {
    target: 'es2022',
    // Every browser the build targets preloads modules itself; the polyfill for those that do not
    // was 0.3 KB (gzip) of every first screen.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports stays in the entry's one file. Without this, modules the
          // entry shares with lazy chunks (the CommonJS helpers, React's JSX runtime) become
          // chunks of their own that every page's first screen fetches.
          //
          // Then the code the pages share, in a few files rather than one per combination of
          // pages that import it (the collections list fetched ten files, now eight). A group
          // takes its modules' imports along, so the code shared more widely is named first:
          // each group below leaves out what those before it took.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // What every page shows around its content: its frame, the list's status, the Print
            // button, the queries, the view of a row's metadata and dates (the overview reads
            // them too); and the small vocabularies (crawl age, archived size, the calendar's
            // periods) the lists and the overview name: a file of their own would cost `/` and
            // `/collections` one more request and its compression. The seeds' own (status
            // classes) go with the seed lists, the charts' month arithmetic with the overviews.
            {
              name: 'page',
              test: /src[\\/](components[\\/](page|list-status|print[\\/]print-button)\.tsx|api[\\/](hooks|row-view)\.ts|lib[\\/](format|crawl-age|archived-size|today|periods)\.ts)$/,
            },
            // The Export button and the value renderers, which the press page shares with lists.
            {
              name: 'export-menu',
              test: /src[\\/](components[\\/](values|export[\\/]export-menu)\.tsx|lib[\\/]safe-url\.ts)$/,
            },
            // What every list page's first screen needs, the required-fields audit included (the
            // collections, the seeds and a collection's tabs show it), in one file rather than five.
            // Not the table's sorting code, which loads on first use (data-table/sorting-code.ts).
            {
              name: 'list-page',
              test: new RegExp(
                String.raw`src[\\/](components[\\/](list-page|filters|filter-chips\.|columns|metadata-audit\.|data-table[\\/](?!column-panel|${SORTING_FILES}))|lib[\\/](text-match|tasks|use-debounced|jobs|metadata-audit|required-fields)\.)`,
              ),
            },
            // The table's sorting code, loaded on first use (data-table/sorting-code.ts), in one
            // file with the ranking the seeds' facets share: a browser keeps a module whose fetch
            // failed as failed for good, so a sorting code split in two could not be loaded again
            // after its second file failed, however often Try again asked for the first anew.
            {
              name: 'sorting',
              test: new RegExp(
                String.raw`src[\\/](components[\\/]data-table[\\/](${SORTING_FILES})|lib[\\/]string-index)\.ts$`,
              ),
            },
            // The collections list with its columns, which a collection's header shares.
            {
              name: 'collections',
              test: /src[\\/]features[\\/]collections[\\/](collections-page|collection-columns)\.tsx$/,
            },
            // Every seed of the account and their index by site: the seed lists, the seed groups
            // and the overviews' card of shared seeds (loaded with every seed) use them.
            {
              name: 'every-seed',
              test: /src[\\/](components[\\/]every-seed|lib[\\/](shared-seeds|canonical-url))\.ts$/,
            },
            // The overviews with the charts' code (src/components/chart), in one file: `/` is the
            // first screen; the activity pages fetch it too. The collection's tab (its own charts,
            // the audit), the table view (drawn on request), the chart of seeds by month and the
            // card of shared seeds (both loaded with every seed) stay apart.
            {
              name: 'overview',
              test: /src[\\/](features[\\/]overview|components[\\/]chart)[\\/](?!chart-table|collection-|sharing-card|seeds-by-month)/,
            },
          ],
        },
      },
    },
  },
  // The parse worker is a module, like the page.
  worker: { format: 'es' as const },
  test: {
    reporters: ['default', './test/support/retried-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts', 'test/bench/**/*.test.ts'],
          // Two files at a time on two cores (vitest's default leaves one core idle).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['test/app/**/*.test.{ts,tsx}'],
          setupFiles: ['test/app/setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page that is still loading rows on a busy machine needs more than vitest's 1 s.
          expect: { poll: { timeout: 15_000 } },
          // A test that times out once on a loaded machine runs once more (and the report says so).
          retry: 1,
          // After the jsdom and server files, two browsers at a time: most of a browser test is
          // waiting for a page, so the second core is free for the other.
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          name: 'load',
          environment: 'node',
          include: ['test/load/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // After every other project but the limits, alone: it saturates the machine for ten
          // seconds.
          maxWorkers: 1,
          sequence: { groupOrder: 4 },
        },
      },
      {
        extends: true,
        test: {
          name: 'limits',
          environment: 'node',
          include: ['test/limits/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000 } },
          // First and alone: these tests time the page's frames, which other work would stretch,
          // and so would a machine whose memory half an hour of tests has filled (on a slower
          // machine the same frames passed alone and failed after the rest); a frame the machine
          // stretched is measured again (see the file). (Not 0: vitest runs a project of one worker
          // in the group 0 after all the others.)
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          retry: 2,
        },
      },
    ],
  },
}));
