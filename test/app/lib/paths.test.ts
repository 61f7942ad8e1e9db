import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { nearestPage } from '../../../src/lib/nearest-page';
import { PATTERNS } from '../../../src/addresses/pages';
import { COLLECTION_TABS, collectionLanding, paths } from '../../../src/lib/paths';

describe('paths', () => {
  it('builds each page’s address, leaving out what is not set', () => {
    expect(paths.collections()).toBe('/collections');
    expect(paths.collections({ state: 'ACTIVE', q: '', sort: undefined })).toBe(
      '/collections?state=ACTIVE',
    );
    expect(paths.collection(12)).toBe('/collections/12/overview');
    expect(paths.collection(12, 'seeds', { seed_group: 4 })).toBe(
      '/collections/12/seeds?seed_group=4',
    );
    expect(paths.collection(12, 'metadata')).toBe('/collections/12/metadata');
    expect(paths.collection(12, 'seedGroups', { q: 'fix' })).toBe(
      '/collections/12/seed-groups?q=fix',
    );
    expect(paths.seedGroups()).toBe('/seed-groups');
    expect(paths.press()).toBe('/press');
  });

  it('repeats a parameter for each value of a list, and encodes what it must', () => {
    const address = paths.seeds({ where: ['Language:English', 'Language:fr & co'], collection: 7 });
    const search = new URLSearchParams(address.split('?')[1]);
    expect(search.getAll('where')).toEqual(['Language:English', 'Language:fr & co']);
    expect(search.get('collection')).toBe('7');
  });

  it('opens a list of seeds across the catalogue or on one collection’s Seeds tab alike', () => {
    expect(paths.seedList(undefined, { seed_group: 4 })).toBe('/seeds?seed_group=4');
    expect(paths.seedList(12, { seed_group: [4, 'none'] })).toBe(
      '/collections/12/seeds?seed_group=4&seed_group=none',
    );
    // Collection 0 is a collection, not "no collection".
    expect(paths.seedList(0)).toBe('/collections/0/seeds');
    expect(paths.seedList(undefined)).toBe('/seeds');
  });

  it('gives addresses the route patterns match', () => {
    expect(matchPath(`${PATTERNS.collection}/*`, paths.collection(5))?.params.id).toBe('5');
    for (const tab of Object.keys(COLLECTION_TABS) as (keyof typeof COLLECTION_TABS)[]) {
      expect(matchPath(`${PATTERNS.collection}/*`, paths.collection(5, tab))).not.toBeNull();
    }
  });
});

describe('a collection’s own address', () => {
  it('opens the Overview, or the Seeds tab for a link that carries a seed filter', () => {
    expect(collectionLanding(new URLSearchParams(''))).toBe('overview');
    expect(collectionLanding(new URLSearchParams('seed_group=4'))).toBe('seeds');
  });
});

describe('the nearest page to an address that leads nowhere', () => {
  it.each([
    ['/collections/12/seedz', '/collections/12/seeds'],
    ['/collections/12/Metadata', '/collections/12/metadata'],
    ['/collections/12/seeds/99', '/collections/12/seeds'],
    ['/collections/12/anything', '/collections/12'],
    ['/collection/12', '/collections/12'],
    ['/colections', '/collections'],
    ['/seed', '/seeds'],
    ['/seedgroups', '/seed-groups'],
    ['/seeds/1234', '/seeds'],
    ['/overveiw', '/overview'],
    ['/%E2%80%AEpress', '/press'],
    ['/nothing-like-it', null],
    ['/%zz', null],
  ])('%s → %s', (address, nearest) => {
    expect(nearestPage(address)).toBe(nearest);
  });

  it('keeps to a few parts, however long the address', () => {
    expect(nearestPage(`/seeds/${'x/'.repeat(10_000)}`)).toBe('/seeds');
  });
});
