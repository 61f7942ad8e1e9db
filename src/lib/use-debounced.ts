import { useDeferredValue, useEffect, useRef, useState } from 'react';

/**
 * A text box's own value, written out after the user pauses. When the outside value changes (Back,
 * a link), the box follows it.
 */
export function useDebouncedInput(
  outside: string,
  commit: (value: string) => void,
  delayMs = 300,
): [string, (value: string) => void] {
  const [value, setValue] = useState(outside);
  const [seen, setSeen] = useState(outside);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  if (outside !== seen) {
    setSeen(outside);
    setValue(outside);
  }
  useEffect(() => {
    if (value === outside) return;
    const timer = setTimeout(() => {
      commitRef.current(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, outside, delayMs]);
  return [value, setValue];
}

/**
 * The quick filter over loaded rows: the box shows each key at once, the rows follow as soon as
 * React has a moment (a deferred value, so typing never waits for 100,000 rows), and the URL
 * catches up when the user pauses.
 */
export function useQuickFilter(outside: string, commit: (value: string) => void) {
  const [text, setText] = useDebouncedInput(outside, commit, 400);
  const query = useDeferredValue(text);
  return {
    text,
    setText,
    query,
    commitNow: () => {
      commit(text);
    },
  };
}
