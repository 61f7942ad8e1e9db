/**
 * Times the facet engine (src/features/seeds/facets.ts) in Node over a generated catalogue:
 * building the index, the first count, and a recount after each kind of change a user makes.
 * Not part of `npm test`; timings depend on the machine and on whatever else it runs.
 *
 *   npx tsx bench/facets.ts [--seeds 100000] [--runs 7]
 */
import { parseArgs } from 'node:util';
import { grownBy } from '../src/api/list-identity';
import type { Seed } from '../src/api/records';
import { parseRecords } from '../src/api/parse';
import { seedSearchText } from '../src/features/seeds/seed-columns';
import { facetIndex, facetIndexJob, type FacetIndex } from '../src/features/seeds/facet-index';
import { computeFacets, facetJob } from '../src/features/seeds/facets';
import { runJob } from '../src/scheduling';
import { NO_SEED_FILTERS, type SeedFilterModel } from '../src/features/seeds/seed-filters';
import { quickFilter } from '../src/lib/text-match';
import { NO_ACTIVITY } from '../src/lib/activity-filters';
import { generateCatalogue } from '../src/server/catalogue/generate';

const { values: args } = parseArgs({
  options: {
    seeds: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
  },
});
const seedCount = Number(args.seeds);
const runs = Number(args.runs);

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Median and worst of `runs` timings, after one run to warm up. */
function measure(run: () => void): { median: number; max: number } {
  run();
  const samples = Array.from({ length: runs }, () => time(run));
  return { median: median(samples), max: Math.max(...samples) };
}

/** The catalogue as the explorer holds it: format=api seeds (groups with names), parsed. */
function loadSeeds(): Seed[] {
  const catalogue = generateCatalogue({ seeds: seedCount });
  const raw = catalogue.seeds.map((seed, i) => {
    const { seed_group: group, ...rest } = seed;
    const ref = group === null ? undefined : catalogue.seedGroupRefs.get(group);
    // The sample never checks its seeds; give the status facet something to count.
    const code = [200, 200, 200, 301, 302, 404, 410, 500, 503, null][i % 10] ?? null;
    return {
      ...rest,
      last_checked_http_response_code: code,
      seed_groups: ref ? [ref] : [],
    };
  });
  return parseRecords('seed', raw).records;
}

const model = (patch: Partial<SeedFilterModel>): SeedFilterModel => ({
  ...NO_SEED_FILTERS,
  ...patch,
});

const generateStart = performance.now();
const seeds = loadSeeds();
const generateMs = performance.now() - generateStart;

/** The same seeds as new objects, in a list of their own (an index is kept by its list). */
const copies = () => seeds.map((seed) => ({ ...seed }));

// Before anything else has run: no compiled code, and nothing the table's sorting has ranked.
const [coldIndexMs, coldFirstMs] = (() => {
  const rows = copies();
  let index: FacetIndex | undefined;
  const indexMs = time(() => {
    index = facetIndex(rows);
  });
  const built = index ?? facetIndex(rows);
  return [indexMs, time(() => computeFacets(built, NO_SEED_FILTERS))];
})();

const build = (() => {
  const samples: number[] = [];
  for (let r = 0; r <= runs; r++) {
    const rows = copies();
    const ms = time(() => facetIndex(rows));
    if (r > 0) samples.push(ms);
  }
  return { median: median(samples), max: Math.max(...samples) };
})();

// The list as it arrives: 100, then pages of 5,000.
const growth = measure(() => {
  const all = copies();
  let rows: Seed[] = all.slice(0, 100);
  computeFacets(facetIndex(rows), NO_SEED_FILTERS);
  for (let end = 5100; end < all.length + 5000; end += 5000) {
    // The next version of the same list, as the load makes it (so its index is taken up).
    rows = grownBy(rows, all.slice(rows.length, Math.min(end, all.length)));
    computeFacets(facetIndex(rows), NO_SEED_FILTERS);
  }
});

let index: FacetIndex = facetIndex(seeds);
const first = (() => {
  const samples: number[] = [];
  for (let r = 0; r <= runs; r++) {
    index = facetIndex(copies());
    const ms = time(() => computeFacets(index, NO_SEED_FILTERS));
    if (r > 0) samples.push(ms);
  }
  return { median: median(samples), max: Math.max(...samples) };
})();

