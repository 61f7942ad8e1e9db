/**
 * With --preload-first-pages, the page names the first requests the page at its address will
 * make, so the browser asks for them while the page's code is on its way: the same requests the page's own code makes (one
 * definition, src/addresses/first-lists.ts), each one the API answers, written so that nothing of
 * the address can escape the attribute, and none for someone the API would refuse.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPagePaths } from '../../src/addresses/first-lists';
import { embeddedApiHandler } from '../../src/server/api-handler';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { DEMO_USERNAME, demoAccounts } from '../../src/server/sign-in/accounts';
import { createSignIn, SESSION_IDLE_MS, type SignIn } from '../../src/server/sign-in/sign-in';
import { raw, serveApp, type Running } from './http-helpers';

let dir: string;
let open: Running;
let guarded: Running;
let plain: Running;
let signIn: SignIn;
const accounts = demoAccounts();
const api = () => embeddedApiHandler(createCatalogueApi(generateCatalogue({ seeds: 300 })));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'explorer-first-requests-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>',
  );
  open = await serveApp(api(), dir, { preloadFirstPages: true });
  plain = await serveApp(api(), dir);
  signIn = createSignIn({
    accounts,
    idleMs: SESSION_IDLE_MS,
    catalogueSource: 'test',
    log: () => undefined,
  });
  guarded = await serveApp(api(), dir, { signIn, preloadFirstPages: true });
});

afterAll(async () => {
  signIn.close();
  await Promise.all([open.close(), guarded.close(), plain.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** The preload links of a page, their addresses read back as a browser reads the attribute. */
function preloads(html: string): string[] {
  const links = [
    ...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]*)" \/>/g),
  ];
  expect(html.match(/<link\b[^>]*rel="preload"/g)?.length ?? 0).toBe(links.length);
  return links.map(([, href = '']) =>
    href
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

async function pageAt(server: Running, address: string, cookie?: string) {
  const response = await raw(server.url, address, cookie ? { headers: { Cookie: cookie } } : {});
  expect(response.status).toBe(200);
  return response.body;
}

describe('the page names its first requests (--preload-first-pages)', () => {
  it('only when asked to', async () => {
    expect(preloads(await pageAt(plain, '/seeds'))).toEqual([]);
    expect(preloads(await pageAt(open, '/seeds'))).toHaveLength(3);
  });

  it('the first pages of the lists the page at the address reads, each of which the API answers', async () => {
    const cases: [string, string[]][] = [
      [
        '/seeds?metadata__name=Subject&metadata__value__startswith=Art',
        [
          '/api/seed?limit=500&offset=0&format=api&metadata__name=Subject&metadata__value__startswith=Art',
          '/api/collection?limit=500&offset=0&format=api',
          '/api/seed_group?limit=500&offset=0&format=api',
        ],
      ],
      [
        '/collections/7/metadata',
        [
          '/api/collection?limit=500&offset=0&format=api',
          '/api/seed_group?limit=500&offset=0&format=api',
          '/api/seed?limit=500&offset=0&format=api&collection=7',
        ],
      ],
      [
        '/collections?state=INACTIVE',
        [
          '/api/collection?limit=500&offset=0&format=api&state=INACTIVE',
          '/api/collection?limit=500&offset=0&format=api',
        ],
      ],
      // The same list twice is asked for once.
      ['/collections', ['/api/collection?limit=500&offset=0&format=api']],
      ['/', ['/api/collection?limit=500&offset=0&format=api']],
      [
        '/press',
        [
          '/api/press_item?limit=500&offset=0&format=api',
          '/api/collection?limit=500&offset=0&format=api',
        ],
      ],
    ];
    for (const [address, expected] of cases) {
      const named = preloads(await pageAt(open, address));
      expect(named, address).toEqual(expected);
      const url = new URL(address, 'http://explorer.test');
      expect(named, address).toEqual(firstPagePaths(url.pathname, url.searchParams));
      for (const path of named) {
        const answer = await raw(open.url, path);
        expect(answer.status, path).toBe(200);
        expect(Array.isArray(JSON.parse(answer.body)), path).toBe(true);
      }
    }
  });

  it('a filter the page ignores is ignored in the request too', async () => {
    // Not a collection id: the seed list is every seed's, as the page says.
    expect(preloads(await pageAt(open, '/seeds?collection=twelve'))[0]).toBe(
      '/api/seed?limit=500&offset=0&format=api',
    );
    // Not a collection: no seed list of one.
    expect(preloads(await pageAt(open, '/collections/twelve/seeds'))).not.toContainEqual(
      expect.stringContaining('/api/seed?'),
    );
  });

  it('nothing of the address escapes the attribute', async () => {
    const hostile = '"><script src="/evil.js"></script><link rel="preload" href="/x';
    const html = await pageAt(
      open,
      `/seeds?metadata__name=${encodeURIComponent(hostile)}&metadata__value__startswith=%26amp%3B`,
    );
    expect(html).not.toContain('<script');
    const [seeds] = preloads(html);
    const asked = new URL(seeds ?? '', 'http://explorer.test').searchParams;
    expect(asked.get('metadata__name')).toBe(hostile);
    expect(asked.get('metadata__value__startswith')).toBe('&amp;');
  });

  it('none at an address that leads nowhere, nor for the page file itself', async () => {
    for (const address of ['/nowhere', '/seeds/12/more', '/index.html']) {
      expect(preloads(await pageAt(open, address)), address).toEqual([]);
    }
  });

  it('with --sign-in, none until someone is signed in, then theirs', async () => {
    expect(preloads(await pageAt(guarded, '/seeds'))).toEqual([]);
    expect(preloads(await pageAt(guarded, '/seeds', 'explorer-session=not-a-session'))).toEqual([]);
    const signedIn = await raw(guarded.url, '/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO_USERNAME, password: accounts.password }),
    });
    expect(signedIn.status, signedIn.body).toBe(204);
    const cookie = (signedIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    const named = preloads(await pageAt(guarded, '/seeds', cookie));
    expect(named).toHaveLength(3);
    for (const path of named) {
      expect((await raw(guarded.url, path, { headers: { Cookie: cookie } })).status).toBe(200);
    }
  });
});
