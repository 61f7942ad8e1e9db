import { useState } from 'react';

/** Whether two lists hold the same items, in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
}

/**
 * The value of an earlier render while each new one is the `same` to it: what is worked out from it
 * (a memo, a memoised child) is worked out again only when what it says changes, not its identity.
 */
export function useSame<T>(value: T, same: (kept: T, value: T) => boolean): T {
  // As functions, so that a function value is kept, not called.
  const [kept, setKept] = useState(() => value);
  if (kept === value || same(kept, value)) return kept;
  setKept(() => value);
  return value;
}
