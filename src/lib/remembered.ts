/**
 * The layout: a choice the user makes about it (a panel open or closed), remembered in this
 * browser, and whether the window is narrow. Storage that cannot be used (private mode, quota,
 * disabled) only means a choice lasts for this visit.
 */
import { useState, useSyncExternalStore } from 'react';

/** As wide as the stylesheet's narrow layout (panels over the list rather than beside it). */
const NARROW = '(max-width: 1100px)';

function narrowQuery(): MediaQueryList | null {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? null
    : window.matchMedia(NARROW);
}

/** Whether the window is narrow enough for panels to open over the list. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = narrowQuery();
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => narrowQuery()?.matches ?? false,
    () => false,
  );
}

function read(key: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? fallback : stored === 'true';
  } catch {
    return fallback;
  }
}

export function useRememberedFlag(
  name: string,
  fallback: boolean,
): [boolean, (value: boolean) => void] {
  const key = `catalogue-explorer:${name}`;
  const [value, setValue] = useState(() => read(key, fallback));
  const remember = (next: boolean) => {
    setValue(next);
    try {
      window.localStorage.setItem(key, String(next));
    } catch {
      // Storage full or unavailable: the choice lasts for this visit.
    }
  };
  return [value, remember];
}
