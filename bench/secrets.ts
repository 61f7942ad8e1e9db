/**
 * `npm run bench:secrets`: what removing credentials from answers costs a whole list of 100,000
 * seeds (about 75 MB), end to end, side by side in one run, alternating which goes first. Every
 * pair is the explorer's own server (`createApp`, the built app included) twice: once as it is,
 * once with its answers marked as holding nothing to remove, so that the removal is the only
 * difference.
 *
 * - embedded, as `npm start` serves it: the sample's records lost their credentials at start;
 * - embedded, removed as it streams: the sample as generated, every answer through the streaming
 *   removal (the fastest source there is, so the removal's cost shows most);
 * - forwarded: the server in front of a service (a bare server of the sample), removing as the
 *   answer streams through, as `--upstream` does.
 *
 * Two measures: a client that fetches `/api/seed?format=api&limit=-1` (as the explorer asks) and
 * `/api/seed?limit=-1` (the default representation, with login fields to remove) and parses the
 * JSON, as the benchmark's bare page does, with the CPU time the explorer's server process used
 * for each answer (read from /proc; with the service in that process, the service's too), which
 * the machine's other work disturbs far less than the times; and the explorer itself in headless Chromium, from
 * navigating to `/seeds` to every row loaded and the first screen painted (as `npm run bench`
 * times "load to usable"). The servers run in a child process, as `npm start` runs apart from the
 * browser. Options: --seeds 100000  --runs 11  (the explorer needs `npm run build` first);
 * --only <words> measures only the pairs whose name holds them (`--only forwarded`); --client
 * leaves the explorer out (no build needed), for the client's figures alone; --apart runs the
 * forwarded pairs' service in a process of its own, as a service on another machine runs: by
 * default it shares the explorer's thread, so that writing its 80 MB answer and removing
 * credentials from it take turns, and the removal's whole time is added to the answer's;
 * --rate <MB/s> (with --apart) has that service send no faster, as over a link of that speed.
 *
 * `--scan` times the removal alone, in this process, over the same two answers in chunks of 16 and
 * 64 KB: the scanner's speed on this thread (MB/s), and how long the thread that serves requests
 * is busy per answer when the answer streams through `withoutSecrets`, as the server sends it.
 */
