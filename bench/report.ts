/** Turns the benchmark's measurements into figures, a console table and docs/performance.md. */
import { FRAME_TIMESTAMP_RESOLUTION } from './probes';

export interface Stat {
  median: number;
  min: number;
  max: number;
  /** How many runs the figure comes from. */
  runs?: number;
}

interface LoadRun {
  firstRows: number;
  usable: number;
  heap: number;
}
interface InteractionRun {
  inp: number;
  toPaint: number;
}
interface InteractiveRun {
  scroll: { frames: number; p95: number; worst: number; over50: number; maxRows: number };
  sort: InteractionRun;
  filter: InteractionRun;
  facets?: { firstCounts: number; click: InteractionRun; recount: number };
  export?: { toFile: number; longestFrame: number };
}

export interface BenchResult {
  date: string;
  machine: { cpu: string; memoryGb: number; node: string; chromium: string };
  /** Runs at the main size, and at every other size. */
  runs: number;
  otherRuns?: number;
  main: number;
  /** From this size on, the peer is interacted with too and the scale budgets apply. */
  scale?: number;
  sizes: {
    seeds: number;
    /** The embedded server's start at this size (ms), which is no part of any timing. */
    serverStart?: number;
    ours: LoadRun[];
    bare: LoadRun[];
    peer: LoadRun[];
    /** The explorer's load to usable on a reload with the list saved (ms). */
    warm?: number[];
    /** The warm reload to every row read back (`warm` is to the first screen and whole count). */
    warmWhole?: number[];
    /** The explorer scrolled, sorted, filtered and exported at a size other than the main one. */
    interactive?: InteractiveRun[];
    /** The peer scrolled, sorted and filtered at a size from the scale size on. */
    peerInteractive?: InteractiveRun[];
    /** Pages that could not load this size at all, and what stopped them. */
    unable?: Partial<Record<'bare' | 'peer' | 'warm', string>>;
  }[];
  interactive: { ours: InteractiveRun[]; peer: InteractiveRun[] };
  collections: { ours: number[]; peer: number[] };
  /** The activity page at the main size: a first visit, and a reload with the list saved (ms). */
  activity?: { cold: number; saved: number }[];
  /** "Since your copy" at the main size: the comparison's work and longest slice (ms). */
  sinceSaved?: { work: number; longest: number; wall: number; note: string }[];
  weight: {
    firstRouteGzip: number;
    firstRouteFiles: number;
    lazyChunks: number;
    overviewGzip: number;
    overviewFiles: number;
  };
}

export function stat(values: readonly number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length === 0
      ? NaN
      : sorted.length % 2 === 1
        ? (sorted[mid] ?? NaN)
        : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
  return {
    median,
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    runs: sorted.length,
  };
}

export interface Row {
  figure: string;
  unit: string;
  ours: Stat;
  /** The peer grid's figure, where it has one. */
  peer?: Stat;
  /** Our figure against the budget's reference (the bare page), where the budget is a ratio. */
  ratio?: Stat;
  budget?: Budget;
  /** Whether our figure meets the budget, decided from the numbers. */
  met?: boolean;
}

/**
 * A limit on one number of a row: its median, its worst run, its median ratio to the bare page,
 * its worst run's ratio to the bare page of the same run, or its median against the peer's.
 */
export interface Budget {
  /** How the budget reads in the report. */
  readonly label: string;
  readonly of: 'median' | 'max' | 'ratio' | 'worst ratio' | 'peer';
  readonly limit: number;
  /** `<=` or `<`. */
  readonly strict?: boolean;
  /** Added to the limit: the resolution of the timestamps a figure comes from. */
  readonly tolerance?: number;
  /** Fewer runs than this prove nothing either way: the budget is then not met. */
  readonly minRuns?: number;
  /** Further limits on the same row, each of which must be met too (their labels are not shown). */
  readonly also?: readonly Budget[];
}

