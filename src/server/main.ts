/**
 * `npm start` (and `npm run dev` with --dev): serves the explorer and the catalogue API on one
 * origin, from the embedded sample catalogue or, with --upstream, from a real service.
 */
import { getRequestListener } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { embeddedApiHandler, type ApiHandler } from './api-handler';
import { createApp } from './app';
import { createCatalogueApi } from './catalogue/engine';
import { generateCatalogue } from './catalogue/generate';
import { addHostileRecords } from './catalogue/hostile';
import { createFaultInjector } from './faults';
import { createHostCheck, type HostCheck } from './host-check';
import { logToStderr } from './log';
import { OptionsError, USAGE, parseStartOptions, type StartOptions } from './options';
import { upstreamApiHandler } from './proxy/upstream';
import { catalogueSourceOf, withCatalogueSource } from './source';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const distRoot = fileURLToPath(new URL('../../dist', import.meta.url));

function apiHandler(options: StartOptions): ApiHandler {
  const api = dataSource(options);
  if (options.faults === null || options.faults.rules.length === 0) return api;
  const injector = createFaultInjector(api);
  for (const rule of options.faults.rules) injector.inject(rule.resource, rule.fault, rule.options);
  console.log(
    `Fault injection is on: ${options.faults.rules.length} rule(s); the API misbehaves on purpose.`,
  );
  return injector.handler;
}

function dataSource(options: StartOptions): ApiHandler {
  if (options.upstream) {
    const username = process.env.ARCHIVE_IT_USERNAME;
    console.log(
      `Reading from ${options.upstream.href} ${username ? 'with the credentials in ARCHIVE_IT_USERNAME/ARCHIVE_IT_PASSWORD' : 'without credentials'}.`,
    );
    return upstreamApiHandler({
      base: options.upstream,
      username,
      password: process.env.ARCHIVE_IT_PASSWORD,
      timeoutMs: options.upstreamTimeoutMs,
      log: logToStderr,
    });
  }
  const started = performance.now();
  const catalogue = generateCatalogue({ seeds: options.seeds });
  if (options.faults?.hostile) {
    addHostileRecords(catalogue);
    console.log('Fault injection: records with hostile content are in the sample catalogue.');
  }
  if (options.public) {
    console.log('Serving the public representation: what a visitor without an account sees.');
  }
  const generated = performance.now();
  const api = createCatalogueApi(catalogue, {
    representation: options.public ? 'public' : 'account',
  });
  api.prepare();
  console.log(
    `Sample catalogue: ${catalogue.collections.length} collections, ${catalogue.seeds.length.toLocaleString('en-US')} seeds, ` +
      `${catalogue.seedGroups.length} seed groups, ${catalogue.pressItems.length} press items ` +
      `(generated in ${Math.round(generated - started)} ms, indexed and encoded in ${Math.round(performance.now() - generated)} ms).`,
  );
  return embeddedApiHandler(api);
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

async function listener(
  options: StartOptions,
  api: ApiHandler,
  hosts: HostCheck,
): Promise<Listener> {
  const pressImages = options.upstream === null;
  const catalogueSource = catalogueSourceOf(options, process.env.ARCHIVE_IT_USERNAME);
  if (!options.dev) {
    if (!existsSync(`${distRoot}/index.html`)) {
      throw new OptionsError(
        'The app is not built yet: run `npm run build` first (npm start does both).',
      );
    }
    const app = getRequestListener(
      createApp({ api, staticRoot: distRoot, pressImages, hosts, catalogueSource }).fetch,
    );
    return (req, res) => void app(req, res);
  }
  // Development: Vite serves the app with hot reload; the API is the same as in production.
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({
    root: projectRoot,
    server: {
      middlewareMode: true,
      // Vite checks Host itself too; the names given to the server are the ones it may answer.
      allowedHosts: options.allowedHosts.map((name) => name.replace(/:\d+$/, '')),
    },
    appType: 'spa',
    plugins: [
      {
        name: 'catalogue-source',
        transformIndexHtml: (html) => withCatalogueSource(html, catalogueSource),
      },
    ],
  });
  const apiListener = getRequestListener(
    createApp({ api, staticRoot: null, pressImages, hosts }).fetch,
  );
  return (req, res) => {
    const path = req.url ?? '';
    if (/^\/(api|press-images)(\/|\?|$)/.test(path)) {
      void apiListener(req, res);
      return;
    }
    const refusal = hosts.refusal(
      { host: req.headers.host, origin: req.headers.origin },
      path,
      req.socket.localPort ?? Number.NaN,
    );
    if (refusal !== null) {
      res.writeHead(refusal.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ detail: refusal.detail }));
      return;
    }
    vite.middlewares(req, res);
  };
}

async function main(): Promise<void> {
  const parsed = parseStartOptions(process.argv.slice(2));
  if (parsed === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const hosts = createHostCheck(parsed.host, parsed.allowedHosts);
  const handle = await listener(parsed, apiHandler(parsed), hosts);
  const server = createServer((req, res) => {
    handle(req, res);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${parsed.port} is already in use on ${parsed.host}; start with --port N to use another.`
        : `The server could not start: ${error.message}`,
    );
    process.exit(1);
  });
  server.listen(parsed.port, parsed.host, () => {
    const { port } = server.address() as AddressInfo;
    const host = parsed.host.includes(':') ? `[${parsed.host}]` : parsed.host;
    const lines = [
      `Catalogue explorer${parsed.dev ? ' (development)' : ''}: http://${host}:${port}/`,
    ];
    if (WILDCARD_HOSTS.has(parsed.host) || parsed.allowedHosts.length > 0) {
      // Listening on every address does not make every name safe: a page elsewhere can point a
      // name of its own at this machine, so only these are answered.
      lines.push(
        `Answering only requests addressed to ${hosts.describe(port).join(', ')}` +
          (parsed.allowedHosts.length > 0 ? '.' : '; add other names with --allowed-host NAME.'),
      );
    }
    console.log(lines.join('\n'));
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof OptionsError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
