/**
 * `npm run bench:saved-diff`: what "Since your copy" costs at 100,000 seeds. Two lists of the
 * sample catalogue, as it stood three weeks ago (`--as-of`) and today, are read as the list worker
 * reads them (the explorer's own columns and row objects), and the comparison the page runs after
 * a refresh (`compareJob`) is timed on them: its whole work, and its longest slice when run in
 * the background slices of 8 ms the page gives it. Options: --seeds 100000  --runs 11
 */
import { parseArgs } from 'node:util';
import { LIST_WORKER_ROUTES } from '../src/api/fast-seed';
import { readPage } from '../src/api/read-page';
import { blockRows } from '../src/api/row-block';
import { compareJob } from '../src/api/since-saved-compare';
import { advanceJob, runJob } from '../src/scheduling';
import { createCatalogueApi } from '../src/server/catalogue/engine';
import { generateCatalogue } from '../src/server/catalogue/generate';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '11' },
  },
});
const seeds = Number(values.seeds);
const runs = Number(values.runs);
const DAY = 86_400_000;
const today = Date.now();

/** The seed list as the explorer asks for it and reads it. */
function seedRows(asOf?: number): object[] {
  const catalogue = generateCatalogue({ seeds, today, ...(asOf === undefined ? {} : { asOf }) });
  const answer = createCatalogueApi(catalogue, { representation: 'account' }).handle(
    'GET',
    '/api/seed?format=api&limit=-1',
  );
  const bytes = new TextEncoder().encode(answer.body ?? '[]').buffer;
  const reading = readPage('seed', bytes, 0, 'application/json', LIST_WORKER_ROUTES);
  if (!reading.ok) throw new Error(reading.reason);
  return blockRows<'seed'>(reading.block);
}

const copy = seedRows(today - 21 * DAY);
const fresh = seedRows();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const whole: number[] = [];
const longest: number[] = [];
let result = runJob(compareJob(copy, fresh));
for (let run = 0; run < runs; run++) {
  let start = performance.now();
  result = runJob(compareJob(copy, fresh));
  whole.push(performance.now() - start);
  // In slices of at most 8 ms, as the page's background work runs.
  const job = compareJob(copy, fresh);
  let slice = 0;
  for (;;) {
    start = performance.now();
    const done = advanceJob(job, () => performance.now() - start < 8);
    slice = Math.max(slice, performance.now() - start);
    if (done) break;
  }
  longest.push(slice);
}

console.log(
  `Since your copy, ${copy.length.toLocaleString('en-US')} seeds saved against ${fresh.length.toLocaleString('en-US')} fresh ` +
    `(${result.addedRows.toLocaleString('en-US')} added, ${result.changedRows.toLocaleString('en-US')} changed, ${result.gone.length.toLocaleString('en-US')} gone):`,
);
console.log(
  `  comparison: median ${median(whole).toFixed(1)} ms of work (min ${Math.min(...whole).toFixed(1)}, max ${Math.max(...whole).toFixed(1)}, ${String(runs)} runs); ` +
    `longest slice ${median(longest).toFixed(1)} ms (median of runs)`,
);