const atMost = (
  label: string,
  of: Budget['of'],
  limit: number,
  extra: Pick<Budget, 'strict' | 'tolerance' | 'minRuns' | 'also'> = {},
): Budget => ({ label, of, limit, ...extra });

/** Runs in a row, each without a frame over 50 ms, that the smoothness budget asks for. */
export const SMOOTH_RUNS = 10;

/** The explorer's facet panel (the peer has none): first counts, a value chosen, the recount. */
function facetRows(runs: readonly InteractiveRun[]): Row[] {
  const facets = runs.flatMap((r) => (r.facets ? [r.facets] : []));
  if (facets.length === 0) return [];
  return [
    {
      figure: 'Facets: every row counted, after the list is complete',
      unit: 'ms',
      ours: stat(facets.map((f) => f.firstCounts)),
    },
    {
      figure: 'Facet value chosen: interaction (INP)',
      unit: 'ms',
      ours: stat(facets.map((f) => f.click.inp)),
      budget: atMost('≤ 200 ms', 'max', 200),
    },
    {
      figure: 'Facet value chosen: click to filtered rows painted',
      unit: 'ms',
      ours: stat(facets.map((f) => f.click.toPaint)),
    },
    {
      figure: 'Facet value chosen: click to every count updated',
      unit: 'ms',
      ours: stat(facets.map((f) => f.recount)),
      budget: atMost('≤ 150 ms', 'median', 150),
    },
  ];
}

/** The explorer's export of every row as CSV (the peer is not asked to export). */
function exportRows(runs: readonly InteractiveRun[]): Row[] {
  const exports = runs.flatMap((r) => (r.export ? [r.export] : []));
  if (exports.length === 0) return [];
  return [
    {
      figure: 'Export every row as CSV: click to file',
      unit: 'ms',
      ours: stat(exports.map((e) => e.toFile)),
    },
    {
      figure: 'Export every row as CSV: longest frame',
      unit: 'ms',
      ours: stat(exports.map((e) => e.longestFrame)),
      budget: atMost('≤ 200 ms', 'max', 200, { tolerance: FRAME_TIMESTAMP_RESOLUTION }),
    },
  ];
}

/** The activity page, and the comparison with the saved copy, at the main size. */
function activityRows(result: BenchResult): Row[] {
  const rows: Row[] = [];
  const activity = result.activity ?? [];
  if (activity.length > 0)
    rows.push(
      {
        figure: 'Activity page: to usable, every seed loaded on request ("Load" clicked at once)',
        unit: 'ms',
        ours: stat(activity.map((a) => a.cold)),
      },
      {
        figure: 'Activity page: to usable on a reload, the seed list saved',
        unit: 'ms',
        ours: stat(activity.map((a) => a.saved)),
      },
    );
  const since = result.sinceSaved ?? [];
  if (since.length > 0)
    rows.push(
      {
        figure: `Since your copy: the comparison's work, ${result.main.toLocaleString('en-US')} seeds (${/[\d,]+ added[^·]*/.exec(since[0]?.note ?? '')?.[0].trim() ?? 'no note'})`,
        unit: 'ms',
        ours: stat(since.map((c) => c.work)),
        budget: atMost('≤ 100 ms', 'median', 100),
      },
      {
        figure: "Since your copy: the comparison's longest slice",
        unit: 'ms',
        ours: stat(since.map((c) => c.longest)),
        budget: atMost('≤ 50 ms', 'max', 50),
      },
    );
  return rows;
}

const MB = 2 ** 20;

/** What could not be measured at a size, as the report says it. */
const UNABLE = {
  bare: 'The bare page could not load',
  peer: 'The peer could not load',
  warm: 'The warm reload could not be measured (the list was never saved) at',
};

type Size = BenchResult['sizes'][number];

/**
 * A catalogue from the scale size on (a million seeds): its load, memory, scrolling, sort, filter
 * and warm reload against their own budgets, beside the bare page and the peer at the same size.
 */
