import { startTransition, useEffect, useMemo, useRef, useState } from 'react';

/**
 * A value of this side's own that follows `outside` (the URL) when it changes from elsewhere (Back,
 * a link), but not when it only catches up with what this side wrote (`setWritten`), so that what
 * was set since stays.
 */
function useFollowing(outside: string) {
  const [value, setValue] = useState(outside);
  const [seen, setSeen] = useState(outside);
  /** What this side wrote last, until the outside value has caught up with it. */
  const [written, setWritten] = useState<string | null>(null);
  if (outside !== seen) {
    setSeen(outside);
    if (outside === written) setWritten(null);
    else setValue(outside);
  }
  return { value, setValue, setWritten };
}

/** A callback whose latest version is called, so that timers and memos need not follow it. */
function useLatest<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const ref = useRef(callback);
  useEffect(() => {
    ref.current = callback;
  });
  return useMemo(
    () =>
      (...args: A) => {
        ref.current(...args);
      },
    [],
  );
}

/**
 * A text box's own value, written out after the user pauses (or at once with the returned
 * `commitNow`). When the outside value changes (Back, a link), the box follows it; when it changes
 * to what the box itself wrote, it is only catching up, and what was typed since stays.
 */
export function useDebouncedInput(
  outside: string,
  commit: (value: string) => void,
  delayMs = 300,
): [string, (value: string) => void, () => void] {
  const { value, setValue, setWritten } = useFollowing(outside);
  const latestCommit = useLatest(commit);
  useEffect(() => {
    if (value === outside) return;
    const timer = setTimeout(() => {
      setWritten(value);
      latestCommit(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, outside, delayMs, setWritten, latestCommit]);
  const commitNow = () => {
    setWritten(value);
    latestCommit(value);
  };
  return [value, setValue, commitNow];
}

/** What a quick filter's box needs from its page (see `useQuickFilter` and `QuickFilterBox`). */
export interface QuickFilterBoxLink {
  /** The query in the URL. */
  readonly outside: string;
  /** Writes the query to the URL. */
  readonly commit: (value: string) => void;
  /** Tells the page what the box holds now, as a transition: the rows follow when React can. */
  readonly typed: (value: string) => void;
}

/** How long the quick filter waits after the last key before it writes the URL. */
const QUICK_FILTER_PAUSE_MS = 400;

/**
 * The quick filter over loaded rows. The box keeps its own text (`useQuickFilterBox`), so a key
 * re-renders the box alone at once; the page's `query` follows in a transition (typing never waits
 * for 100,000 rows, nor for the page to render again with the box), and the URL catches up when
 * the user pauses.
 */
export function useQuickFilter(outside: string, commit: (value: string) => void) {
  const { value: query, setValue: setQuery, setWritten } = useFollowing(outside);
  const latestCommit = useLatest(commit);
  const box = useMemo<QuickFilterBoxLink>(
    () => ({
      outside,
      commit: (value) => {
        setWritten(value);
        latestCommit(value);
      },
      typed: (value) => {
        startTransition(() => {
          setQuery(value);
        });
      },
    }),
    [outside, setWritten, latestCommit, setQuery],
  );
  return { query, box };
}

/** The quick filter box's own text: what it shows, what a key sets, and Enter's "write it now". */
export function useQuickFilterBox(link: QuickFilterBoxLink) {
  const [text, setText, commitNow] = useDebouncedInput(
    link.outside,
    link.commit,
    QUICK_FILTER_PAUSE_MS,
  );
  const type = (value: string) => {
    setText(value);
    link.typed(value);
  };
  return { text, type, commitNow };
}