const base = computeFacets(index, NO_SEED_FILTERS);
const language = base.fields.find((f) => f.field === 'Language');
const topLanguage = language?.values[0]?.value ?? 'English';
const group = base.seedGroup.values.find((v) => v.value !== 'none')?.value ?? 'none';

const cases: [string, SeedFilterModel, ((row: Seed) => boolean) | ReadonlySet<Seed> | undefined][] =
  [
    ['no filters (again)', NO_SEED_FILTERS, undefined],
    [
      'where=Language:' + topLanguage,
      model({ where: [{ field: 'Language', values: [topLanguage] }] }),
      undefined,
    ],
    [
      'where Language (2 values) + Subject',
      model({
        where: [
          { field: 'Language', values: [topLanguage, 'Spanish'] },
          {
            field: 'Subject',
            values: [base.fields.find((f) => f.field === 'Subject')?.values[0]?.value ?? ''],
          },
        ],
      }),
      undefined,
    ],
    ['missing=Title', model({ missing: ['Title'] }), undefined],
    [
      'missing=Title,Description,Subject,Language',
      model({ missing: ['Title', 'Description', 'Subject', 'Language'] }),
      undefined,
    ],
    ['seed_group=' + String(group), model({ seedGroups: [group] }), undefined],
    ['active=true & status=4xx', model({ active: [true], status: ['4xx'] }), undefined],
    [
      'created=2019-06',
      model({
        activity: {
          ...NO_ACTIVITY,
          created: { period: '2019-06', from: Date.UTC(2019, 5, 1), to: Date.UTC(2019, 6, 1) },
        },
      }),
      undefined,
    ],
  ];

const quickQuery = 'gov';
const quickRows = new Set(quickFilter(index.rows, quickQuery, seedSearchText));
cases.push(['quick filter “gov” (a set of rows)', NO_SEED_FILTERS, quickRows]);
cases.push([
  'quick filter “gov” (a predicate) + where',
  model({ where: [{ field: 'Language', values: [topLanguage] }] }),
  (row: Seed) => quickRows.has(row),
]);

let longestSlice = 0;
{
  // The job's longest step between yields, over the whole run from index to facets.
  const rows = copies();
  for (const job of [facetIndexJob(rows)]) {
    let last = performance.now();
    for (;;) {
      const step = job.next();
      const now = performance.now();
      longestSlice = Math.max(longestSlice, now - last);
      last = now;
      if (step.done) {
        const facets = facetJob(step.value, NO_SEED_FILTERS);
        last = performance.now();
        for (;;) {
          const s = facets.next();
          const t = performance.now();
          longestSlice = Math.max(longestSlice, t - last);
          last = t;
          if (s.done) break;
        }
        break;
      }
    }
  }
}

const rows: [string, { median: number; max: number }, string][] = [
  ['index build, cold (once)', { median: coldIndexMs, max: coldIndexMs }, ''],
  ['first facet computation, cold (once)', { median: coldFirstMs, max: coldFirstMs }, ''],
  ['index build (fresh)', build, ''],
  ['list arriving in pages: index + facets per page, total', growth, ''],
  ['first facet computation (fresh index)', first, ''],
];
for (const [name, filters, quick] of cases) {
  let matched = 0;
  const figures = measure(() => {
    matched = runJob(facetJob(index, filters, { quick })).rows.length;
  });
  rows.push([`recompute: ${name}`, figures, `${matched.toLocaleString('en')} match`]);
}

const fmt = (ms: number) => ms.toFixed(1).padStart(8);
console.log(
  `Facet engine, ${seeds.length.toLocaleString('en')} seeds (generated and parsed in ${generateMs.toFixed(0)} ms), ${runs} runs, median and worst (ms)`,
);
console.log(
  `${base.fields.length} metadata fields, ${base.fields.reduce((sum, f) => sum + f.values.length, 0).toLocaleString('en')} distinct field values`,
);
for (const [name, { median: m, max }, note] of rows) {
  console.log(`${fmt(m)} ${fmt(max)}  ${name}${note ? `  (${note})` : ''}`);
}
console.log(`longest step between yields (index + first facets): ${longestSlice.toFixed(1)} ms`);
