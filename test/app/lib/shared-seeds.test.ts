/**
 * The index of the account's seeds by site against the plainest reading of the rules, over random
 * seeds: few sites, some collections unknown, ids repeated. Also: a list that grows is indexed
 * only for its new rows and answers as a fresh index would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grownBy } from '../../../src/api/list-identity';
import { canonicalSite } from '../../../src/lib/canonical-url';
import {
  collectionSharingJob,
  listSharingJob,
  SHARE_NO,
  SHARE_UNKNOWN,
  SHARE_YES,
  sharingOf,
  siteIndexJob,
} from '../../../src/lib/shared-seeds';
import { runJob } from '../../../src/scheduling';

interface S {
  id: number;
  collectionId: number | null;
  url: string | null;
  canonicalUrl: string | null;
}

const URLS = [
  'https://www.example.org/',
  'http://example.org',
  'https://EXAMPLE.org/a/',
  'https://example.org/a',
  'https://example.org/A',
  'not a url',
  null,
  'https://other.net/x?y=1#z',
  'http://other.net/x/?y=1',
];

const seedsArbitrary = fc.array(
  fc.record({
    id: fc.integer({ min: 1, max: 40 }),
    collectionId: fc.constantFrom(1, 2, 3, null),
    url: fc.constantFrom(...URLS),
    canonicalUrl: fc.constantFrom(...URLS),
  }),
  { maxLength: 40 },
);

/** The rules, written out. */
function reference(all: readonly S[], seed: S) {
  const site = canonicalSite(seed.url) ?? canonicalSite(seed.canonicalUrl);
  const same =
    site === null
      ? []
      : all.filter(
          (o) =>
            o.id !== seed.id && (canonicalSite(o.url) ?? canonicalSite(o.canonicalUrl)) === site,
        );
  const collections = [
    ...new Set(
      same.map((o) => o.collectionId).filter((c) => c !== null && c !== seed.collectionId),
    ),
  ].sort((a, b) => (a ?? 0) - (b ?? 0));
  const duplicates =
    seed.collectionId === null
      ? 0
      : new Set(same.filter((o) => o.collectionId === seed.collectionId).map((o) => o.id)).size;
  return {
    site,
    collections,
    seeds: same.map((o) => o.id),
    duplicates,
    shared: seed.collectionId === null ? null : collections.length > 0,
  };
}

describe('the index of seeds by site', () => {
  it('says of every seed what the rules say', () => {
    fc.assert(
      fc.property(seedsArbitrary, seedsArbitrary, (rows, others) => {
        const index = runJob(siteIndexJob(rows));
        for (const seed of [...rows, ...others]) {
          const got = sharingOf(index, seed);
          expect({ ...got, seeds: got.seeds.map((o) => o.id) }).toEqual(reference(rows, seed));
        }
        const list = runJob(listSharingJob(others, index));
        others.forEach((seed, i) => {
          const want = reference(rows, seed);
          expect(list.shared[i]).toBe(
            want.shared === null ? SHARE_UNKNOWN : want.shared ? SHARE_YES : SHARE_NO,
          );
          expect(list.duplicate[i]).toBe(want.duplicates > 0 ? SHARE_YES : SHARE_NO);
          expect(list.otherCollections[i]).toBe(want.collections.length);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('counts each collection’s shared seeds, duplicates and partners as the rules do', () => {
    fc.assert(
      fc.property(seedsArbitrary, (rows) => {
        const figures = runJob(collectionSharingJob(runJob(siteIndexJob(rows))));
        for (const c of [1, 2, 3]) {
          const mine = rows.filter((s) => s.collectionId === c);
          const want = mine.map((s) => reference(rows, s));
          const got = figures.get(c);
          if (mine.length === 0) {
            expect(got).toBeUndefined();
            continue;
          }
          expect(got?.seeds).toBe(mine.length);
          expect(got?.shared).toBe(want.filter((w) => w.shared === true).length);
          expect(got?.duplicates).toBe(want.filter((w) => w.duplicates > 0).length);
          for (const partner of got?.partners ?? []) {
            expect(partner.seeds).toBe(
              want.filter((w) => w.collections.includes(partner.collection)).length,
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('takes a growing list up where it stopped, with the answers of a fresh index', () => {
    fc.assert(
      fc.property(seedsArbitrary, seedsArbitrary, (first, more) => {
        const rows = [...first];
        const grown = grownBy(rows, more);
        const before = runJob(siteIndexJob(rows));
        const after = runJob(siteIndexJob(grown));
        expect(after).toBe(before);
        expect(after.length).toBe(grown.length);
        const fresh = runJob(siteIndexJob([...grown]));
        for (const seed of grown) {
          expect(sharingOf(after, seed)).toEqual(sharingOf(fresh, seed));
        }
      }),
      { numRuns: 200 },
    );
  });
});
