/**
 * With --preload-first-pages, the page the server sends names the first pages of the lists it reads (src/addresses/
 * first-lists.ts), and Chromium asks for them as it reads the page's head: the page's own code
 * then takes those answers instead of asking again, so each list's first page is asked for once,
 * by the page's markup, before any script runs, and the rows show as they always did.
 */
import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faultServerAndBrowser } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 3_000, preloadFirstPages: true });
const watch = watchedPages(() => setup.browser);

interface Asked {
  readonly path: string;
  /** Who asked: `parser` for the page's markup, `script` for its code. */
  readonly by: string;
}

/** Every API request the page sends, from the moment it starts loading. */
async function apiRequests(cdp: CDPSession): Promise<Asked[]> {
  const asked: Asked[] = [];
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (url.pathname.startsWith('/api/')) {
      asked.push({ path: url.pathname + url.search, by: event.initiator.type });
    }
  });
  return asked;
}

describe('a page’s first requests', () => {
  const firstCollection = () => String(setup.server.catalogue.collections[0]?.id);
  const addresses: [string, () => string, string][] = [
    [
      'a filtered seed list',
      () => '/seeds?metadata__name=Subject&metadata__value__startswith=A',
      'Seeds',
    ],
    ['a collection’s seeds', () => `/collections/${firstCollection()}/seeds`, 'Seeds'],
    ['the active collections', () => '/collections?state=ACTIVE', 'Collections'],
  ];
  for (const [what, address, grid] of addresses) {
    it(`${what}: asked for once each, by the page’s markup, and its rows show`, async () => {
      const page = await watch('about:blank');
      const asked = await apiRequests(await page.context().newCDPSession(page));
      await page.goto(setup.server.url + address());
      const rows = page.getByRole('grid', { name: grid }).getByRole('row');
      await rows.nth(1).waitFor();
      await page.waitForLoadState('networkidle');

      const named = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map(
          (link) => new URL(link.href).pathname + new URL(link.href).search,
        ),
      );
      expect(named.length).toBeGreaterThan(1);
      for (const path of named) {
        expect(
          asked.filter((a) => a.path === path),
          path,
        ).toEqual([{ path, by: 'parser' }]);
      }
      // Every first page the page's code read was one its markup had asked for.
      const firstPages = asked.filter(
        (a) => new URL(a.path, 'http://x').searchParams.get('offset') === '0',
      );
      expect(firstPages.filter((a) => a.by !== 'parser')).toEqual([]);
      // Nothing the page asked for twice: its code took every preloaded answer.
      const paths = asked.map((a) => a.path);
      expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
    });
  }
});
