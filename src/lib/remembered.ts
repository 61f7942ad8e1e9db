/**
 * A choice the user makes about the layout (a panel open or closed), remembered in this browser.
 * Storage that cannot be used (private mode, quota, disabled) only means it lasts for this visit.
 */
import { useState } from 'react';

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