function scaleRows(result: BenchResult, size: Size): Row[] {
  const main = size.seeds === result.main;
  const ours = main ? result.interactive.ours : (size.interactive ?? []);
  const peer = main ? result.interactive.peer : (size.peerInteractive ?? []);
  const at = `${size.seeds.toLocaleString('en-US')} seeds`;
  const usable = (runs: readonly LoadRun[]) => runs.map((r) => r.usable);
  const heap = (runs: readonly LoadRun[]) => runs.map((r) => r.heap / MB);
  const peerStat = (values: number[]) => (values.length > 0 ? stat(values) : undefined);
  const rows: Row[] = [
    {
      figure: `Load to usable, /seeds, ${at}`,
      unit: 'ms',
      ours: stat(usable(size.ours)),
      peer: peerStat(usable(size.peer)),
      ratio: ratios(usable(size.ours), usable(size.bare)),
    },
    {
      figure: `Physical limit: bare fetch + JSON.parse, ${at}`,
      unit: 'ms',
      ours: stat(usable(size.bare)),
    },
    {
      figure: `JS heap once settled (GC), ${at}, vs the bare page`,
      unit: 'MB',
      ours: stat(heap(size.ours)),
      peer: peerStat(heap(size.peer)),
      ratio: ratios(heap(size.ours), heap(size.bare)),
      budget: atMost('≤ 1.3 × bare', 'ratio', 1.3),
    },
    {
      figure: `Bare page heap holding the parsed JSON, ${at}`,
      unit: 'MB',
      ours: stat(heap(size.bare)),
    },
    {
      figure: `Scroll: worst frame, ${at}`,
      unit: 'ms',
      ours: stat(ours.map((r) => r.scroll.worst)),
      peer: peerStat(peer.map((r) => r.scroll.worst)),
      budget: atMost('≤ 50 ms', 'max', 50, { tolerance: FRAME_TIMESTAMP_RESOLUTION }),
    },
    {
      figure: `Sort by URL: click to sorted rows painted, ${at}`,
      unit: 'ms',
      ours: stat(ours.map((r) => r.sort.toPaint)),
      peer: peerStat(peer.map((r) => r.sort.toPaint)),
      budget: atMost('≤ 300 ms', 'median', 300),
    },
    {
      figure: `Quick filter: key to filtered rows painted, ${at}`,
      unit: 'ms',
      ours: stat(ours.map((r) => r.filter.toPaint)),
      peer: peerStat(peer.map((r) => r.filter.toPaint)),
      budget: atMost('≤ 150 ms', 'median', 150),
    },
    {
      figure: `Load to usable, warm reload of /seeds (list saved), ${at}`,
      unit: 'ms',
      ours: stat(size.warm ?? []),
      budget: atMost('≤ 1,500 ms', 'median', 1_500),
    },
  ];
  if (size.serverStart !== undefined)
    rows.push({
      figure: `The embedded server's start, ${at} (no part of any timing)`,
      unit: 'ms',
      ours: stat([size.serverStart]),
    });
  return rows;
}

/** Whether a row's figure meets its budget, and every further limit the budget names. */
export function meets(row: Row): boolean | undefined {
  const budget = row.budget;
  if (!budget) return undefined;
  return within(row, budget);
}

function within(row: Row, budget: Budget): boolean {
  const value = {
    ratio: row.ratio?.median ?? NaN,
    'worst ratio': row.ratio?.max ?? NaN,
    peer: row.ours.median / (row.peer?.median ?? NaN),
    max: row.ours.max,
    median: row.ours.median,
  }[budget.of];
  if (budget.minRuns !== undefined && (row.ours.runs ?? 0) < budget.minRuns) return false;
  const limit = budget.limit + (budget.tolerance ?? 0);
  const met = budget.strict ? value < limit : value <= limit;
  return met && (budget.also ?? []).every((further) => within(row, further));
}

