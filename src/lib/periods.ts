/**
 * Periods of the UTC calendar as the seed filter `created=` names them: months as `YYYY-MM`,
 * quarters as `YYYY-Qn`, years as `YYYY`, and the instants each holds. The overview's charts count
 * by the same periods (months.ts), so a bar and the list it opens agree on every seed.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;
const YEAR = /^(\d{4})$/;

/** How long a period is: a chart folds months into quarters or years when bars get too thin. */
export type PeriodUnit = 'month' | 'quarter' | 'year';

/** A period as a half-open range of UTC milliseconds. */
export interface PeriodRange {
  readonly period: string;
  readonly from: number;
  readonly to: number;
}

/** A period's first month (its year, and the month's index from 0) and how many months it spans. */
export interface PeriodMonths {
  readonly year: number;
  readonly index: number;
  readonly length: 1 | 3 | 12;
}

/** The months of a period; null for text that is not one. */
export function periodMonths(period: string): PeriodMonths | null {
  const month = MONTH.exec(period);
  if (month) return { year: Number(month[1]), index: Number(month[2]) - 1, length: 1 };
  const quarter = QUARTER.exec(period);
  if (quarter) return { year: Number(quarter[1]), index: (Number(quarter[2]) - 1) * 3, length: 3 };
  const year = YEAR.exec(period);
  if (year) return { year: Number(year[1]), index: 0, length: 12 };
  return null;
}

export const isMonth = (text: string): boolean => MONTH.test(text);

export const isPeriod = (text: string): boolean => periodMonths(text) !== null;

/** The first instant of a month in UTC; unlike Date.UTC, years 0–99 are those years. */
function monthStart(year: number, monthIndex: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, 1);
  return date.getTime();
}

/** The instants of a month, quarter or year: `2024-03`, `2024-Q1`, `2024`. */
export function periodRange(period: string): PeriodRange | null {
  const p = periodMonths(period);
  if (!p) return null;
  return {
    period,
    from: monthStart(p.year, p.index),
    to: monthStart(p.year, p.index + p.length),
  };
}
