/**
 * The real page nearest to an address that leads nowhere, from the page patterns (src/addresses/pages.ts).
 * Only the page that says there is no such page loads it.
 */
import { PATTERNS } from '../addresses/pages';
import { COLLECTION_TABS } from './paths';

/** Every page's pattern, each tab included: what an address that leads nowhere is compared with. */
const PAGE_PATTERNS: readonly string[] = [
  ...Object.values(PATTERNS),
  ...Object.values(COLLECTION_TABS).map((tab) => `${PATTERNS.collection}/${tab.path}`),
];

/** Letters to add, drop or change to turn one word into the other (short words only). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(
        Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + same),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** A part of an address left over after a page's own: dropping it costs this much. */
const EXTRA_PART = 3;

/**
 * The real page nearest to an address that leads nowhere: each part of the address matched to a
 * page's, a slip of a few letters forgiven (`/collections/12/seedz`), parts after a page's own
 * dropped (`/seeds/123`), ids kept. Null when no page is near.
 */
export function nearestPage(pathname: string): string | null {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // An address that is not valid percent-encoding is compared as it is.
  }
  const parts = decoded
    .split('/')
    .filter((part) => part !== '')
    .slice(0, 12)
    .map((part) => part.toLowerCase().slice(0, 40));
  let best: { path: string; cost: number } | null = null;
  for (const pattern of PAGE_PATTERNS) {
    const wanted = pattern.split('/').filter((part) => part !== '');
    if (parts.length < wanted.length) continue;
    let cost = (parts.length - wanted.length) * EXTRA_PART;
    const path: string[] = [];
    for (const [i, want] of wanted.entries()) {
      const part = parts[i] ?? '';
      if (want.startsWith(':')) {
        if (!/^\d{1,15}$/.test(part)) cost = Infinity;
        path.push(part);
        continue;
      }
      const distance = editDistance(want, part);
      if (distance > Math.max(1, Math.floor(want.length / 3))) cost = Infinity;
      cost += distance;
      path.push(want);
    }
    if (cost < (best?.cost ?? Infinity)) best = { path: `/${path.join('/')}`, cost };
  }
  return best?.path ?? null;
}
