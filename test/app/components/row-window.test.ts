/**
 * The row window's arithmetic: which rows a scroll position shows (under a sticky header, with
 * overscan, at both ends and past them), where the row holding focus is kept, and how far a
 * keyboard move scrolls to bring a row into view. The grid's own tests (data-table.test.tsx)
 * prove the same rows reach the screen.
 */
import { describe, expect, it } from 'vitest';
import { itemsOf, rangeOf, scrollTopToShow } from '../../../src/components/data-table/row-window';

// Rows of 30 px under a header of 40 px, in a view 300 px high: 8⅔ rows fit under the header.
const table = { count: 1_000, rowHeight: 30, overscan: 2, offset: 40, pinned: -1 };
const HEIGHT = 300;
/** The furthest the view scrolls: the header and every row, less the view. */
const END = 40 + 1_000 * 30 - HEIGHT;

describe('the rows in view', () => {
  it.each<[what: string, top: number, first: number, from: number, to: number]>([
    // At the top the header covers 40 px: rows 0 to 8 show (row 8 in part), 2 more each side.
    ['at the top', 0, 0, 0, 10],
    ['the header scrolled away', 40, 0, 0, 11],
    ['part of row 0 under the header', 45, 0, 0, 12],
    ['row 1 first', 70, 1, 0, 12],
    ['far down', 40 + 500 * 30, 500, 498, 511],
    ['at the end: the last row is the last rendered', END, 990, 988, 999],
    ['past the end (the list has shrunk)', 100_000, 999, 997, 999],
  ])('%s (scrollTop %i): first %i, rows %i to %i', (_what, top, first, from, to) => {
    expect(rangeOf({ top, height: HEIGHT }, table)).toEqual({ first, from, to });
  });

  it('renders every row of a list shorter than the view, and none of an empty one', () => {
    expect(rangeOf({ top: 0, height: HEIGHT }, { ...table, count: 5 })).toEqual({
      first: 0,
      from: 0,
      to: 4,
    });
    const empty = rangeOf({ top: 0, height: HEIGHT }, { ...table, count: 0 });
    expect(itemsOf(empty, { ...table, count: 0 })).toEqual([]);
  });

  it('renders the first rows in a view not yet measured (no height)', () => {
    expect(rangeOf({ top: 0, height: 0 }, table)).toEqual({ first: 0, from: 0, to: 2 });
  });
});

describe('the rows rendered', () => {
  const range = { from: 10, to: 12 };
  const indexes = (pinned: number) => itemsOf(range, { ...table, pinned }).map((i) => i.index);

  it('places each row below the header, one row height apart', () => {
    expect(itemsOf(range, table)).toEqual([
      { index: 10, start: 340 },
      { index: 11, start: 370 },
      { index: 12, start: 400 },
    ]);
  });

  it('keeps the row holding focus rendered wherever it is, in order, and only once', () => {
    expect(indexes(500)).toEqual([10, 11, 12, 500]);
    expect(indexes(2)).toEqual([2, 10, 11, 12]);
    expect(indexes(11)).toEqual([10, 11, 12]);
    expect(itemsOf(range, { ...table, pinned: 500 }).at(-1)).toEqual({ index: 500, start: 15_040 });
  });

  it('forgets a focused row the list no longer has', () => {
    expect(indexes(1_000)).toEqual([10, 11, 12]);
    expect(indexes(-1)).toEqual([10, 11, 12]);
  });
});

describe('scrolling a row into view', () => {
  it.each<[what: string, index: number, top: number, expected: number]>([
    ['a row in view stays where it is', 5, 0, 0],
    ['a row below the view is brought up to its bottom edge', 20, 0, 40 + 21 * 30 - HEIGHT],
    ['a row above the view is brought down to just below the header', 3, 600, 3 * 30],
    ['a row half under the header is brought fully below it', 10, 40 + 10 * 30 + 15, 300],
    ['a row partly below the view is brought fully into it', 10, 45, 40 + 11 * 30 - HEIGHT],
    ['the first row goes back to the top', 0, 9_000, 0],
    ['the last row goes to the end', 999, 0, END],
  ])('%s (row %i from scrollTop %i → %i)', (_what, index, top, expected) => {
    expect(scrollTopToShow(index, { top, height: HEIGHT }, table)).toBe(expected);
  });
});
