/**
 * A column holding values of up to a mebibyte (a record's description, kept cut at that length)
 * sorts by the first 8,192 characters of each: as a person reads them, and without a pass over
 * the whole value in one step. Values alike that far keep their incoming order, both ways.
 */
import { describe, expect, it } from 'vitest';
import { SORT_TEXT_CHARS, sortRows } from '../../../src/components/data-table/ranking';

const MEBIBYTE = 1_048_576;

interface Row {
  readonly name: string;
  readonly text: string;
}

const source = { id: 'text', kind: 'text' as const, value: (row: Row) => row.text };
const names = (rows: readonly Row[]) => rows.map((r) => r.name);

describe('sorting values of a mebibyte', () => {
  const long = (start: string, end: string) =>
    start + 'x'.repeat(MEBIBYTE - start.length - end.length) + end;
  const rows: Row[] = [
    { name: 'mango, long', text: long('mango', 'a') },
    { name: 'cherry', text: 'cherry' },
    { name: 'apricot, long', text: long('Apricot', 'z') },
    { name: 'banana', text: 'banana' },
    { name: 'apple, long', text: long('apple', 'a') },
  ];

  it('orders them by their beginnings among short values', () => {
    expect(names(sortRows(rows, source, false))).toEqual([
      'apple, long',
      'apricot, long',
      'banana',
      'cherry',
      'mango, long',
    ]);
    expect(names(sortRows(rows, source, true))).toEqual([
      'mango, long',
      'cherry',
      'banana',
      'apricot, long',
      'apple, long',
    ]);
  });

  it('reads only their first 8,192 characters: alike that far, they keep their order', () => {
    const alike = (name: string, at: number) => ({
      name,
      text: `${'a'.repeat(at)}${name}`.padEnd(MEBIBYTE, 'q'),
    });
    const tied = [alike('second', SORT_TEXT_CHARS), alike('first', SORT_TEXT_CHARS)];
    expect(names(sortRows(tied, source, false))).toEqual(['second', 'first']);
    expect(names(sortRows(tied, source, true))).toEqual(['second', 'first']);
    // A difference within the first 8,192 characters still orders them.
    const apart = [alike('second', SORT_TEXT_CHARS - 6), alike('first', SORT_TEXT_CHARS - 6)];
    expect(names(sortRows(apart, source, false))).toEqual(['first', 'second']);
  });
});