export interface Summary {
  rows: Row[];
  growth: {
    seeds: number;
    usable: Stat;
    bareUsable: Stat;
    usableRatio: Stat;
    heap: Stat;
    bareHeap: Stat;
    heapRatio: Stat;
    /** Load to usable on a reload with the list saved. */
    warm: Stat;
    /** The embedded server's start (ms; no part of any timing). */
    serverStart: number;
    /** What stopped the bare page or the peer at this size, where one could not load it. */
    unable: string[];
    /** Per seed, against the main size: at most 1 means time and heap grow at most linearly. */
    perSeedTime: number;
    perSeedHeap: number;
    /** Click to sorted rows, key to filtered rows, scroll p95, frames over 50 ms (worst run). */
    sort: Stat;
    filter: Stat;
    scrollP95: Stat;
    over50: Stat;
  }[];
}

function ratios(a: readonly number[], b: readonly number[]): Stat {
  return stat(a.map((value, i) => value / (b[i] ?? NaN)));
}

export function summarise(result: BenchResult): Summary {
  const main = result.sizes.find((s) => s.seeds === result.main) ?? result.sizes[0];
  if (!main) throw new Error('The benchmark measured no catalogue.');
  const pick = <T>(runs: readonly T[], f: (run: T) => number) => runs.map(f);
  const ours = result.interactive.ours;
  const peer = result.interactive.peer;
  const rows: Row[] = [
    {
      figure: `Load to usable, /seeds (${main.seeds.toLocaleString('en-US')} seeds)`,
      unit: 'ms',
      ours: stat(pick(main.ours, (r) => r.usable)),
      peer: stat(pick(main.peer, (r) => r.usable)),
      ratio: ratios(
        pick(main.ours, (r) => r.usable),
        pick(main.bare, (r) => r.usable),
      ),
      budget: atMost(
        '≤ 1.1 × bare fetch + parse, no run over 1.3 ×, ≤ 0.95 × the peer',
        'ratio',
        1.1,
        { also: [atMost('', 'worst ratio', 1.3), atMost('', 'peer', 0.95)] },
      ),
    },
    {
      figure: `Load to usable, warm reload of /seeds (list saved)`,
      unit: 'ms',
      ours: stat(main.warm ?? []),
      budget: atMost('≤ 800 ms', 'median', 800),
    },
    {
      figure: 'Physical limit: bare fetch + JSON.parse',
      unit: 'ms',
      ours: stat(pick(main.bare, (r) => r.usable)),
    },
    {
      figure: 'First rows visible, /seeds',
      unit: 'ms',
      ours: stat(pick(main.ours, (r) => r.firstRows)),
      peer: stat(pick(main.peer, (r) => r.firstRows)),
    },
    {
      figure: 'First rows visible, /collections',
      unit: 'ms',
      ours: stat(result.collections.ours),
      peer: stat(result.collections.peer),
    },
    {
      figure: 'Scroll: p95 frame time',
      unit: 'ms',
      ours: stat(pick(ours, (r) => r.scroll.p95)),
      peer: stat(pick(peer, (r) => r.scroll.p95)),
      // Frame times are checked at the resolution of the timestamps they come from, so one vsync
      // (16.6 to 16.8 ms) meets 16.7 ms and three (49.9 to 50.1 ms) meet 50 ms.
      budget: atMost('≤ 16.7 ms', 'median', 16.7, { tolerance: FRAME_TIMESTAMP_RESOLUTION }),
    },
    {
      figure: 'Scroll: worst frame',
      unit: 'ms',
      ours: stat(pick(ours, (r) => r.scroll.worst)),
      peer: stat(pick(peer, (r) => r.scroll.worst)),
      budget: atMost('≤ 50 ms', 'max', 50, { tolerance: FRAME_TIMESTAMP_RESOLUTION }),
    },
    {
      figure: 'Scroll: frames over 50 ms',
      unit: 'frames',
      ours: stat(pick(ours, (r) => r.scroll.over50)),
      peer: stat(pick(peer, (r) => r.scroll.over50)),
      budget: atMost(`0 in each of ${String(SMOOTH_RUNS)} runs in a row`, 'max', 0, {
        minRuns: SMOOTH_RUNS,
      }),
    },
    {
      figure: 'Scroll: most row elements in the DOM',
      unit: 'rows',
      ours: stat(pick(ours, (r) => r.scroll.maxRows)),
      peer: stat(pick(peer, (r) => r.scroll.maxRows)),
      budget: atMost('< 100', 'max', 100, { strict: true }),
    },
    {
      figure: 'Sort by URL: interaction (INP)',
      unit: 'ms',
      ours: stat(pick(ours, (r) => r.sort.inp)),
      peer: stat(pick(peer, (r) => r.sort.inp)),
      budget: atMost('≤ 200 ms', 'max', 200),
    },
    {
      figure: 'Sort by URL: click to sorted rows painted',
      unit: 'ms',
      ours: stat(pick(ours, (r) => r.sort.toPaint)),
      peer: stat(pick(peer, (r) => r.sort.toPaint)),
    },
    {
      figure: 'Quick filter, one character: interaction (INP)',
      unit: 'ms',
      ours: stat(pick(ours, (r) => r.filter.inp)),
      peer: stat(pick(peer, (r) => r.filter.inp)),
      budget: atMost('≤ 200 ms', 'max', 200),
    },
    {
      figure: 'Quick filter: key to filtered rows painted',
      unit: 'ms',
      ours: stat(pick(ours, (r) => r.filter.toPaint)),
      peer: stat(pick(peer, (r) => r.filter.toPaint)),
      budget: atMost('≤ 100 ms', 'median', 100),
    },
    ...facetRows(ours),
    ...exportRows(ours),
    ...activityRows(result),
    {
      figure: 'JS heap once settled (GC), vs the bare page',
      unit: 'MB',
      ours: stat(pick(main.ours, (r) => r.heap / MB)),
      peer: stat(pick(main.peer, (r) => r.heap / MB)),
      ratio: ratios(
        pick(main.ours, (r) => r.heap),
        pick(main.bare, (r) => r.heap),
      ),
      budget: atMost('≤ 2.0 × bare', 'ratio', 2),
    },
    {
      figure: 'Bare page heap holding the parsed JSON',
      unit: 'MB',
      ours: stat(pick(main.bare, (r) => r.heap / MB)),
    },
    {
      figure: `JavaScript on the first route, /collections (gzip), ${String(result.weight.firstRouteFiles)} files; ${String(result.weight.lazyChunks)} chunks lazy`,
      unit: 'KB',
      ours: stat([result.weight.firstRouteGzip / 1024]),
      budget: atMost('≤ 140 KB', 'median', 140),
    },
    {
      figure: `JavaScript on the first route, / (the overview, its charts included; gzip), ${String(result.weight.overviewFiles)} files`,
      unit: 'KB',
      ours: stat([result.weight.overviewGzip / 1024]),
      budget: atMost('≤ 120 KB', 'median', 120),
    },
  ];
  const growth = result.sizes.map((size) => {
    const runs = size.seeds === result.main ? ours : (size.interactive ?? []);
    return {
      seeds: size.seeds,
      sort: stat(pick(runs, (r) => r.sort.toPaint)),
      filter: stat(pick(runs, (r) => r.filter.toPaint)),
      scrollP95: stat(pick(runs, (r) => r.scroll.p95)),
      over50: stat(pick(runs, (r) => r.scroll.over50)),
      usable: stat(pick(size.ours, (r) => r.usable)),
      bareUsable: stat(pick(size.bare, (r) => r.usable)),
      usableRatio: ratios(
        pick(size.ours, (r) => r.usable),
        pick(size.bare, (r) => r.usable),
      ),
      heap: stat(pick(size.ours, (r) => r.heap / MB)),
      bareHeap: stat(pick(size.bare, (r) => r.heap / MB)),
      heapRatio: ratios(
        pick(size.ours, (r) => r.heap),
        pick(size.bare, (r) => r.heap),
      ),
      warm: stat(size.warm ?? []),
      serverStart: size.serverStart ?? NaN,
      unable: Object.entries(size.unable ?? {}).map(
        ([kind, why]) =>
          `${UNABLE[kind as keyof typeof UNABLE]} ${size.seeds.toLocaleString('en-US')} seeds: ${why}`,
      ),
      perSeedTime:
        stat(pick(size.ours, (r) => r.usable)).median /
        size.seeds /
        (stat(pick(main.ours, (r) => r.usable)).median / main.seeds),
      perSeedHeap:
        stat(pick(size.ours, (r) => r.heap)).median /
        size.seeds /
        (stat(pick(main.ours, (r) => r.heap)).median / main.seeds),
    };
  });
  // Growing beyond the main size: time and memory per seed at most what they are at the main size.
  for (const g of growth.filter((size) => size.seeds > main.seeds)) {
    const at = `${g.seeds.toLocaleString('en-US')} seeds, per seed, against ${main.seeds.toLocaleString('en-US')}`;
    const linear = atMost('≤ 1.00× (linear)', 'median', 1);
    rows.push(
      { figure: `Load to usable at ${at}`, unit: '×', ours: stat([g.perSeedTime]), budget: linear },
      { figure: `JS heap at ${at}`, unit: '×', ours: stat([g.perSeedHeap]), budget: linear },
    );
  }
  for (const size of result.sizes.filter((s) => s.seeds >= (result.scale ?? Infinity)))
    rows.push(...scaleRows(result, size));
  for (const row of rows) row.met = meets(row);
  return { rows, growth };
}

