/**
 * The page at an address, as the server and the page's first requests read it without the router,
 * is the page the router shows there.
 */
import fc from 'fast-check';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PATTERNS, pageAt, type PageName } from '../../../src/addresses/pages';

/** The router's answer, as the route table asks it (src/app/routes.tsx): tabs below a collection. */
function routerPage(pathname: string): PageName | undefined {
  if (matchPath('/', pathname)) return 'overview';
  for (const [page, pattern] of Object.entries(PATTERNS) as [PageName, string][]) {
    const withTabs = page === 'collection' ? `${pattern}/*` : pattern;
    if (matchPath(withTabs, pathname)) return page;
  }
  return undefined;
}

describe('pageAt', () => {
  it('names the page and its id', () => {
    expect(pageAt('/')).toEqual({ page: 'overview' });
    expect(pageAt('/collections/12/seeds')).toEqual({ page: 'collection', id: '12' });
    expect(pageAt('/Seeds/')).toEqual({ page: 'seeds' });
    expect(pageAt('/seeds/12')).toBeUndefined();
    expect(pageAt('/collections/')).toEqual({ page: 'collections' });
  });

  it('agrees with the router on any address made of the pages’ words', () => {
    const word = fc.constantFrom(
      '',
      'seeds',
      'SEEDS',
      'collections',
      'Collections',
      '12',
      'seed-groups',
      'overview',
      'press',
      'activity',
      'metadata',
      'x',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 4 }), fc.boolean(), (words, slash) => {
        const pathname = `/${words.join('/')}${slash ? '/' : ''}`;
        expect(pageAt(pathname)?.page, pathname).toBe(routerPage(pathname));
      }),
      { numRuns: 2_000 },
    );
  });
});
