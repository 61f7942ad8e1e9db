/**
 * `npx tsx bench/against.ts --reference <checkout>`: the explorer against another build of itself
 * (a checkout of another commit, built with `npm run build`, its `node_modules` installed), in one
 * run of headless Chromium. Each run loads `/seeds` from both servers in turn (which goes first
 * alternates), scrolls, sorts, filters, exports and chooses a facet as `npm run bench` does, then
 * reloads with the list saved: whether a change made anything slower, measured against the
 * reference on the same machine at the same moment.
 *
 * Options: --reference <dir> (required)  --seeds 100000  --runs 5  --frames 600
 */
import { parseArgs } from 'node:util';
import { launchChromium } from '../test/support/chromium';
import { startServer, type ServerProcess } from '../test/support/server-process';
import { stat, type Stat } from './report';
import { build, interact, load, warmReload, type Interactive, type LoadFigures } from './run';

interface Side {
  name: string;
  server: ServerProcess;
  loads: LoadFigures[];
  interactive: Interactive[];
  warm: number[];
}

/** One figure of a run, where the run has it. */
type Take = (load: LoadFigures, interactive: Interactive | undefined, warm: number) => number;

const FIGURES: [string, string, Take][] = [
  ['Load to usable, /seeds', 'ms', (l) => l.usable],
  ['First rows visible, /seeds', 'ms', (l) => l.firstRows],
  ['Warm reload of /seeds (list saved)', 'ms', (_l, _i, w) => w],
  ['JS heap once settled (GC)', 'MB', (l) => l.heap / 2 ** 20],
  ['Scroll: p95 frame time', 'ms', (_l, i) => i?.scroll.p95 ?? NaN],
  ['Scroll: worst frame', 'ms', (_l, i) => i?.scroll.worst ?? NaN],
  ['Scroll: frames over 50 ms', 'frames', (_l, i) => i?.scroll.over50 ?? NaN],
  ['Sort by URL: click to sorted rows painted', 'ms', (_l, i) => i?.sort.toPaint ?? NaN],
  ['Sort by URL: interaction (INP)', 'ms', (_l, i) => i?.sort.inp ?? NaN],
  ['Quick filter: key to filtered rows painted', 'ms', (_l, i) => i?.filter.toPaint ?? NaN],
  ['Quick filter: interaction (INP)', 'ms', (_l, i) => i?.filter.inp ?? NaN],
  ['Facets: every row counted', 'ms', (_l, i) => i?.facets?.firstCounts ?? NaN],
  ['Facet value chosen: click to rows painted', 'ms', (_l, i) => i?.facets?.click.toPaint ?? NaN],
  ['Facet value chosen: click to counts updated', 'ms', (_l, i) => i?.facets?.recount ?? NaN],
  ['Export every row as CSV: click to file', 'ms', (_l, i) => i?.export?.toFile ?? NaN],
  ['Export every row as CSV: longest frame', 'ms', (_l, i) => i?.export?.longestFrame ?? NaN],
];

const figure = (value: number, unit: string) =>
  value.toLocaleString('en-US', {
    minimumFractionDigits: unit === 'frames' ? 0 : 1,
    maximumFractionDigits: unit === 'frames' ? 0 : 1,
  });
const cell = (s: Stat, unit: string) =>
  `${figure(s.median, unit)} (${figure(s.min, unit)}–${figure(s.max, unit)})`;

function table(sides: [Side, Side]): string {
  const [ours, reference] = sides;
  const values = (side: Side, pick: Take) =>
    side.loads.map((l, i) => pick(l, side.interactive[i], side.warm[i] ?? NaN));
  const rows = FIGURES.map(([name, unit, pick]) => {
    const a = stat(values(ours, pick));
    const b = stat(values(reference, pick));
    const ratio =
      b.median === 0 ? (a.median === 0 ? '1.00×' : '–') : `${(a.median / b.median).toFixed(2)}×`;
    return `| ${name} | ${unit} | ${cell(a, unit)} | ${cell(b, unit)} | ${ratio} |`;
  });
  return [
    `| Figure | Unit | ${ours.name}: median (min–max) | ${reference.name}: median (min–max) | ÷ |`,
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      reference: { type: 'string' },
      seeds: { type: 'string' },
      runs: { type: 'string' },
      frames: { type: 'string' },
    },
  });
  if (!values.reference) throw new Error('Name the reference checkout: --reference <dir>.');
  const seeds = Number(values.seeds ?? 100_000);
  const runs = Number(values.runs ?? 5);
  const frames = Number(values.frames ?? 600);
  const log = (line: string) => {
    console.log(line);
  };
  build(true, log);
  const args = ['--port', '0', '--seeds', String(seeds)];
  const sides: [Side, Side] = [
    { name: 'This build', server: await startServer(args), loads: [], interactive: [], warm: [] },
    {
      name: 'Reference',
      server: await startServer(args, {}, values.reference),
      loads: [],
      interactive: [],
      warm: [],
    },
  ];
  const browser = await launchChromium();
  try {
    // One load of each to warm the servers and the browser.
    for (const side of sides) await load(browser, side.server, 'ours', seeds);
    for (let run = 1; run <= runs; run++) {
      // Which goes first alternates, so any drift of the machine touches both alike.
      for (const side of run % 2 === 1 ? sides : [...sides].reverse()) {
        const measured = await load(
          browser,
          side.server,
          'ours',
          seeds,
          'seed',
          async ({ page }) => {
            side.interactive.push(await interact(page, 'ours', frames, seeds));
          },
        );
        side.loads.push(measured);
        side.warm.push((await warmReload(browser, side.server, seeds)).usable);
        log(
          `  run ${String(run)} ${side.name}: usable ${measured.usable.toFixed(0)} ms, warm reload ${(side.warm.at(-1) ?? NaN).toFixed(0)} ms, heap ${(measured.heap / 2 ** 20).toFixed(1)} MB`,
        );
      }
    }
  } finally {
    await browser.close();
    for (const side of sides) await side.server.stop();
  }
  console.log(`\n${String(seeds)} seeds, ${String(runs)} runs each, interleaved:\n`);
  console.log(table(sides));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
