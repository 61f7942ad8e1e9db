/**
 * Which rows of a scrolling table are in view, for rows of one fixed height: arithmetic on the
 * scroll position, so a list of 300,000 rows costs no more than one of 300 (a general virtualiser
 * keeps a measurement object per row, and makes them all again whenever the count changes, as it
 * does with every page of a list that is loading). A scroll that brings other rows into view
 * renders them in the same frame.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

export interface WindowOptions {
  readonly count: number;
  readonly rowHeight: number;
  /** Rows rendered beyond each edge of the view. */
  readonly overscan: number;
  /** What sits above the first row inside the scroll area (a sticky header), in px. */
  readonly offset: number;
  /** The view's height before it is measured (an element without layout never is). */
  readonly initialHeight: number;
  /** A row kept rendered wherever it is (the one holding focus), or -1. */
  readonly pinned: number;
}

export interface WindowItem {
  readonly index: number;
  /** Its top, from the top of the scroll area's content, in px. */
  readonly start: number;
}

export interface RowWindow {
  /** The rows to render, in order (the pinned one included). */
  readonly items: readonly WindowItem[];
  /** The first row in view. */
  readonly first: number;
  /** The view's height in px. */
  readonly height: number;
  /** The height of all rows together, in px. */
  readonly totalSize: number;
  /** Scrolls as little as needed to bring a row fully into view below the header. */
  scrollToIndex(index: number): void;
}

interface View {
  /** The scroll position, in px. */
  readonly top: number;
  readonly height: number;
}

type Geometry = Pick<WindowOptions, 'count' | 'rowHeight' | 'overscan' | 'offset'>;

/** The view's height; an element without layout (a hidden tab, jsdom) keeps the last one. */
function heightOf(element: HTMLElement, last: View): number {
  return element.clientHeight > 0 ? element.clientHeight : last.height;
}

/**
 * The rows in view for a scroll position: `first` is the first row under the header, `from` to
 * `to` (inclusive) the rows to render, overscan included; none (`to` below `from`) in an empty list.
 */
export function rangeOf(view: View, { count, rowHeight, overscan, offset }: Geometry) {
  if (count === 0) return { first: 0, from: 0, to: -1 };
  const first = Math.min(count - 1, Math.max(0, Math.floor((view.top - offset) / rowHeight)));
  const last = Math.min(
    count - 1,
    Math.max(first, Math.ceil((view.top + view.height - offset) / rowHeight) - 1),
  );
  return {
    first,
    from: Math.max(0, first - overscan),
    to: Math.min(count - 1, last + overscan),
  };
}

/** The rows to render and where each sits: the range, and the pinned row wherever it is. */
export function itemsOf(
  { from, to }: { from: number; to: number },
  {
    count,
    rowHeight,
    offset,
    pinned,
  }: Pick<WindowOptions, 'count' | 'rowHeight' | 'offset' | 'pinned'>,
): WindowItem[] {
  const items: WindowItem[] = [];
  const item = (index: number) => ({ index, start: offset + index * rowHeight });
  if (pinned >= 0 && pinned < count && pinned < from) items.push(item(pinned));
  for (let index = from; index <= to; index++) items.push(item(index));
  if (pinned >= 0 && pinned < count && pinned > to) items.push(item(pinned));
  return items;
}

/**
 * The scroll position that brings row `index` fully into view below the header, moving as little
 * as it can: the same position when the row is in view already.
 */
export function scrollTopToShow(
  index: number,
  view: View,
  { rowHeight, offset }: Pick<WindowOptions, 'rowHeight' | 'offset'>,
): number {
  const rowTop = offset + index * rowHeight;
  // Rows pass under the sticky header, which covers the top of the view.
  if (rowTop < view.top + offset) return rowTop - offset;
  if (rowTop + rowHeight > view.top + view.height) return rowTop + rowHeight - view.height;
  return view.top;
}

export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  options: WindowOptions,
): RowWindow {
  const [view, setView] = useState<View>({ top: 0, height: options.initialHeight });
  // What the scroll handler compares with: the options last rendered, the view last seen.
  const latest = useRef(options);
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = (sync: boolean) => {
      const height = heightOf(element, viewRef.current);
      const next = { top: element.scrollTop, height };
      const before = rangeOf(viewRef.current, latest.current);
      const after = rangeOf(next, latest.current);
      const same =
        before.from === after.from && before.to === after.to && viewRef.current.height === height;
      viewRef.current = next;
      if (same) return;
      // Rendered within the scroll event, so the frame that shows the new position has its rows.
      if (sync) {
        flushSync(() => {
          setView(next);
        });
      } else {
        setView(next);
      }
    };
    const onScroll = () => {
      update(true);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    // Measured when the browser has laid the page out (its first report comes then), not at once,
    // which would make it lay the page out early. Without it (jsdom) the view keeps its first height.
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            update(false);
          });
    if (resize) resize.observe(element);
    else update(false);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize?.disconnect();
    };
  }, [scrollRef]);

  const range = rangeOf(view, options);
  const items = itemsOf(range, options);

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const view = { top: element.scrollTop, height: heightOf(element, viewRef.current) };
      const top = scrollTopToShow(index, view, latest.current);
      if (top !== view.top) element.scrollTop = top;
    },
    [scrollRef],
  );

  return {
    items,
    first: range.first,
    height: view.height,
    totalSize: options.count * options.rowHeight,
    scrollToIndex,
  };
}
