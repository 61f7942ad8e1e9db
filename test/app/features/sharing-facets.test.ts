/**
 * The shared and duplicate facets and filters in the facet engine against the rules written out:
 * over random seeds of a few collections and sites, each facet counts with every filter but its
 * own, and the rows matching are those every filter keeps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seed } from '../../../src/api/records';
import { facetIndex } from '../../../src/features/seeds/facet-index';
import { computeFacets } from '../../../src/features/seeds/facets';
import { seedFilterModel } from '../../../src/features/seeds/seed-filters';
import { sharingDims } from '../../../src/features/seeds/sharing-filters';
import { canonicalSite } from '../../../src/lib/canonical-url';
import {
  listSharingJob,
  SHARE_NO,
  SHARE_UNKNOWN,
  SHARE_YES,
  siteIndexJob,
} from '../../../src/lib/shared-seeds';
import { runJob } from '../../../src/scheduling';
import { makeSeed } from './seed-fixtures';

const URLS = [
  'https://a.org/',
  'http://www.a.org',
  'https://b.org/x',
  'https://B.org/x/',
  'bad url',
];

const seeds = fc
  .array(
    fc.record({
      url: fc.constantFrom(...URLS),
      collectionId: fc.constantFrom(1, 2, 3, null),
      active: fc.boolean(),
    }),
    { maxLength: 30 },
  )
  .map((specs) =>
    specs.map((spec) =>
      Object.assign(makeSeed({ active: spec.active }), {
        url: spec.url,
        canonicalUrl: spec.url,
        collectionId: spec.collectionId,
      }),
    ),
  );

const params = fc.record({
  shared: fc.subarray([true, false]),
  duplicate: fc.subarray<true>([true]),
  shared_with: fc.subarray([1, 2]),
  active: fc.subarray([true, false]),
});

function referenceOf(all: readonly Seed[]) {
  const site = (s: Seed) => canonicalSite(s.url);
  const others = (s: Seed) =>
    site(s) === null ? [] : all.filter((o) => o.id !== s.id && site(o) === site(s));
  return {
    shared: (s: Seed) =>
      s.collectionId === null
        ? SHARE_UNKNOWN
        : others(s).some((o) => o.collectionId !== null && o.collectionId !== s.collectionId)
          ? SHARE_YES
          : SHARE_NO,
    duplicate: (s: Seed) =>
      s.collectionId !== null && others(s).some((o) => o.collectionId === s.collectionId)
        ? SHARE_YES
        : SHARE_NO,
    sharedWith: (s: Seed, ids: readonly number[]) =>
      others(s).some(
        (o) => o.collectionId !== s.collectionId && ids.includes(o.collectionId ?? -1),
      ),
  };
}

describe('the shared and duplicate facets', () => {
  it('count and filter as the rules say, each facet without its own filter', () => {
    fc.assert(
      fc.property(seeds, params, (rows, values) => {
        const model = seedFilterModel(values);
        const sites = runJob(siteIndexJob(rows));
        const sharing = runJob(listSharingJob(rows, sites));
        const result = computeFacets(facetIndex(rows), model, {
          extra: sharingDims(model.sharing, sharing),
        });
        const ref = referenceOf(rows);
        const tests = {
          shared: (s: Seed) =>
            values.shared.length === 0 ||
            values.shared.some((yes) => ref.shared(s) === (yes ? SHARE_YES : SHARE_NO)),
          duplicate: (s: Seed) => values.duplicate.length === 0 || ref.duplicate(s) === SHARE_YES,
          with: (s: Seed) =>
            values.shared_with.length === 0 || ref.sharedWith(s, values.shared_with),
          active: (s: Seed) =>
            values.active.length === 0 || values.active.includes(s.active === true),
        };
        const keep = (except?: keyof typeof tests) =>
          rows.filter((s) =>
            Object.entries(tests).every(([key, test]) => key === except || test(s)),
          );
        expect(result.rows.map((s) => s.id)).toEqual(keep().map((s) => s.id));
        const sharedBase = keep('shared');
        expect(result.extra[0]?.total).toBe(sharedBase.length);
        for (const k of [SHARE_NO, SHARE_YES, SHARE_UNKNOWN]) {
          expect(result.extra[0]?.counts[k]).toBe(
            sharedBase.filter((s) => ref.shared(s) === k).length,
          );
        }
        const duplicateBase = keep('duplicate');
        expect(result.extra[1]?.counts[SHARE_YES]).toBe(
          duplicateBase.filter((s) => ref.duplicate(s) === SHARE_YES).length,
        );
        const activeBase = keep('active');
        expect(result.active.values.find((v) => v.value)?.count).toBe(
          activeBase.filter((s) => s.active === true).length,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('keeps no seed while what the account says is not known', () => {
    const rows = [makeSeed(), makeSeed()];
    const model = seedFilterModel({ shared: [false] });
    const result = computeFacets(facetIndex(rows), model, {
      extra: sharingDims(model.sharing, null),
    });
    expect(result.rows).toEqual([]);
    expect(result.extra[0]?.counts[SHARE_UNKNOWN]).toBe(2);
  });
});
