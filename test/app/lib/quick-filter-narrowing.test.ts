/**
 * The quick filter typed key by key (each query narrowing the rows of the last, when it can) keeps
 * the same rows as the same query typed at once, whatever is typed, deleted or spaced between.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickFilter } from '../../../src/lib/text-match';

interface Row {
  readonly id: number;
  readonly title: string;
}

const text = (row: Row) => row.title;
const letters = fc.constantFrom('a', 'b', 'É', 'e', ' ', 'ab');

describe('the quick filter typed key by key', () => {
  it('keeps what the query typed at once keeps, in the rows’ order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(letters, { maxLength: 8 }), { maxLength: 60 }),
        fc.array(fc.oneof(letters, fc.constant('⌫')), { maxLength: 12 }),
        (titles, keys) => {
          const rows: Row[] = titles.map((parts, id) => ({ id, title: parts.join('') }));
          let query = '';
          for (const key of keys) {
            query = key === '⌫' ? query.slice(0, -1) : query + key;
            const typed = quickFilter(rows, query, text).map((r) => r.id);
            // A fresh array of the same rows has no earlier query to narrow.
            const atOnce = quickFilter([...rows], query, text).map((r) => r.id);
            expect(typed).toEqual(atOnce);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds rows by a longer query after a shorter one, and loses none on a shorter one again', () => {
    const rows: Row[] = [
      { id: 1, title: 'Montréal news' },
      { id: 2, title: 'Monterey' },
      { id: 3, title: 'Salem' },
    ];
    const ids = (query: string) => quickFilter(rows, query, text).map((r) => r.id);
    expect(ids('mon')).toEqual([1, 2]);
    expect(ids('montre')).toEqual([1]);
    expect(ids('montre n')).toEqual([1]);
    expect(ids('mon')).toEqual([1, 2]);
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('e')).toEqual([1, 2, 3]);
  });
});