import { getRequestListener } from '@hono/node-server';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { performance as nodePerformance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { embeddedApiHandler, type ApiHandler } from '../src/server/api-handler';
import { createApp } from '../src/server/app';
import { createCatalogueApi } from '../src/server/catalogue/engine';
import { generateCatalogue } from '../src/server/catalogue/generate';
import { parseUpstreamBase, upstreamApiHandler } from '../src/server/proxy/upstream';
import { removeSecretFields } from '../src/server/secrets/catalogue';
import { JsonSecretStripper } from '../src/server/secrets/json';
import { alreadyClean, withoutSecrets } from '../src/server/secrets/strip';
import { treeCpuMs } from '../test/load/harness';
import { launchChromium } from '../test/support/chromium';
import { projectRoot } from '../test/support/server-process';
import { OURS, installRecorder, waitFor } from './probes';

const DIST = `${projectRoot}dist`;
/** The lists the client measures: as the explorer asks for it, and the default representation. */
const LISTS = ['/api/seed?format=api&limit=-1', '/api/seed?limit=-1'];

/** The explorer's server over `api`; with `removal` false, its answers pass untouched. */
async function listen(api: ApiHandler, removal: boolean): Promise<number> {
  const handler: ApiHandler = removal
    ? api
    : async (request, connection) => alreadyClean(await api(request, connection));
  const listener = getRequestListener(createApp({ api: handler, staticRoot: DIST }).fetch);
  const server = createServer((req, res) => void listener(req, res));
  // The client reads and parses one list while another server answers: keep its connection.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * `api` with its bodies sent at `rate` MB/s at most, as a service reached over a link of that
 * speed sends them (a chunk waits until the bytes before it have had their time); `api` itself
 * when `rate` is null.
 */
function paced(api: ApiHandler, rate: number | null): ApiHandler {
  if (rate === null) return api;
  return async (request, connection) => {
    const response = await api(request, connection);
    if (response.body === null) return response;
    const reader = response.body.getReader();
    let started = 0;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const part = await reader.read();
        if (part.done) {
          controller.close();
          return;
        }
        if (started === 0) started = performance.now();
        const due = started + (sent / (rate * 1e6)) * 1000;
        sent += part.value.length;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        controller.enqueue(part.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

/** The service alone (a bare server of the sample), its port as one line of JSON. */
async function serveService(seeds: number, rate: number | null) {
  const api = createCatalogueApi(generateCatalogue({ seeds }));
  api.prepare();
  console.log(
    JSON.stringify({ service: await listen(paced(embeddedApiHandler(api), rate), false) }),
  );
}

/**
 * The child: every server, their ports as one line of JSON, pairs of [nothing removed, removed].
 * The forwarded pair's service is `servicePort` when given (a process of its own), else a server
 * in this process.
 */
async function serve(seeds: number, servicePort: number | null) {
  const api = createCatalogueApi(generateCatalogue({ seeds }));
  api.prepare();
  const embedded = embeddedApiHandler(api);
  const catalogue = generateCatalogue({ seeds });
  removeSecretFields(catalogue);
  const cleanApi = createCatalogueApi(catalogue);
  cleanApi.prepare();
  const clean = embeddedApiHandler(cleanApi, { clean: true });
  const service = servicePort ?? (await listen(embedded, false));
  const upstream = upstreamApiHandler({
    base: parseUpstreamBase(`http://127.0.0.1:${String(service)}`),
    timeoutMs: 60_000,
  });
  const pairs: Record<string, [number, number]> = {
    'embedded, as npm start serves it (removed at start)': [
      await listen(embedded, false),
      await listen(clean, true),
    ],
    'embedded, removed as it streams': [
      await listen(embedded, false),
      await listen(embedded, true),
    ],
    'forwarded, removed as it streams': [
      await listen(upstream, false),
      await listen(upstream, true),
    ],
  };
  console.log(JSON.stringify(pairs));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** `runs` of each of the two, alternating which goes first, after one of each to warm up. */
async function alternate<T>(runs: number, time: (removed: boolean) => Promise<T>) {
  await time(false);
  await time(true);
  const figures = { bare: [] as T[], removed: [] as T[] };
  for (let run = 0; run < runs; run++) {
    for (const removed of run % 2 === 0 ? [false, true] : [true, false]) {
      figures[removed ? 'removed' : 'bare'].push(await time(removed));
    }
  }
  return figures;
}

/** Request to the last byte and to the parsed JSON, in ms, and the bytes. */
async function fetchList(port: number, list: string) {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${String(port)}${list}`);
  const body = await response.arrayBuffer();
  const lastByte = performance.now() - started;
  const records = JSON.parse(new TextDecoder().decode(body)) as unknown[];
  const parsed = performance.now() - started;
  if (!Array.isArray(records) || records.length === 0) throw new Error('no list came back');
  return { lastByte, parsed, bytes: body.byteLength };
}

/** The explorer's /seeds, from navigation to every row loaded and the first screen painted. */
async function loadSeeds(browser: Browser, port: number, seeds: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await installRecorder(page, OURS.rowSelector, {
      present: OURS.rowSelector,
      absent: '[role="progressbar"]',
      attribute: { selector: '[role="grid"]', name: 'aria-rowcount', value: String(seeds + 1) },
    });
    await page.goto(`http://127.0.0.1:${String(port)}/seeds`);
    return await waitFor(page, 'complete');
  } finally {
    await context.close();
  }
}

const longer = (bare: number, removed: number) => {
  const percent = (removed / bare - 1) * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`;
};
const ms = (value: number) => value.toFixed(0);
const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;

/** This script again in a child process with `args`; the child and the line of JSON it prints. */
async function child<T>(args: string[]) {
  const server = spawn(
    fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url)),
    [fileURLToPath(import.meta.url), ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const answer = await new Promise<T>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as T);
    });
    server.on('exit', (code) => {
      reject(new Error(`the servers exited (${String(code)})`));
    });
  });
  return { process: server, answer };
}

async function measure(
  seeds: number,
  runs: number,
  only: string,
  client: boolean,
  apart: boolean,
  rate: number | null,
) {
  if (!client && !existsSync(`${DIST}/index.html`))
    throw new Error('Build the explorer first: npm run build');
  const service = apart
    ? await child<{ service: number }>([
        '--service',
        '--seeds',
        String(seeds),
        ...(rate === null ? [] : ['--rate', String(rate)]),
      ])
    : null;
  const servers = await child<Record<string, [number, number]>>([
    '--serve',
    '--seeds',
    String(seeds),
    ...(service ? ['--service-port', String(service.answer.service)] : []),
  ]);
  const pairs = servers.answer;
  const browser = client ? null : await launchChromium();
  try {
    console.log(
      `${seeds.toLocaleString('en-US')} seeds, ${String(runs)} runs of each, medians in ms, ` +
        'nothing removed → credentials removed',
    );
    for (const [name, [bare, removed]] of Object.entries(pairs)) {
      if (!name.includes(only)) continue;
      const port = (isRemoved: boolean) => (isRemoved ? removed : bare);
      for (const list of LISTS) {
        const f = await alternate(runs, async (isRemoved) => {
          const before = treeCpuMs(servers.process.pid ?? 0);
          const figure = await fetchList(port(isRemoved), list);
          return { ...figure, cpu: treeCpuMs(servers.process.pid ?? 0) - before };
        });
        const of = (kind: 'bare' | 'removed', key: 'lastByte' | 'parsed' | 'bytes' | 'cpu') =>
          median(f[kind].map((figure) => figure[key]));
        const extra = of('removed', 'cpu') - of('bare', 'cpu');
        console.log(
          `${name}, ${list}: ${(of('bare', 'bytes') / 1e6).toFixed(1)} → ` +
            `${(of('removed', 'bytes') / 1e6).toFixed(1)} MB; last byte ${ms(of('bare', 'lastByte'))} → ` +
            `${ms(of('removed', 'lastByte'))}; parsed ${ms(of('bare', 'parsed'))} → ` +
            `${ms(of('removed', 'parsed'))} (${longer(of('bare', 'parsed'), of('removed', 'parsed'))}; ` +
            `ranges ${range(f.bare.map((figure) => figure.parsed))} and ` +
            `${range(f.removed.map((figure) => figure.parsed))}); the explorer's server's CPU ` +
            `${ms(of('bare', 'cpu'))} → ${ms(of('removed', 'cpu'))} (${extra >= 0 ? '+' : ''}${ms(extra)} ms, ` +
            `${((extra / of('bare', 'parsed')) * 100).toFixed(1)}% of the request)`,
        );
      }
      if (browser === null) continue;
      const usable = await alternate(runs, (isRemoved) =>
        loadSeeds(browser, port(isRemoved), seeds),
      );
      const [b, r] = [median(usable.bare), median(usable.removed)];
      console.log(
        `${name}, the explorer's /seeds, load to usable: ${ms(b)} → ${ms(r)} (${longer(b, r)}; ` +
          `ranges ${range(usable.bare)} and ${range(usable.removed)})`,
      );
    }
  } finally {
    await browser?.close();
    servers.process.kill();
    service?.process.kill();
  }
}

/** The two answers as chunks of `size` bytes, each its own memory (as a network read gives). */
function cut(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size));
  return chunks;
}

