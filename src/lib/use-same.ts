import { useState } from 'react';

/**
 * Whether two plain values (numbers, strings, booleans, null, arrays and objects of them, as
 * decoded from an address) hold the same data.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * The value of an earlier render while the new one holds the same data: what is worked out from
 * it (a memo, a memoised child) is worked out again only when the data changes, not its identity.
 */
export function useSame<T>(value: T, same: (a: T, b: T) => boolean = sameData): T {
  // As functions, so that a function value is kept, not called.
  const [kept, setKept] = useState(() => value);
  if (kept === value || same(kept, value)) return kept;
  setKept(() => value);
  return value;
}
