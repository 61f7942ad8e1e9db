/**
 * An account whose sites are mostly its seeds' own (as at a million seeds): the sharing figures of
 * each seed and each collection say what the rules say, for seeds alone on their site, seeds whose
 * id the service repeats on their site (in their collection or another), and seeds of no known
 * collection, in the account's own list, a growing list, and another list of the same seeds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collectionSharingJob,
  listSharingJob,
  SHARE_NO,
  SHARE_UNKNOWN,
  SHARE_YES,
  siteIndexJob,
} from '../../../src/lib/shared-seeds';
import { runJob } from '../../../src/scheduling';
import { reference, type S } from './sharing-reference';

/** Seeds on 60 sites for at most 40 seeds: most sites have one seed, some two or more. */
const loneSites = fc.array(
  fc.record({
    id: fc.integer({ min: 1, max: 60 }),
    collectionId: fc.constantFrom(1, 2, 3, null),
    url: fc.oneof(
      fc.integer({ min: 0, max: 59 }).map((n) => `https://site${String(n)}.org/`),
      fc.constant(null),
    ),
    canonicalUrl: fc.constant(null),
  }),
  { maxLength: 40 },
);

const code = (shared: boolean | null) =>
  shared === null ? SHARE_UNKNOWN : shared ? SHARE_YES : SHARE_NO;

describe('sharing where most sites have one seed', () => {
  it('says of each seed of a list what the rules say', () => {
    fc.assert(
      fc.property(loneSites, fc.nat(40), (rows, cut) => {
        // The index of a list still loading (its first rows) and of the whole list.
        for (const indexed of [rows.slice(0, cut), rows]) {
          const index = runJob(siteIndexJob(indexed));
          for (const list of [indexed, [...rows].reverse()]) {
            const sharing = runJob(listSharingJob(list, index));
            list.forEach((seed: S, i) => {
              const want = reference(indexed, seed);
              expect(sharing.shared[i]).toBe(code(want.shared));
              expect(sharing.duplicate[i]).toBe(want.duplicates > 0 ? SHARE_YES : SHARE_NO);
              expect(sharing.collectionsOf[i]).toEqual(want.collections);
            });
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts each collection’s shared seeds and duplicates as the rules do', () => {
    fc.assert(
      fc.property(loneSites, (rows) => {
        const figures = runJob(collectionSharingJob(runJob(siteIndexJob(rows))));
        for (const c of [1, 2, 3]) {
          const want = rows.filter((s) => s.collectionId === c).map((s) => reference(rows, s));
          const got = figures.get(c);
          expect(got?.seeds ?? 0).toBe(want.length);
          expect(got?.shared ?? 0).toBe(want.filter((w) => w.shared === true).length);
          expect(got?.duplicates ?? 0).toBe(want.filter((w) => w.duplicates > 0).length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
