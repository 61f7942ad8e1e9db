/**
 * The gallery's orders and its quick filter: the programme's order (list_order), newest first (by
 * the publication date the attribution line gives, else when the record was created), or by
 * title; the quick filter reads the title, the description and the attribution line.
 */
import type { PressItem } from '../../api/records';
import { fieldInstantMs } from '../../api/row-view';
import { choiceParam, textParam } from '../../addresses/url-params';

/** `sort=newest|title`; the programme's order when absent. */
export const PRESS_ORDERS = ['newest', 'title'] as const;
export type PressOrder = (typeof PRESS_ORDERS)[number];

export const pressParams = {
  q: textParam(),
  sort: choiceParam('press order', PRESS_ORDERS),
};

export const pressSearchText = (item: PressItem): string =>
  [item.title, item.description, item.pressFooter].filter((t) => t !== null).join('\n');

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * The publication date an attribution line ends with ("…, July 15, 2026", "…, 15 July 2026",
 * "…, 2026-07-15"), as UTC milliseconds; null when it gives none.
 */
export function footerDate(footer: string): number | null {
  const text = footer.trim().toLowerCase();
  let year: number;
  let month: number;
  let day: number;
  const named = /([a-z]+)\.? (\d{1,2}),? (\d{4})$/.exec(text);
  const dayFirst = /(\d{1,2}) ([a-z]+)\.?,? (\d{4})$/.exec(text);
  const iso = /(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const monthOf = (name: string) => MONTHS.findIndex((m) => m.startsWith(name) && name.length >= 3);
  if (named && monthOf(named[1] ?? '') >= 0) {
    [year, month, day] = [Number(named[3]), monthOf(named[1] ?? ''), Number(named[2])];
  } else if (dayFirst && monthOf(dayFirst[2] ?? '') >= 0) {
    [year, month, day] = [Number(dayFirst[3]), monthOf(dayFirst[2] ?? ''), Number(dayFirst[1])];
  } else if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
  } else {
    return null;
  }
  const ms = Date.UTC(year, month, day);
  // A day the month does not have (February 30) is no date.
  return new Date(ms).getUTCDate() === day && month >= 0 && month < 12 ? ms : null;
}

/** When an item was published, as far as the record says: the attribution line, else its creation. */
function published(item: PressItem): number | null {
  const fromFooter = item.pressFooter === null ? null : footerDate(item.pressFooter);
  if (fromFooter !== null) return fromFooter;
  const created = fieldInstantMs(item, 'created');
  return Number.isFinite(created) ? created : null;
}

const titles = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The programme's order; items whose position is unknown follow the rest. */
function programmeOrder(a: PressItem, b: PressItem): number {
  return (
    (a.listOrder ?? Number.POSITIVE_INFINITY) - (b.listOrder ?? Number.POSITIVE_INFINITY) ||
    a.id - b.id
  );
}

/** An order by a key, items without one last; ties in the programme's order. */
function byKey<K>(key: (item: PressItem) => K | null, compare: (a: K, b: K) => number) {
  return (a: PressItem, b: PressItem): number => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      return (ka === null ? 1 : 0) - (kb === null ? 1 : 0) || programmeOrder(a, b);
    }
    return compare(ka, kb) || programmeOrder(a, b);
  };
}

/** The items in an order; those it cannot place (no date, no title) last, in programme order. */
export function orderPress(
  items: readonly PressItem[],
  order: PressOrder | undefined,
): PressItem[] {
  if (order === 'newest') {
    const dates = new Map(items.map((item) => [item.id, published(item)]));
    return [...items].sort(
      byKey(
        (item) => dates.get(item.id) ?? null,
        (a, b) => b - a,
      ),
    );
  }
  if (order === 'title') {
    return [...items].sort(
      byKey(
        (item) => item.title,
        (a, b) => titles.compare(a, b),
      ),
    );
  }
  return [...items].sort(programmeOrder);
}
