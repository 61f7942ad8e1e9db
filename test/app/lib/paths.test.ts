import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { COLLECTION_TABS, PATTERNS, paths } from '../../../src/lib/paths';

describe('paths', () => {
  it('builds each page’s address, leaving out what is not set', () => {
    expect(paths.collections()).toBe('/collections');
    expect(paths.collections({ state: 'ACTIVE', q: '', sort: undefined })).toBe(
      '/collections?state=ACTIVE',
    );
    expect(paths.collection(12)).toBe('/collections/12');
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

  it('gives addresses the route patterns match', () => {
    expect(matchPath(PATTERNS.collection, paths.collection(5))?.params.id).toBe('5');
    for (const tab of Object.keys(COLLECTION_TABS) as (keyof typeof COLLECTION_TABS)[]) {
      expect(matchPath(`${PATTERNS.collection}/*`, paths.collection(5, tab))).not.toBeNull();
    }
  });
});
