/**
 * The row window's arithmetic: which rows a scroll position shows (under a sticky header, with
 * overscan, at both ends and past them), where the row holding focus is kept, and how far a
 * keyboard move scrolls to bring a row into view, in a list laid out whole and in one too tall for
 * a browser to lay out, taken in proportion. The grid's own tests (data-table.test.tsx) prove the
 * same rows reach the screen.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MOST_SCROLL_HEIGHT,
  contentTop,
  itemsOf,
  placed,
  rangeOf,
  scrollTopToReach,
  scrollTopToShow,
  type View,
} from '../../../src/components/data-table/row-window';

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

/** The rows a table draws at a scroll position, as the hook places them. */
function drawn(view: View, geometry: typeof table) {
  const { range, shift, content } = placed(view, geometry);
  const end = Math.min(content, MOST_SCROLL_HEIGHT);
  return { range, end, items: itemsOf(range, geometry, shift, end) };
}

/** The rows wholly in view between the header and the view's bottom, drawn at `view`. */
function wholly(view: View, geometry: typeof table): number[] {
  return drawn(view, geometry)
    .items.filter(
      (item) =>
        item.start >= view.top + geometry.offset &&
        item.start + geometry.rowHeight <= view.top + view.height,
    )
    .map((item) => item.index);
}

describe('a list too tall to lay out', () => {
  // A million rows of 36 px are 36 million px: more than Chromium lays out (33.5 million).
  const million = { count: 1_000_000, rowHeight: 36, overscan: 3, offset: 40, pinned: -1 };
  const view = (top: number): View => ({ top, height: 600 });
  const lastTop = MOST_SCROLL_HEIGHT - 600;

  it('is laid out at most MOST_SCROLL_HEIGHT tall, and a shorter one whole', () => {
    expect(drawn(view(0), million).end).toBe(MOST_SCROLL_HEIGHT);
    expect(drawn(view(0), table).end).toBe(40 + 1_000 * 30);
    expect(contentTop(12_345, HEIGHT, 40 + 1_000 * 30)).toBe(12_345);
  });

  it('shows its first rows at the top and its last rows at the end of the scroll', () => {
    expect(wholly(view(0), million).slice(0, 2)).toEqual([0, 1]);
    const end = wholly(view(lastTop), million);
    expect(end.at(-1)).toBe(999_999);
    // Every row drawn at the end sits inside the laid-out height.
    for (const item of drawn(view(lastTop), million).items)
      expect(item.start + 36).toBeLessThanOrEqual(MOST_SCROLL_HEIGHT);
  });

  it('keeps the row holding focus rendered inside the laid-out height, out of view', () => {
    const below = drawn(view(0), { ...million, pinned: 999_999 }).items.at(-1);
    expect(below?.index).toBe(999_999);
    expect(below?.start).toBeGreaterThan(600);
    expect((below?.start ?? 0) + 36).toBeLessThanOrEqual(MOST_SCROLL_HEIGHT);
    const above = drawn(view(lastTop), { ...million, pinned: 0 }).items[0];
    expect(above?.index).toBe(0);
    expect((above?.start ?? 0) + 36).toBeLessThanOrEqual(lastTop);
  });

  it('draws the rows in view one under another, in order, where they show', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 100, max: 2_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, height, at) => {
          const geometry = { ...million, count };
          const content = 40 + count * 36;
          const end = Math.min(content, MOST_SCROLL_HEIGHT);
          const top = Math.round(Math.max(0, end - height) * at);
          const { items, range } = drawn({ top, height }, geometry);
          // Contiguous, in order, none past the laid-out end, and the first in view among them.
          items.forEach((item, i) => {
            expect(item.start + 36).toBeLessThanOrEqual(end);
            if (i > 0) {
              expect(item.index).toBe((items[i - 1]?.index ?? 0) + 1);
              expect(item.start - (items[i - 1]?.start ?? 0)).toBeCloseTo(36, 6);
            }
          });
          if (count > 0) expect(items.map((i) => i.index)).toContain(range.first);
          // The view is covered: from under the header to its bottom, or to the last row.
          const covered = items.at(-1);
          if (covered && covered.index < count - 1)
            expect(covered.start + 36).toBeGreaterThanOrEqual(top + height);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('moves further down the list as the scroll moves down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 420_000, max: 5_000_000 }),
        fc.integer({ min: 0, max: lastTop - 1 }),
        (count, top) => {
          const content = 40 + count * 36;
          expect(contentTop(top + 1, 600, content)).toBeGreaterThan(contentTop(top, 600, content));
        },
      ),
    );
  });

  it('brings a row wholly into view from anywhere, and leaves one in view where it is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 200, max: 1_200 }),
        (count, row, at, height) => {
          const geometry = { ...million, count };
          const end = Math.min(40 + count * 36, MOST_SCROLL_HEIGHT);
          const index = Math.min(count - 1, Math.floor(row * count));
          const from = { top: Math.round(Math.max(0, end - height) * at), height };
          const set = scrollTopToReach(index, from, geometry);
          if (wholly(from, geometry).includes(index)) expect(set).toBe(from.top);
          // Where the browser keeps it: at the top or the end, or (Chromium, in a list taken in
          // proportion) up to 1 px from where it was set.
          const inside = set > 0 && set < end - height;
          const kept =
            set !== from.top && inside && end < 40 + count * 36 ? [set - 1, set, set + 1] : [set];
          for (const top of kept) {
            expect(wholly({ top, height }, geometry)).toContain(index);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
