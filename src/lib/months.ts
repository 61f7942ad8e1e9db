/**
 * Months of the UTC calendar as `YYYY-MM`: the month an instant falls in, and the instants a month
 * holds. The seed filter `created=` and the overview's charts count with these, so a bar and the
 * list it opens agree on every seed.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month as a half-open range of UTC milliseconds. */
export interface MonthRange {
  readonly month: string;
  readonly from: number;
  readonly to: number;
}

export function isMonth(text: string): boolean {
  return MONTH.test(text);
}

/** The first instant of a month in UTC; unlike Date.UTC, years 0–99 are those years. */
function monthStart(year: number, monthIndex: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, 1);
  return date.getTime();
}

export function monthRange(month: string): MonthRange | null {
  const m = MONTH.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { month, from: monthStart(year, index), to: monthStart(year, index + 1) };
}

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
  return `${String(year).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month `count` months after `month` (before it, for a negative count). */
export function addMonths(month: string, count: number): string {
  const m = MONTH.exec(month);
  if (!m) return month;
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 + count;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How many months `to` is after `from`: 0 for the same month, negative when it is before. */
export function monthsBetween(from: string, to: string): number {
  const a = MONTH.exec(from);
  const b = MONTH.exec(to);
  if (!a || !b) return Number.NaN;
  return (Number(b[1]) - Number(a[1])) * 12 + (Number(b[2]) - Number(a[2]));
}
