/**
 * Which bars of a chart by period get a label on the axis, so the labels never overlap: each month
 * while there is room, then every few months, then years ("2019"), then every few years. Bars
 * that are not a period ("Earlier", "Date unknown") are always labelled.
 */
import { isMonth, isPeriod, type PeriodUnit } from '../../lib/periods';
import type { ChartBar } from './chart-model';

const shortMonth = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function monthLabel(month: string): string {
  return shortMonth.format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
}

/** Room a label needs, in pixels. */
const MONTH_LABEL = 72;
const YEAR_LABEL = 44;

const PER_YEAR: Readonly<Record<PeriodUnit, number>> = { month: 12, quarter: 4, year: 1 };

/** Whether a period is the first of its year: January, the first quarter, or a year. */
const opensYear = (key: string) => key.length === 4 || key.endsWith('-01') || key.endsWith('-Q1');

export function periodTicks(
  bars: readonly ChartBar[],
  plotWidth: number,
  unit: PeriodUnit,
): Map<string, string> {
  const labels = new Map<string, string>();
  const perBar = plotWidth / Math.max(1, bars.length);
  const periods = bars.filter((bar) => isPeriod(bar.key));
  const monthStep = Math.ceil(MONTH_LABEL / perBar);
  const useMonths = unit === 'month' && periods.length <= 36 && monthStep <= 6;
  const yearStep = Math.max(1, Math.ceil(YEAR_LABEL / (perBar * PER_YEAR[unit])));
  let labelled = 0;
  bars.forEach((bar, i) => {
    if (!isPeriod(bar.key)) {
      labels.set(bar.key, bar.tick ?? bar.label);
      return;
    }
    const year = Number(bar.key.slice(0, 4));
    const show = useMonths ? i % monthStep === 0 : opensYear(bar.key) && year % yearStep === 0;
    if (show) {
      labels.set(bar.key, useMonths ? monthLabel(bar.key) : String(year));
      labelled++;
    }
  });
  // A short span with no January still says where it is.
  const first = periods[0];
  if (labelled === 0 && first) {
    labels.set(first.key, isMonth(first.key) ? monthLabel(first.key) : first.label);
  }
  return labels;
}
