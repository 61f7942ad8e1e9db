/**
 * A few rows of a long sorted list (the quick filter's rows while a sort is in force, far fewer
 * than the column's distinct values) are ordered by their ranks and places sorted as numbers
 * rather than by a counting sort over every rank: the order shown is still the collator's, both
 * ways, stable, with rows without a value last, whatever rows the subset holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../../../src/api/parse';
import type { Seed } from '../../../src/api/records';
import { blockRows } from '../../../src/api/row-block';
import { SortRanking } from '../../../src/components/data-table/ranking';
import { workerBlock } from '../worker-block';
import { referenceSort, type Cell } from './sort-reference';

const records = (urls: readonly (string | null)[], first: number) =>
  urls.map((url, k) => ({ id: first + k, url, collection: 1 }));

const source = { id: 'url', kind: 'text' as const, value: (s: Seed) => s.url, field: 'url' };

// A list of 1,000 addresses of one site, sorting neither by number nor by place, a few without
// one: over 900 distinct, so that the (at most 24) rows below are fewer than a 32nd of them.
const urls = Array.from({ length: 1_000 }, (_, k) =>
  k % 23 === 5 ? null : `https://site.org/${String((k * 7919) % 1000)}`,
);
const list = blockRows<'seed'>(workerBlock(records(urls, 1)));

describe('a few rows of a long sorted list', () => {
  it('show the same order as sorting them afresh, both ways', () => {
    const ranking = new SortRanking<Seed>();
    ranking.order(list, source, false);
    fc.assert(
      fc.property(
        fc.array(fc.nat(list.length - 1), { maxLength: 20 }),
        fc.array(fc.constantFrom('a', 'B', 'é', 'e', '1', '10', '/'), { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (picks, extra, desc, plainToo) => {
          // Rows picked more than once stand for rows of equal address (ties keep their order).
          const subset: Seed[] = picks.map((p) => list[p] as Seed);
          if (plainToo) {
            const others = [`https://site.org/${extra.join('')}`, null];
            subset.push(...blockRows<'seed'>(workerBlock(records(others, 5000))));
            subset.push(...parseRecords('seed', records(others, 6000)).records);
          }
          const shown = Array.from(ranking.order(subset, source, desc), (i) => subset[i] as Seed);
          const cells: Cell[] = subset.map((seed, n) => ({ n, v: seed.url }));
          expect(shown).toEqual(referenceSort(cells, 'text', desc).map((n) => subset[n]));
        },
      ),
      { numRuns: 200 },
    );
  });
});
