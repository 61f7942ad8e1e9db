/**
 * Which rows of a scrolling table are in view, for rows of one fixed height: arithmetic on the
 * scroll position, so a list of 300,000 rows costs no more than one of 300 (a general virtualiser
 * keeps a measurement object per row, and makes them all again whenever the count changes, as it
 * does with every page of a list that is loading). A scroll that brings other rows into view
 * renders them in the same frame.
 *
 * Browsers lay no element out taller than about 33.5 million px (Chromium, WebKit) or 17.9
 * million (Firefox): a million rows of 36 px would leave the last of them past the end of the
 * scroll. A list taller than MOST_SCROLL_HEIGHT is laid out that tall, and a scroll position is
 * taken in proportion (the end of the scroll is the end of the list); the rows in view are drawn
 * where they show, so a wheel or a key moves them a little further than the scroll itself.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** The tallest the rows are laid out, in px: under every browser's limit, with room to spare. */
export const MOST_SCROLL_HEIGHT = 15_000_000;

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
  /** Its top, from the top of the scroll area's laid-out content, in px. */
  readonly start: number;
}

export interface RowWindow {
  /** The rows to render, in order (the pinned one included). */
  readonly items: readonly WindowItem[];
  /** The first row in view. */
  readonly first: number;
  /** The view's height in px. */
  readonly height: number;
  /** The height the rows are laid out in, in px: all of them, or MOST_SCROLL_HEIGHT at most. */
  readonly totalSize: number;
  /** Scrolls as little as needed to bring a row fully into view below the header. */
  scrollToIndex(index: number): void;
}

export interface View {
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

/**
 * The rows to render and where each sits: the range, and the pinned row wherever it is. Each is
 * drawn `shift` px above its place in the content; a row of the range past the laid-out `end` is
 * out of view and left out, and the pinned row is kept inside it.
 */
export function itemsOf(
  { from, to }: { from: number; to: number },
  {
    count,
    rowHeight,
    offset,
    pinned,
  }: Pick<WindowOptions, 'count' | 'rowHeight' | 'offset' | 'pinned'>,
  shift = 0,
  end = Number.POSITIVE_INFINITY,
): WindowItem[] {
  const items: WindowItem[] = [];
  const startOf = (index: number) => offset + index * rowHeight - shift;
  const kept = (index: number) => ({ index, start: Math.min(startOf(index), end - rowHeight) });
  const hasPinned = pinned >= 0 && pinned < count;
  if (hasPinned && pinned < from) items.push(kept(pinned));
  let index = from;
  for (; index <= to && startOf(index) + rowHeight <= end; index++)
    items.push({ index, start: startOf(index) });
  if (hasPinned && pinned >= index) items.push(kept(pinned));
  return items;
}

/** The height of a table's content: the header and every row, in px. */
const contentOf = (o: Pick<WindowOptions, 'count' | 'rowHeight' | 'offset'>) =>
  o.offset + o.count * o.rowHeight;

/**
 * Where in the content the scroll position `top` is: the same place, or in proportion in content
 * too tall to lay out whole (the end of the scroll, exactly the end of the content).
 */
export function contentTop(top: number, height: number, content: number): number {
  const room = MOST_SCROLL_HEIGHT - height;
  return content > MOST_SCROLL_HEIGHT && room > 0
    ? (Math.min(top, room) / room) * (content - height)
    : top;
}

/** The scroll position at which the content shows from `top`: contentTop the other way. */
export function scrollTopOf(top: number, height: number, content: number): number {
  const room = MOST_SCROLL_HEIGHT - height;
  return content > MOST_SCROLL_HEIGHT && room > 0 ? (top / (content - height)) * room : top;
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

/** The rows in view for a scroll position, and how far above its place in the content each is drawn. */
export function placed(view: View, options: Pick<WindowOptions, keyof Geometry>) {
  const content = contentOf(options);
  const top = contentTop(view.top, view.height, content);
  return { range: rangeOf({ top, height: view.height }, options), shift: top - view.top, content };
}

/**
 * The scroll position that brings row `index` wholly into view below the header, as
 * scrollTopToShow, in a list taken in proportion too: rounded further along, so that a row
 * brought to an edge is whole (the browser keeps a position at most 1 px from the one set).
 */
export function scrollTopToReach(
  index: number,
  view: View,
  options: Pick<WindowOptions, 'count' | 'rowHeight' | 'offset'>,
): number {
  const content = contentOf(options);
  const top = contentTop(view.top, view.height, content);
  const wanted = scrollTopToShow(index, { top, height: view.height }, options);
  const at = scrollTopOf(wanted, view.height, content);
  // Taken in proportion, a px further still: Chromium keeps a position this far down only to the
  // nearest 2 px.
  const slack = content > MOST_SCROLL_HEIGHT ? 1 : 0;
  if (wanted === top) return view.top;
  const set = wanted > top ? Math.ceil(at) + slack : Math.floor(at) - slack;
  return Math.max(0, Math.min(set, Math.min(content, MOST_SCROLL_HEIGHT) - view.height));
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
      const before = placed(viewRef.current, latest.current);
      const after = placed(next, latest.current);
      const same =
        before.range.from === after.range.from &&
        before.range.to === after.range.to &&
        before.shift === after.shift &&
        viewRef.current.height === height;
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

  // A list taken in proportion that grows (a page arriving) or shrinks keeps the rows in view
  // where they were: the same scroll position would be another place in the list.
  const { range, shift, content } = placed(view, options);
  const shown = useRef(content);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = content;
    const element = scrollRef.current;
    const last = viewRef.current;
    const top = Math.floor(
      scrollTopOf(contentTop(last.top, last.height, before), last.height, content),
    );
    if (!element || Math.abs(top - last.top) < 1) return;
    element.scrollTop = top;
    setView((viewRef.current = { top: element.scrollTop, height: last.height }));
  }, [content, scrollRef]);

  const end = Math.min(content, MOST_SCROLL_HEIGHT);
  const items = itemsOf(range, options, shift, end);

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const view = { top: element.scrollTop, height: heightOf(element, viewRef.current) };
      const top = scrollTopToReach(index, view, latest.current);
      if (top !== view.top) element.scrollTop = top;
    },
    [scrollRef],
  );

  return {
    items,
    first: range.first,
    height: view.height,
    totalSize: end - options.offset,
    scrollToIndex,
  };
}
