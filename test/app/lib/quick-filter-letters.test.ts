/**
 * The quick filter skips a row whose text lacks a letter of the query without reading the text
 * (by the letters kept beside each folded text): it keeps exactly the rows that a plain match of
 * every folded text keeps, whatever the texts and queries hold (accents, case, letters that fold
 * to others, digits, punctuation, text beyond ASCII), however the list grew and was prepared.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grownBy } from '../../../src/api/list-identity';
import { fold, prepareQuickFilter, quickFilter, wordMatcher } from '../../../src/lib/text-match';

interface Row {
  readonly id: number;
  readonly title: string;
}

const text = (row: Row) => row.title;

/** The rows a plain match keeps: every row's text folded and searched. */
function plain(rows: readonly Row[], query: string): number[] {
  const matches = wordMatcher(query);
  return rows.filter((row) => !matches || matches(fold(text(row)))).map((row) => row.id);
}

// Pieces of text: ASCII of each class, letters that fold (accents, case, ß, İ, ligatures), a
// combining mark on its own, letters of other scripts and a pair of surrogates.
const piece = fc.oneof(
  fc.constantFrom('a', 'q', 'z', 'Q', 'Z', 'É', 'é', 'e\u0301', 'ß', 'İ', 'ﬁ', 'Ø', 'Ω', 'ω'),
  fc.constantFrom('0', '3', '4', '7', '9', '.', '/', ':', '-', '_', '~', '@', ' ', '\t'),
  fc.constantFrom('\u0301', 'Ж', 'ж', '東', '😀', 'K', 'ǅ'),
  fc.string({ maxLength: 3 }),
  fc.string({ unit: 'binary', maxLength: 2 }),
);
const title = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));

describe('the quick filter’s letters', () => {
  it('keep exactly the rows a plain match keeps, query after query', () => {
    fc.assert(
      fc.property(
        fc.array(title, { maxLength: 40 }),
        fc.array(
          fc.oneof(
            title,
            fc.array(piece, { maxLength: 3 }).map((p) => p.join('')),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (titles, queries) => {
          const rows: Row[] = titles.map((title, id) => ({ id, title }));
          for (const query of queries) {
            expect(quickFilter(rows, query, text).map((row) => row.id)).toEqual(plain(rows, query));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keep them for a list that grew and was prepared in part, and for words cut from its texts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(title, { maxLength: 12 }), { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }),
        (pages, steps, cuts) => {
          let rows: Row[] = [];
          let id = 0;
          let budget = steps % 40;
          for (const page of pages) {
            rows = grownBy(
              rows,
              page.map((title) => ({ id: id++, title })),
            );
            // Some of the rows folded in the background before the next page or the query.
            prepareQuickFilter(rows, text, () => budget-- > 0);
          }
          for (const [which, start, length] of cuts) {
            const source = rows.length > 0 ? (rows[which % rows.length] as Row).title : '';
            const from = source.length > 0 ? start % source.length : 0;
            const query = source.slice(from, from + 1 + (length % 6));
            const ids = quickFilter(rows, query, text).map((row) => row.id);
            expect(ids).toEqual(plain(rows, query));
            // A word of printable ASCII cut from a text folds to a piece of that text's fold.
            if (/\S/.test(query) && !/[^ -~]/.test(query)) expect(ids.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tell apart a letter the text lacks from one it holds in another case or accent', () => {
    const rows: Row[] = [
      { id: 1, title: 'https://QUAY.example/Montréal' },
      { id: 2, title: 'https://example.org/2024' },
      { id: 3, title: 'Straße 17 – İstanbul' },
    ];
    const ids = (query: string) => quickFilter([...rows], query, text).map((row) => row.id);
    expect(ids('q')).toEqual([1]);
    expect(ids('MONTRE')).toEqual([1]);
    expect(ids('2024')).toEqual([2]);
    expect(ids('4')).toEqual([2]);
    expect(ids('8')).toEqual([]);
    expect(ids('straße istanbul')).toEqual([3]);
    expect(ids('–')).toEqual([3]);
    expect(ids('/')).toEqual([1, 2]);
    expect(ids('x')).toEqual([1, 2]);
  });
});
