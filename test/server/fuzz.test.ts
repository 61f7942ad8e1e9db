/**
 * The server under fuzzing (fast-check): random methods, paths under /api and query strings always
 * get JSON with 200, 400, 403 or 404, never a 500 or a crash, from the embedded API and through
 * the --upstream proxy alike; the proxy never sends anything but a plain GET or HEAD of a list to
 * the upstream; and no path, however encoded, reads a file outside the built app.
 */
import { getRequestListener } from '@hono/node-server';
import fc from 'fast-check';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedApiHandler } from '../../src/server/api-handler';
import { createApp } from '../../src/server/app';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { parseUpstreamBase, upstreamApiHandler } from '../../src/server/proxy/upstream';
import { RESOURCES } from '../../src/contract/wire';
import { listen, raw, serveApp, type Running } from './http-helpers';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const PARAMS = [
  'limit',
  'offset',
  'format',
  'state',
  'collection',
  'metadata__name',
  'metadata__value__startswith',
];
/** Characters a request target may hold as they are, '%' included (so also broken escapes). */
const rawText = fc.stringMatching(/^[A-Za-z0-9%._~!$&'()*+,;=:@-]{0,24}$/);
const encodedText = fc.string({ unit: 'grapheme', maxLength: 16 }).map(encodeURIComponent);

const segment = fc.oneof(
  fc.constantFrom(...RESOURCES),
  fc.constantFrom('', '.', '..', '%2e%2e', '%252e%252e', '..%2f', '%2f', '%5c', '%00', '%', '%zz'),
  fc.constantFrom('%E0%A4%A', 'seed%2f..%2f..', 'SEED', 'seeds', 'collection.json', '@evil'),
  rawText,
  encodedText,
);
// Mostly real lists, so that the query strings reach the engine's parameter handling.
const apiPath = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...RESOURCES), fc.constantFrom('', '/'))
      .map(([resource, slash]) => `/api/${resource}${slash}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('/api/', '/api', '/api//', '/apix/'),
        fc.array(segment, { maxLength: 4 }),
      )
      .map(([prefix, parts]) => prefix + parts.join('/')),
  },
);

const value = fc.oneof(
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom('-1', '0', '', 'api', 'ACTIVE', 'INACTIVE', 'NaN', '1e9', '0x10', '+1', '%201'),
  encodedText,
  rawText,
);
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PARAMS) },
  { weight: 1, arbitrary: rawText },
);
const query = fc
  .array(fc.tuple(key, value), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
const target = fc
  .tuple(apiPath, fc.option(query, { nil: undefined }))
  .map(([path, q]) => (q === undefined ? path : `${path}?${q}`));

/**
 * Dot segments are resolved before routing, as the URL standard (and every browser) resolves
 * them: `/api/%2e%2e/seed` is the page `/seed`, not a list. Whatever stays under /api is answered
 * by the API in JSON; anything else must at least not fail.
 */
function expectJsonAnswer(
  method: string,
  target: string,
  answer: Awaited<ReturnType<typeof raw>>,
  where: string,
) {
  if (!new URL(target, 'http://localhost').pathname.startsWith('/api')) {
    expect(answer.status, where).toBeLessThan(500);
    return;
  }
  expect([200, 400, 403, 404], where).toContain(answer.status);
  if (method === 'HEAD') return;
  expect(answer.headers['content-type'], where).toMatch(/^application\/json/);
  expect(() => JSON.parse(answer.body) as unknown, where).not.toThrow();
}

const catalogue = generateCatalogue({ seeds: 1_000 });
let embedded: Running;
let upstream: Running;
let proxy: Running;
/** What reached the upstream through the proxy: method, target as sent, and Host. */
const forwarded: { method: string; target: string; host: string }[] = [];

beforeAll(async () => {
  const api = embeddedApiHandler(createCatalogueApi(catalogue));
  embedded = await serveApp(api);
  const apiListener = getRequestListener(createApp({ api, staticRoot: null }).fetch);
  // The service lives under /base on its host, as some deployments do.
  upstream = await listen((req, res) => {
    const target = req.url ?? '';
    forwarded.push({ method: req.method ?? '', target, host: req.headers.host ?? '' });
    req.url = target.replace(/^\/base(?=\/)/, '');
    void apiListener(req, res);
  });
  proxy = await serveApp(
    upstreamApiHandler({ base: parseUpstreamBase(`${upstream.url}/base`), timeoutMs: 5_000 }),
  );
});

afterAll(async () => {
  await Promise.all([embedded.close(), upstream.close(), proxy.close()]);
});

describe('random requests to /api', () => {
  it('the embedded API answers JSON with 200, 400, 403 or 404, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...METHODS), target, async (method, path) => {
        const answer = await raw(embedded.url, path, { method });
        expectJsonAnswer(method, path, answer, `${method} ${path}`);
      }),
      { numRuns: 400 },
    );
    // Still answering after all of it.
    expect((await raw(embedded.url, '/api/seed?limit=1')).status).toBe(200);
  });

  it('through the proxy the same, and only plain reads of a list reach the upstream', async () => {
    forwarded.length = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...METHODS), target, async (method, path) => {
        const answer = await raw(proxy.url, path, { method });
        expectJsonAnswer(method, path, answer, `${method} ${path} via the proxy`);
      }),
      { numRuns: 400 },
    );
    expect(forwarded.length).toBeGreaterThan(0);
    const upstreamHost = new URL(upstream.url).host;
    for (const request of forwarded) {
      expect(['GET', 'HEAD']).toContain(request.method);
      expect(request.target).toMatch(/^\/base\/api(\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)*\/?(\?.*)?$/);
      expect(request.target).not.toMatch(/\/\.\.?(\/|\?|$)/);
      expect(request.host).toBe(upstreamHost);
    }
  });
});

describe('paths outside the API', () => {
  let dir: string;
  let app: Running;
  const SECRET = 'outside-the-app-root-7d1f';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'explorer-fuzz-'));
    writeFileSync(join(dir, 'secret.txt'), SECRET);
    mkdirSync(join(dir, 'root', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'root', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'root', 'assets', 'app.js'), 'export {};');
    app = await serveApp(embeddedApiHandler(createCatalogueApi(catalogue)), join(dir, 'root'), {
      pressImages: true,
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never read a file outside the built app, and never fail with a 500', async () => {
    const climb = fc.constantFrom(
      '..',
      '%2e%2e',
      '.%2e',
      '%2e.',
      '%252e%252e',
      '..%2f..',
      '..%5c..',
    );
    const path = fc
      .tuple(
        fc.constantFrom('/', '/assets/', '/press-images/', '/collections/', '//', '/assets/%2f'),
        fc.array(fc.oneof(climb, rawText, encodedText), { maxLength: 5 }),
        fc.constantFrom('secret.txt', '%73ecret.txt', 'etc/passwd', 'index.html', ''),
      )
      .map(([prefix, parts, file]) => `${prefix}${[...parts, file].join('/')}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'HEAD'), path, async (method, target) => {
        const answer = await raw(app.url, target, { method });
        expect(answer.status, `${method} ${target}`).toBeLessThan(500);
        expect(answer.body, `${method} ${target}`).not.toContain(SECRET);
        expect(answer.body, `${method} ${target}`).not.toContain('root:x:0:0');
      }),
      { numRuns: 400 },
    );
  });
});