const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
    : '–';

function digitsFor(unit: string): number {
  if (unit === '×') return 2;
  return unit === 'MB' || unit === 'KB' ? 1 : unit === 'ms' ? 1 : 0;
}

function cell(s: Stat | undefined, unit: string): string {
  if (!s) return '–';
  const d = digitsFor(unit);
  return s.min === s.max ? n(s.median, d) : `${n(s.median, d)} (${n(s.min, d)}–${n(s.max, d)})`;
}

function versusPeer(row: Row): string {
  if (!row.peer) return '–';
  const ratio = row.ours.median / row.peer.median;
  return Number.isFinite(ratio) ? `${n(ratio, 2)}×` : '–';
}

function columns(row: Row): string[] {
  return [
    row.figure,
    row.unit,
    cell(row.ours, row.unit),
    row.ratio ? `${n(row.ratio.median, 2)}× (${n(row.ratio.min, 2)}–${n(row.ratio.max, 2)})` : '–',
    row.budget?.label ?? '–',
    row.met === undefined ? '–' : row.met ? 'met' : 'MISSED',
    cell(row.peer, row.unit),
    versusPeer(row),
  ];
}

const HEADERS = [
  'Figure',
  'Unit',
  'Explorer: median (min–max)',
  'vs bare page',
  'Budget',
  'Budget met',
  'Peer (AG Grid)',
  'Explorer ÷ peer',
];

