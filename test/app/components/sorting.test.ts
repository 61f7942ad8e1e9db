import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortKind, SortValue } from '../../../src/components/data-table';
import { SortRanking, sortRows } from '../../../src/components/data-table/ranking';
import { referenceSort, type Cell } from './sort-reference';

const numbered = (values: readonly SortValue[]): Cell[] => values.map((v, n) => ({ n, v }));

// A small alphabet makes ties, case and accent variants and digit runs likely.
const word = fc
  .array(
    fc.constantFrom(
      'a',
      'A',
      'á',
      'b',
      'B',
      'z',
      'é',
      'e',
      '1',
      '2',
      '10',
      ' ',
      '-',
      'ß',
      'ss',
      'Ø',
    ),
    {
      maxLength: 5,
    },
  )
  .map((parts) => parts.join(''));

describe('sortRows', () => {
  it('sorts text like a stable collator sort with no-value rows last, both ways', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(word, { nil: null }), { maxLength: 300 }),
        fc.boolean(),
        (values, desc) => {
          const rows = numbered(values);
          // A fresh value function per run, so no ranks are shared between runs.
          const value = (c: Cell) => c.v;
          const sorted = sortRows(rows, { id: 't', kind: 'text', value }, desc).map((c) => c.n);
          expect(sorted).toEqual(referenceSort(rows, 'text', desc));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts numbers and dates numerically with NaN and null last, both ways', () => {
    const number = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.double({ noNaN: false }),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.array(number, { maxLength: 300 }),
        fc.boolean(),
        fc.constantFrom<SortKind>('number', 'date'),
        (values, desc, kind) => {
          const rows = numbered(values);
          const value = (c: Cell) => c.v;
          const sorted = sortRows(rows, { id: 'n', kind, value }, desc).map((c) => c.n);
          expect(sorted).toEqual(referenceSort(rows, kind, desc));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stays right when the rows change under the same column (subsets, new values)', () => {
    const value = (c: Cell) => c.v;
    const source = { id: 't', kind: 'text' as const, value };
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.option(word, { nil: null }), { maxLength: 120 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.boolean(),
        (batches, desc) => {
          // Successive rows arrays for one column: ranks learnt from one are reused by the next.
          for (const values of batches) {
            const rows = numbered(values);
            const sorted = sortRows(rows, source, desc).map((c) => c.n);
            expect(sorted).toEqual(referenceSort(rows, 'text', desc));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('orders the same when its keys were prepared ahead, however far that got', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.option(word, { nil: null }), { maxLength: 200 }),
          fc.array(fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }), { maxLength: 200 }),
        ),
        fc.nat(40),
        fc.boolean(),
        (values, steps, descFirst) => {
          const rows = numbered(values);
          const kind = typeof values.find((v) => v !== null) === 'number' ? 'number' : 'text';
          const source = { id: 'v', kind, value: (c: Cell) => c.v } as const;
          const ranking = new SortRanking<Cell>();
          // The keys prepared in the background, stopped after some steps (or finished), then
          // the header clicked, both ways.
          const preparing = ranking.rank(rows, source);
          for (let k = 0; k < steps && !preparing.next().done; k++);
          for (const desc of [descFirst, !descFirst]) {
            const shown = Array.from(ranking.order(rows, source, desc), (i) => rows[i]?.n);
            expect(shown).toEqual(referenceSort(rows, kind, desc));
          }
          // The preparation carried on afterwards changes nothing.
          while (!preparing.next().done);
          const again = Array.from(ranking.order(rows, source, false), (i) => rows[i]?.n);
          expect(again).toEqual(referenceSort(rows, kind, false));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts many distinct texts (the merge path) like the collator', () => {
    const rows = numbered(
      Array.from({ length: 5000 }, (_, i) =>
        i % 13 === 0 ? null : `Item ${(i * 7919) % 5003} ${i % 3 === 0 ? 'Ärger' : 'arger'}`,
      ),
    );
    const value = (c: Cell) => c.v;
    for (const desc of [false, true]) {
      expect(sortRows(rows, { id: 'x', kind: 'text', value }, desc).map((c) => c.n)).toEqual(
        referenceSort(rows, 'text', desc),
      );
    }
  });

  it('parses ISO timestamps in date columns', () => {
    const rows = numbered([
      '2021-05-01T00:00:00Z',
      null,
      '2019-01-01T10:00:00.123456Z',
      'not a date',
    ]);
    const sorted = sortRows(rows, { id: 'd', kind: 'date', value: (c) => c.v }, false);
    expect(sorted.map((c) => c.n)).toEqual([2, 0, 1, 3]);
  });
});
