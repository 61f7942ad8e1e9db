/**
 * The index of the account's seeds by site against the plainest reading of the rules, over random
 * seeds: few sites, some collections unknown, ids repeated. Also: a list that grows is indexed
 * only for its new rows and answers as a fresh index would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grownBy } from '../../../src/api/list-identity';
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
import { reference, seedsArbitrary } from './sharing-reference';

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
