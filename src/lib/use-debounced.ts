import { useDeferredValue, useEffect, useRef, useState } from 'react';

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
  const [value, setValue] = useState(outside);
  const [seen, setSeen] = useState(outside);
  /** What the box wrote last, until the outside value has caught up with it. */
  const [written, setWritten] = useState<string | null>(null);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  if (outside !== seen) {
    setSeen(outside);
    if (outside === written) setWritten(null);
    else setValue(outside);
  }
  useEffect(() => {
    if (value === outside) return;
    const timer = setTimeout(() => {
      setWritten(value);
      commitRef.current(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, outside, delayMs]);
  const commitNow = () => {
    setWritten(value);
    commitRef.current(value);
  };
  return [value, setValue, commitNow];
}

/**
 * The quick filter over loaded rows: the box shows each key at once, the rows follow as soon as
 * React has a moment (a deferred value, so typing never waits for 100,000 rows), and the URL
 * catches up when the user pauses.
 */
export function useQuickFilter(outside: string, commit: (value: string) => void) {
  const [text, setText, commitNow] = useDebouncedInput(outside, commit, 400);
  const query = useDeferredValue(text);
  return { text, setText, query, commitNow };
}