export function renderTable(summary: Summary): string {
  const body = summary.rows.map(columns);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  const growth = summary.growth.map(
    (g) =>
      `  ${g.seeds.toLocaleString('en-US').padStart(7)} seeds: usable ${n(g.usable.median)} ms = ${n(g.usableRatio.median, 2)}× bare (${n(g.bareUsable.median)} ms); heap ${n(g.heap.median, 1)} MB = ${n(g.heapRatio.median, 2)}× bare (${n(g.bareHeap.median, 1)} MB); warm reload ${n(g.warm.median)} ms; per seed against the main size: time ${n(g.perSeedTime, 2)}×, heap ${n(g.perSeedHeap, 2)}×; sort ${n(g.sort.median)} ms, filter ${n(g.filter.median)} ms, scroll p95 ${n(g.scrollP95.median, 1)} ms, frames over 50 ms ${n(g.over50.max)}; server start ${n(g.serverStart)} ms (not timed)${g.unable.map((u) => `; ${u}`).join('')}`,
  );
  return [line(HEADERS), ...body.map(line), '', 'Growth:', ...growth].join('\n');
}

const CHANGES_START = '<!-- changes:start -->';
const CHANGES_END = '<!-- changes:end -->';

/** docs/performance.md, keeping the hand-written record of changes from the previous file. */
export function renderMarkdown(result: BenchResult, summary: Summary, previous: string): string {
  const start = previous.indexOf(CHANGES_START);
  const end = previous.indexOf(CHANGES_END);
  const changes =
    start !== -1 && end > start
      ? previous.slice(start + CHANGES_START.length, end).trim()
      : '_No changes recorded yet._';
  const table = [
    `| ${HEADERS.join(' | ')} |`,
    `| ${HEADERS.map(() => '---').join(' | ')} |`,
    ...summary.rows.map((row) => `| ${columns(row).join(' | ')} |`),
  ].join('\n');
  const growth = [
    '| Seeds | Load to usable (ms) | Bare fetch + parse (ms) | Ratio | Heap (MB) | Bare heap (MB) | Ratio | Warm reload (ms) | Time per seed vs main size | Heap per seed vs main size | Sort: click to rows (ms) | Quick filter: key to rows (ms) | Scroll p95 (ms) | Frames over 50 ms (worst run) | Server start (ms, not timed) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...summary.growth.map(
      (g) =>
        `| ${g.seeds.toLocaleString('en-US')} | ${cell(g.usable, 'ms')} | ${cell(g.bareUsable, 'ms')} | ${n(g.usableRatio.median, 2)}× | ${cell(g.heap, 'MB')} | ${cell(g.bareHeap, 'MB')} | ${n(g.heapRatio.median, 2)}× | ${cell(g.warm, 'ms')} | ${n(g.perSeedTime, 2)}× | ${n(g.perSeedHeap, 2)}× | ${cell(g.sort, 'ms')} | ${cell(g.filter, 'ms')} | ${cell(g.scrollP95, 'ms')} | ${n(g.over50.max)} | ${n(g.serverStart)} |`,
    ),
    ...summary.growth
      .flatMap((g) => g.unable)
      .map((line) => `\n${line}${line.endsWith('.') ? '' : '.'}`),
  ].join('\n');
  return `# Performance

The latest figures from \`npm run bench\` (${result.date.slice(0, 10)}), medians of ${String(result.runs)} runs at ${result.main.toLocaleString('en-US')} seeds
(${String(result.otherRuns ?? result.runs)} at the other sizes) with the minimum and maximum in brackets. Every figure was measured in the
same run as the reference it is compared with.

${table}

## Growth

Load to usable and memory at each catalogue size, against the bare page at the same size; the warm
reload is a reload of \`/seeds\` once the explorer has saved the list; "per seed vs main size" divides
each figure per seed by the main size's (at most 1.00× means it grew at most linearly). At every
size the explorer is also scrolled, sorted and filtered as at the main size:

${growth}

## Method

- **Machine**: ${result.machine.cpu}, ${String(result.machine.memoryGb)} GB; Node ${result.machine.node}; ${result.machine.chromium},
  headless, software rendering, viewport 1440 × 900.
- **Server**: \`npm start\`'s server (a separate process) with the embedded catalogue at each size.
- **Order**: per run the bare page, the explorer and the peer load in turn, each in a fresh browser
  context (empty cache), after one warm-up load of each.
- **Load to usable**: from navigation to the first frame in which every row is loaded and the first
  screen of rows is painted (the explorer: no progress bar, the grid's \`aria-rowcount\` counts every
  seed, rows in the DOM; the peer: its rows in the DOM after its single request).
- **Warm reload**: \`/seeds\` loaded in a fresh context, then, once the explorer has written the
  list to IndexedDB, reloaded; timed from the reload's navigation to the first frame with rows on
  screen and the count line giving the list's whole count ("1,000,000 seeds"), while the page
  says how many rows it has read ("Loaded 500 of 1,000,000 seeds"). The time to every row read
  back (timed like the cold load) is recorded beside it (\`warmWhole\` in
  \`bench/results/latest.json\`). Until 2026-11-27 the warm reload was timed to every row read.
- **Physical limit**: a bare page on the same origin that fetches the same list
  (\`/api/seed?format=api&limit=-1\`) and \`JSON.parse\`s it, timed from navigation to the end of the
  parse.
- **First rows**: from navigation to the first frame with data rows in the DOM.
- **Scroll**: the scroll container is moved from top to bottom in equal steps, one per animation
  frame; frame times are the intervals between animation frames, and rows in the DOM are counted at
  every frame. Animation-frame timestamps are coarsened to 0.1 ms, so a frame on time at 60 Hz
  measures 16.6 to 16.8 ms and one of three vsyncs 49.9 to 50.1 ms; the frame budgets (and the
  count of frames over 50 ms) are checked at that resolution. The probe runs once in every run at
  the main size, a second after the facets have counted every row; no frame over 50 ms is met only
  when each of at least ${String(SMOOTH_RUNS)} runs in a row had none.
- **Growth**: beyond the main size, load to usable and the heap per seed against the main size's;
  at most 1.00× is growth at most linear. The embedded server's start at each size (the sample
  made, indexed and encoded) comes before any timing and is reported apart.
- **Scale**: from ${(result.scale ?? NaN).toLocaleString('en-US')} seeds on the peer is scrolled,
  sorted and filtered too, and the scale budgets apply (heap at most 1.3× the bare page's, no frame
  over 50 ms, sort at most 300 ms and the quick filter at most 150 ms to painted rows, warm reload
  at most 1.5 s). Above 500,000 seeds the bare page and the peer fetch the list in pages of
  250,000 asked for at once: one answer of a million seeds (about 790 MB of JSON) is longer than
  a string of Chromium's can be, so it cannot be parsed in one.
- **Sort and filter**: a click on the URL column's header, and one key ("q") into the quick filter,
  each after the page has been idle; the interaction is measured with the Event Timing API (the
  INP measure, 16 ms meaning "under 16 ms"), and separately the time until the first frame showing
  the changed rows.
- **Export**: with every row listed (sorted by URL, the default columns), the Export menu's CSV,
  from the click to the browser's download event, and the longest interval between animation
  frames meanwhile.
- **Activity page**: \`/activity\` in a fresh context, its "Load" button clicked the moment it
  shows, timed from navigation to the first frame with the day list and no progress bar (every
  seed counted); then, once the seed list is saved, the page reloaded (it loads the saved list at
  once) and timed the same way. At the main size, in as many runs as the other sizes have.
- **Since your copy**: \`/seeds\` loaded and saved from the sample as it stood three weeks before
  (a second server started with \`--as-of\`, its answers given at the first server's address),
  then reloaded two minutes later (the page's clock moved on) from today's catalogue until the
  note beside the count shows. The comparison's cost is the page's own measure of it (the time
  its background slices ran, and the longest), not the waits between them.
- **Memory**: the JS heap in use after two forced garbage collections (DevTools protocol), against
  the bare page holding the same parsed JSON, read once the page has settled after the run's
  interactions (every second until two readings agree within 1 MB): the explorer's work after a
  load (the facet counts, the saved copy) is done and counted, not caught halfway.
- **Weight**: the JavaScript files the browser fetched to show \`/collections\` on a first visit, and
  \`/\` (the overview, with its charts' code, which no other page loads), compressed with gzip at
  level 9; every other route is a separate chunk loaded on first visit.
- **Peer**: AG Grid Community 36.2.0, client-side row model, the same columns and row height,
  loaded with one request, its own sorting and quick filter.

## Changes

${CHANGES_START}
${changes}
${CHANGES_END}
`;
}
