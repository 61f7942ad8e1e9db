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
import { removeSecretFields } from './secrets/catalogue';
import { createFaultInjector } from './faults';
import { createHostCheck, isLoopbackAddress, type HostCheck } from './host-check';
import { logToStderr } from './log';
import { OptionsError, USAGE, parseStartOptions, type StartOptions } from './options';
import { upstreamApiHandler } from './proxy/upstream';
import { DEMO_USERNAME, demoAccounts, serviceAccounts } from './sign-in/accounts';
import { createSignIn, duration, type SignIn } from './sign-in/sign-in';
import { catalogueSourceOf, withPageMeta } from './source';

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

/** The credentials in the environment, when the server reads the service with them. */
function sharedCredentials(options: StartOptions): string | undefined {
  const username = process.env.ARCHIVE_IT_USERNAME;
  return options.upstream && !options.signIn && username ? username : undefined;
}

function dataSource(options: StartOptions): ApiHandler {
  if (options.upstream) {
    const username = sharedCredentials(options);
    console.log(
      `Reading from ${options.upstream.href} ${options.signIn ? 'with the credentials of whoever signs in' : username ? 'with the credentials in ARCHIVE_IT_USERNAME/ARCHIVE_IT_PASSWORD' : 'without credentials'}.`,
    );
    if (options.signIn && process.env.ARCHIVE_IT_USERNAME) {
      console.log(
        'ARCHIVE_IT_USERNAME and ARCHIVE_IT_PASSWORD are not used: with --sign-in each person signs in with their own account.',
      );
    }
    return upstreamApiHandler({
      base: options.upstream,
      username,
      password: username === undefined ? undefined : process.env.ARCHIVE_IT_PASSWORD,
      timeoutMs: options.upstreamTimeoutMs,
      log: logToStderr,
    });
  }
  const started = performance.now();
  // The history runs up to the day the server started (UTC): its recent work is recent.
  const catalogue = generateCatalogue({
    seeds: options.seeds,
    today: Date.now(),
    ...(options.asOf === null ? {} : { asOf: options.asOf }),
  });
  if (options.asOf !== null) {
    console.log(
      `Serving the sample catalogue as it stood at the end of ${new Date(options.asOf).toISOString().slice(0, 10)} (UTC).`,
    );
  }
  if (options.faults?.hostile) {
    addHostileRecords(catalogue);
    console.log('Fault injection: records with hostile content are in the sample catalogue.');
  }
  if (options.public) {
    console.log('Serving the public representation: what a visitor without an account sees.');
  }
  // Credentials in the sample's records go now, once: no answer made from them holds any.
  removeSecretFields(catalogue);
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
  return embeddedApiHandler(api, { clean: true });
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * No open door: the credentials in the environment read the whole account, so a server that holds
 * them listens on this machine alone, unless --shared-account says to open it all the same.
 */
function checkDoor(options: StartOptions): void {
  if (sharedCredentials(options) === undefined) return;
  if (options.sharedAccount) {
    console.warn(
      'Warning (--shared-account): everyone who can reach this server reads the account in ARCHIVE_IT_USERNAME, ' +
        'every private collection included, with its credentials. To give each person their own access, start with --sign-in instead.',
    );
    return;
  }
  if (isLoopbackAddress(options.host)) return;
  throw new OptionsError(
    `The server holds the credentials in ARCHIVE_IT_USERNAME and ARCHIVE_IT_PASSWORD, so it listens only on this machine (127.0.0.1), not on ${options.host}: ` +
      'anyone who could reach it there would read the whole account through them. ' +
      'To open the explorer to a team, start it with --sign-in, so that each person signs in with their own account ' +
      '(or, to share this account with everyone who can reach the server, with --shared-account).',
  );
}

/** With --sign-in: whose accounts people sign in with, and the sessions they get. */
function signInFor(options: StartOptions, catalogueSource: string): SignIn | undefined {
  if (!options.signIn) return undefined;
  let accounts;
  if (options.upstream) {
    accounts = serviceAccounts({ base: options.upstream, timeoutMs: options.upstreamTimeoutMs });
  } else {
    accounts = demoAccounts();
    console.log(
      `Sign-in is on. Demo account: user name "${DEMO_USERNAME}", password ${accounts.password} ` +
        '(made for this start and shown only this once).',
    );
  }
  console.log(
    `Each person signs in${options.upstream ? ' with their own account of the service' : ''}; ` +
      `a session ends after ${duration(options.sessionIdleMs)} without use, 7 days at most, or when the server stops.`,
  );
  if (!isLoopbackAddress(options.host) && !options.trustProxy) {
    console.warn(
      'Note: this server speaks plain HTTP, so passwords and session cookies cross the network in clear. ' +
        'Put it behind an HTTPS reverse proxy (see the README, "For a team") and start it with --trust-proxy.',
    );
  }
  return createSignIn({
    accounts,
    idleMs: options.sessionIdleMs,
    trustProxy: options.trustProxy,
    catalogueSource,
    log: logToStderr,
  });
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

async function listener(
  options: StartOptions,
  api: ApiHandler,
  hosts: HostCheck,
): Promise<Listener> {
  const pressImages = options.upstream === null;
  const catalogueSource = catalogueSourceOf(options, sharedCredentials(options));
  const signIn = signInFor(options, catalogueSource);
  if (!options.dev) {
    if (!existsSync(`${distRoot}/index.html`)) {
      throw new OptionsError(
        'The app is not built yet: run `npm run build` first (npm start does both).',
      );
    }
    const app = getRequestListener(
      createApp({
        api,
        staticRoot: distRoot,
        pressImages,
        hosts,
        catalogueSource,
        signIn,
        preloadFirstPages: options.preloadFirstPages,
      }).fetch,
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
        transformIndexHtml: (html) => withPageMeta(html, { catalogueSource, signIn: signIn?.name }),
      },
    ],
  });
  const apiListener = getRequestListener(
    createApp({ api, staticRoot: null, pressImages, hosts, signIn }).fetch,
  );
  return (req, res) => {
    const path = req.url ?? '';
    if (/^\/(api|press-images|session)(\/|\?|$)/.test(path)) {
      void apiListener(req, res);
      return;
    }
    const refusal = hosts.refusal(
      { host: req.headers.host, origin: req.headers.origin },
      path,
      req.socket.localPort ?? Number.NaN,
      req.socket.remoteAddress,
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
  checkDoor(parsed);
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