async function scan(seeds: number, runs: number) {
  const handler = embeddedApiHandler(createCatalogueApi(generateCatalogue({ seeds })));
  for (const list of LISTS) {
    const response = await handler(new Request(`http://127.0.0.1${list}`));
    const bytes = new Uint8Array(await response.arrayBuffer());
    for (const size of [16 * 1024, 64 * 1024]) {
      const here: number[] = [];
      const serving: number[] = [];
      const whole: number[] = [];
      for (let run = 0; run < runs; run++) {
        let chunks = cut(bytes, size);
        const stripper = new JsonSecretStripper();
        let started = performance.now();
        for (const chunk of chunks) stripper.write(chunk);
        here.push(performance.now() - started);
        chunks = cut(bytes, size);
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = chunks.shift();
            if (next) controller.enqueue(next);
            else controller.close();
          },
        });
        const busy = nodePerformance.eventLoopUtilization();
        started = performance.now();
        const reader = withoutSecrets(new Response(body), { where: list }).body?.getReader();
        while (reader && !(await reader.read()).done);
        whole.push(performance.now() - started);
        serving.push(nodePerformance.eventLoopUtilization(busy).active);
      }
      const mb = bytes.length / 1e6;
      console.log(
        `${list}, ${mb.toFixed(1)} MB in ${String(size / 1024)} KB chunks: scanned on this thread in ` +
          `${ms(median(here))} ms (${(mb / (median(here) / 1000)).toFixed(0)} MB/s); through ` +
          `withoutSecrets ${ms(median(whole))} ms, of which the serving thread was busy ` +
          `${ms(median(serving))} ms`,
      );
    }
  }
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    scan: { type: 'boolean' },
    serve: { type: 'boolean' },
    seeds: { type: 'string' },
    runs: { type: 'string' },
    only: { type: 'string' },
    client: { type: 'boolean' },
    apart: { type: 'boolean' },
    service: { type: 'boolean' },
    'service-port': { type: 'string' },
    rate: { type: 'string' },
  },
});
const seeds = Number(values.seeds ?? 100_000);
const runs = Number(values.runs ?? 11);
const rate = values.rate === undefined ? null : Number(values.rate);
if (rate !== null && !values.apart && !values.service)
  throw new Error('--rate paces the service apart: give --apart with it');
if (values.service) await serveService(seeds, rate);
else if (values.serve)
  await serve(seeds, values['service-port'] === undefined ? null : Number(values['service-port']));
else if (values.scan) await scan(seeds, runs);
else
  await measure(
    seeds,
    runs,
    values.only ?? '',
    values.client ?? false,
    values.apart ?? false,
    rate,
  );
