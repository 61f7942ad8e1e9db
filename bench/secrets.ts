/**
 * `npm run bench:secrets`: what removing credentials costs a whole list of 100,000 seeds (about
 * 75 MB), end to end: from the request to the parsed JSON, read as the explorer's bare page reads it
 * (the body whole, then `JSON.parse`). Side by side in one run, alternating which goes first:
 *
 * - embedded, as `npm start` serves it: the explorer's server (`createApp`) over the sample whose
 *   records lost their credentials at start, against the same API served bare, nothing removed;
 * - embedded, removed as it streams: the explorer's server over the sample as generated, so that
 *   every answer goes through the streaming removal, against the same bare API;
 * - forwarded: the explorer's server in front of a service (the bare API above), removing as the
 *   answer streams through, against the same proxy served bare.
 *
 * The servers run in a child process, as `npm start` runs apart from the browser.
 * Options: --seeds 100000  --runs 15
 */
import { getRequestListener } from '@hono/node-server';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { embeddedApiHandler, type ApiHandler } from '../src/server/api-handler';
import { createApp } from '../src/server/app';
import { createCatalogueApi } from '../src/server/catalogue/engine';
import { generateCatalogue } from '../src/server/catalogue/generate';
import { createHostCheck } from '../src/server/host-check';
import { removeSecretFields } from '../src/server/secrets/catalogue';
import { parseUpstreamBase, upstreamApiHandler } from '../src/server/proxy/upstream';

async function listen(handle: ApiHandler, whole: boolean): Promise<number> {
  const fetchHandler = whole
    ? createApp({ api: handle, staticRoot: null, hosts: createHostCheck('127.0.0.1') }).fetch
    : (request: Request) => handle(request);
  const listener = getRequestListener(fetchHandler);
  const server = createServer((req, res) => void listener(req, res));
  // The client reads and parses one list while another server answers: keep its connection.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The child: the servers, their ports printed as one line of JSON. */
async function serve(seeds: number) {
  const api = createCatalogueApi(generateCatalogue({ seeds }));
  api.prepare();
  const embedded = embeddedApiHandler(api);
  // As `npm start` serves the sample: its records' credentials removed once, at start.
  const catalogue = generateCatalogue({ seeds });
  removeSecretFields(catalogue);
  const cleanApi = createCatalogueApi(catalogue);
  cleanApi.prepare();
  const bare = await listen(embedded, false);
  const ports = {
    bare,
    streamed: await listen(embedded, true),
    clean: await listen(embeddedApiHandler(cleanApi, { clean: true }), true),
    forwardedBare: await listen(upstream(bare), false),
    forwardedStreamed: await listen(upstream(bare), true),
  };
  console.log(JSON.stringify(ports));
}

function upstream(port: number): ApiHandler {
  return upstreamApiHandler({
    base: parseUpstreamBase(`http://127.0.0.1:${String(port)}`),
    timeoutMs: 60_000,
  });
}

/** The lists measured: as the explorer asks for it, and in the default representation. */
const LISTS = ['/api/seed?format=api&limit=-1', '/api/seed?limit=-1'];

interface Figure {
  /** Request to the last byte, and to the parsed JSON, in ms; the bytes received. */
  lastByte: number;
  parsed: number;
  bytes: number;
}

async function timeList(port: number, list: string): Promise<Figure> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${String(port)}${list}`);
  const body = await response.arrayBuffer();
  const lastByte = performance.now() - started;
  const records = JSON.parse(new TextDecoder().decode(body)) as unknown[];
  const parsed = performance.now() - started;
  if (!Array.isArray(records) || records.length === 0) throw new Error('no list came back');
  return { parsed, lastByte, bytes: body.byteLength };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** `runs` of the pair, alternating which goes first, after one of each to warm up. */
async function pair(bare: number, removed: number, list: string, runs: number) {
  await timeList(bare, list);
  await timeList(removed, list);
  const figures = { bare: [] as Figure[], removed: [] as Figure[] };
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? (['bare', 'removed'] as const) : (['removed', 'bare'] as const);
    for (const kind of order) {
      figures[kind].push(await timeList(kind === 'bare' ? bare : removed, list));
    }
  }
  return figures;
}

async function measure(seeds: number, runs: number) {
  const child = spawn(
    fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url)),
    [fileURLToPath(import.meta.url), '--serve', '--seeds', String(seeds)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ports = await new Promise<Record<string, number>>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Record<string, number>);
    });
    child.on('exit', (code) => {
      reject(new Error(`the servers exited (${String(code)})`));
    });
  });
  const ms = (value: number) => value.toFixed(0).padStart(5);
  try {
    console.log(
      `${seeds.toLocaleString('en-US')} seeds, ${String(runs)} runs of each, medians in ms ` +
        '(bare → with credentials removed; to the last byte, to the parsed JSON, and how much longer)',
    );
    const pairs = [
      ['embedded, as npm start serves it (removed at start)', ports.bare, ports.clean],
      ['embedded, removed as it streams', ports.bare, ports.streamed],
      ['forwarded, removed as it streams', ports.forwardedBare, ports.forwardedStreamed],
    ] as const;
    for (const list of LISTS) {
      for (const [name, bare, removed] of pairs) {
        if (bare === undefined || removed === undefined) throw new Error('a server is missing');
        const figures = await pair(bare, removed, list, runs);
        const of = (kind: 'bare' | 'removed', key: keyof Figure) =>
          median(figures[kind].map((f) => f[key]));
        const longer = (of('removed', 'parsed') / of('bare', 'parsed') - 1) * 100;
        console.log(
          `${list}  ${name}: ${(of('bare', 'bytes') / 1e6).toFixed(1)} → ` +
            `${(of('removed', 'bytes') / 1e6).toFixed(1)} MB; last byte ${ms(of('bare', 'lastByte'))} → ` +
            `${ms(of('removed', 'lastByte'))}; parsed ${ms(of('bare', 'parsed'))} → ` +
            `${ms(of('removed', 'parsed'))} (${longer >= 0 ? '+' : ''}${longer.toFixed(1)}%)`,
        );
      }
    }
  } finally {
    child.kill();
  }
}

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean' },
    seeds: { type: 'string' },
    runs: { type: 'string' },
  },
});
const seeds = Number(values.seeds ?? 100_000);
if (values.serve) await serve(seeds);
else await measure(seeds, Number(values.runs ?? 15));
