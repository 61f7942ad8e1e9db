/**
 * Month arithmetic for the overview's charts: the month an instant falls in (UTC), months before
 * and after, and the quarter or year (periods.ts) a month falls in.
 */
import { isMonth, periodMonths, type PeriodUnit } from './periods';

/** A month's year and month (1–12); null for text that is not a month. */
function parts(month: string): [number, number] | null {
  const p = isMonth(month) ? periodMonths(month) : null;
  return p ? [p.year, p.index + 1] : null;
}

const monthText = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/**
 * The month an instant falls in, or null for an instant that has none a `created=` filter can
 * name (not a number, or outside the years 0000–9999).
 */
export function monthOf(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  // Microseconds are a fraction: round down, so an instant just before a month is not in it.
  const date = new Date(Math.floor(ms));
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 0 || year > 9999) return null;
  return monthText(year, date.getUTCMonth() + 1);
}

/** The month `count` months after `month` (before it, for a negative count). */
export function addMonths(month: string, count: number): string {
  const m = parts(month);
  if (!m) return month;
  const index = m[0] * 12 + m[1] - 1 + count;
  return monthText(Math.floor(index / 12), (index % 12) + 1);
}

/** How many months `to` is after `from`: 0 for the same month, negative when it is before. */
export function monthsBetween(from: string, to: string): number {
  const a = parts(from);
  const b = parts(to);
  if (!a || !b) return Number.NaN;
  return (b[0] - a[0]) * 12 + (b[1] - a[1]);
}

/** The period of a unit that a month (`YYYY-MM`) falls in. */
export function periodOf(month: string, unit: PeriodUnit): string {
  const m = parts(month);
  if (!m || unit === 'month') return month;
  const year = String(m[0]).padStart(4, '0');
  return unit === 'year' ? year : `${year}-Q${String(Math.ceil(m[1] / 3))}`;
}

/** The period after `period`, of the same unit. */
export function nextPeriod(period: string): string {
  const p = periodMonths(period);
  if (!p) return period;
  const next = addMonths(monthText(p.year, p.index + 1), p.length);
  return p.length === 1 ? next : periodOf(next, p.length === 3 ? 'quarter' : 'year');
}
