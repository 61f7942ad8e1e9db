/**
 * The sharing of the account's own list (/seeds), where each row takes its site from the index
 * instead of reading its address again, against the rules written out: for the index's own rows,
 * for another array of the same seeds, and for the same seeds in another order (read afresh).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  listSharingJob,
  SHARE_NO,
  SHARE_UNKNOWN,
  SHARE_YES,
  siteIndexJob,
} from '../../../src/lib/shared-seeds';
import { runJob } from '../../../src/scheduling';
import { reference, seedsArbitrary } from './sharing-reference';

describe('the sharing of the account’s own list', () => {
  it('says of every row what the rules say, whichever array holds the seeds', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 0, max: 40 }), (rows, turn) => {
        const index = runJob(siteIndexJob(rows));
        const turned = [
          ...rows.slice(turn % (rows.length || 1)),
          ...rows.slice(0, turn % (rows.length || 1)),
        ];
        for (const list of [rows, [...rows], turned]) {
          const sharing = runJob(listSharingJob(list, index));
          expect(sharing.length).toBe(list.length);
          list.forEach((seed, i) => {
            const want = reference(rows, seed);
            expect(sharing.shared[i]).toBe(
              want.shared === null ? SHARE_UNKNOWN : want.shared ? SHARE_YES : SHARE_NO,
            );
            expect(sharing.duplicate[i]).toBe(want.duplicates > 0 ? SHARE_YES : SHARE_NO);
            expect(sharing.collectionsOf[i]).toEqual(want.collections);
            expect(sharing.countById.get(seed.id)).toBeDefined();
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
