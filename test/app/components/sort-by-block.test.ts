/**
 * Sorting a column of distinct values (each row to its rank's place), and a subset of a sorted
 * list (the quick filter's rows while a sort is in force) from the ranks kept by block: the order
 * shown is the collator's, both ways, whatever rows the subset holds (rows of the list, rows of
 * another list with texts the list never had, rows read from records rather than blocks).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../../../src/api/parse';
import type { Seed } from '../../../src/api/records';
import { blockRows } from '../../../src/api/row-block';
import { SortRanking, sortRows, type SortSource } from '../../../src/components/data-table/ranking';
import { runJob } from '../../../src/scheduling';
import { workerBlock } from '../worker-block';
import { referenceSort, type Cell } from './sort-reference';

describe('a column of distinct values', () => {
  it('sorts like a stable collator sort, rows without a value last, both ways', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ maxLength: 6 }), { maxLength: 200 }),
        fc.array(fc.nat(200), { maxLength: 20 }),
        fc.boolean(),
        (texts, blanks, desc) => {
          // Distinct texts (the collator may still find two equal: "a" and "A"), with rows without
          // a value put among them.
          const values: (string | null)[] = [...texts];
          for (const at of blanks) values.splice(Math.min(at, values.length), 0, null);
          const rows: Cell[] = values.map((v, n) => ({ n, v }));
          const value = (c: Cell) => c.v;
          const sorted = sortRows(rows, { id: 't', kind: 'text', value }, desc).map((c) => c.n);
          expect(sorted).toEqual(referenceSort(rows, 'text', desc));
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Raw seed records with these addresses (null: a seed without one), ids from `first`. */
const records = (urls: readonly (string | null)[], first: number) =>
  urls.map((url, k) => ({ id: first + k, url, collection: 1 }));

const address = fc
  .array(fc.constantFrom('a', 'B', 'é', 'e', '1', '10', '/', '.'), { minLength: 1, maxLength: 4 })
  .map((parts) => `https://${parts.join('')}.org`);

const urlOf = (seed: Seed) => seed.url;

/** The URL column as sorting reads it, with a count of the addresses it has read. */
function countedUrls() {
  const counted = {
    reads: 0,
    source: {
      id: 'url',
      kind: 'text' as const,
      value: (seed: Seed) => {
        counted.reads++;
        return seed.url;
      },
      field: 'url',
    },
  };
  return counted;
}

/** Holds the order `ranking` gives `rows` by URL to a stable collator sort's. */
function expectCollatorOrder(
  ranking: SortRanking<Seed>,
  rows: readonly Seed[],
  source: SortSource<Seed>,
  desc: boolean,
) {
  const shown = Array.from(ranking.order(rows, source, desc), (i) => (rows[i] as Seed).id);
  const cells: Cell[] = rows.map((seed, n) => ({ n, v: seed.url }));
  expect(shown).toEqual(referenceSort(cells, 'text', desc).map((n) => (rows[n] as Seed).id));
}

describe('a subset of a sorted list', () => {
  it('shows the same order as sorting the subset afresh, both ways', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(address, { nil: null }), { minLength: 1, maxLength: 120 }),
        fc.array(fc.option(address, { nil: null }), { maxLength: 20 }),
        fc.array(fc.boolean(), { minLength: 140, maxLength: 140 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('clicked', 'prepared'),
        fc.constantFrom('in order', 'reversed', 'interleaved'),
        (urls, others, keep, desc, plainToo, how, arranged) => {
          // The list in two blocks, as the list workers give it, or its rows in another order
          // (each row a run of its block).
          const half = Math.floor(urls.length / 2);
          const first = blockRows<'seed'>(workerBlock(records(urls.slice(0, half), 1)));
          const second = blockRows<'seed'>(workerBlock(records(urls.slice(half), 1 + half)));
          let list = [...first, ...second];
          if (arranged === 'reversed') list.reverse();
          if (arranged === 'interleaved')
            list = list.map((_, k) => (k % 2 ? first : second)[k >> 1] ?? (list[k] as Seed));
          const source = { id: 'url', kind: 'text' as const, value: urlOf, field: 'url' };
          const ranking = new SortRanking<Seed>();
          // The whole list ranked first (the header clicked, or its keys prepared in the
          // background), then a subset: some of its rows, and maybe rows it does not have
          // (another list's block, plain records).
          if (how === 'clicked') ranking.order(list, source, false);
          else runJob(ranking.rank(list, source));
          const subset = list.filter((_, k) => keep[k]);
          if (plainToo) {
            subset.push(...blockRows<'seed'>(workerBlock(records(others, 1000))));
            subset.push(...parseRecords('seed', records(others, 2000)).records);
          }
          expectCollatorOrder(ranking, subset, source, desc);
          // The whole list's order is still its own (what the subset kept changed none of it).
          expectCollatorOrder(ranking, list, source, !desc);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(['sorted', 'ranked in the background'])(
    'reads no address of a row whose rank the list kept when %s',
    (how) => {
      const urls = Array.from(
        { length: 50 },
        (_, k) => `https://site${String(k % 37)}.org/${String(k)}`,
      );
      const list = blockRows<'seed'>(workerBlock(records(urls, 1)));
      const counted = countedUrls();
      const ranking = new SortRanking<Seed>();
      if (how === 'sorted') ranking.order(list, counted.source, false);
      else runJob(ranking.rank(list, counted.source));
      counted.reads = 0;
      const subset = list.filter((_, k) => k % 3 === 0);
      expectCollatorOrder(ranking, subset, counted.source, false);
      expect(counted.reads).toBe(0);
    },
  );

  it('reads each row of a growing list once, its new rows only, however few its values', () => {
    // Pages of a list loading while sorted by a column of few values: every page's texts are
    // known after the first, so the dictionary stays the same.
    const page = (first: number) =>
      blockRows<'seed'>(
        workerBlock(
          records(
            Array.from({ length: 40 }, (_, k) => `https://site${String(k % 3)}.org`),
            first,
          ),
        ),
      );
    const counted = countedUrls();
    const ranking = new SortRanking<Seed>();
    let list: Seed[] = [];
    for (let p = 0; p < 4; p++) {
      list = [...list, ...page(1 + 40 * p)];
      counted.reads = 0;
      expectCollatorOrder(ranking, list, counted.source, false);
      expect(counted.reads).toBe(40);
    }
  });
});
