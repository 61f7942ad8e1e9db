/**
 * Seeds added per month (and per quarter and year), as figures and as the chart that draws them.
 * Only the charts of seeds need it: the catalogue's overview loads it with every seed, so its
 * first screen carries none of it (see overview-page.tsx); a collection's Overview tab imports it.
 */
import { unknownOf, type Seed } from '../../api/records';
import { fieldInstantMs } from '../../api/row-view';
import { formatPeriod } from '../../lib/format';
import { addMonths, monthOf, monthsBetween, nextPeriod, periodOf } from '../../lib/months';
import type { PeriodUnit } from '../../lib/periods';
import type { ChartBar, ChartSpec } from '../../components/chart/chart-model';
import { SEEDS, type SeedList } from './chart-data';

/** Seeds by their `active` field; `unknown` when the service did not say. */
export interface ActiveCounts {
  active: number;
  inactive: number;
  unknown: number;
}

const noSeeds = (): ActiveCounts => ({ active: 0, inactive: 0, unknown: 0 });

function countActive(counts: ActiveCounts, seed: Seed): void {
  if (seed.active === true) counts.active++;
  else if (seed.active === false) counts.inactive++;
  else counts.unknown++;
}

/** Seeds of a period (a month, quarter or year). */
export interface PeriodCount {
  readonly period: string;
  readonly counts: ActiveCounts;
}

export interface PeriodFigures {
  readonly unit: PeriodUnit;
  /** Every period from the first to the last shown, empty ones included, oldest first. */
  readonly periods: readonly PeriodCount[];
  /** Seeds created before the first period shown (outliers such as the year 50), if any. */
  readonly before: PeriodCount | null;
  /** Seeds dated after the last period shown (in the future), if any. */
  readonly after: PeriodCount | null;
  /** Seeds whose created date is missing or unreadable: never placed in any period. */
  readonly unknown: ActiveCounts;
}

/** Seeds by the month they were created (UTC), counted once for every way a chart shows them. */
export interface MonthCounts {
  readonly byMonth: ReadonlyMap<string, ActiveCounts>;
  /** Seeds whose created date is missing or unreadable. */
  readonly unknown: ActiveCounts;
}

/** Thirty years of months: past that, earlier months are outliers, not a history to draw. */
export const MAX_MONTHS = 360;

export function countByMonth(seeds: readonly Seed[]): MonthCounts {
  const byMonth = new Map<string, ActiveCounts>();
  const unknown = noSeeds();
  for (const seed of seeds) {
    const created = unknownOf(seed, 'created') ? null : fieldInstantMs(seed, 'created');
    const month = created === null ? null : monthOf(created);
    if (month === null) {
      countActive(unknown, seed);
      continue;
    }
    let counts = byMonth.get(month);
    if (!counts) {
      counts = noSeeds();
      byMonth.set(month, counts);
    }
    countActive(counts, seed);
  }
  return { byMonth, unknown };
}

/**
 * Seeds added per month, quarter or year (UTC), active and inactive. The periods shown end with
 * the one holding the last month that has seeds and is not after `thisMonth`, and span at most
 * `maxMonths` months (whole periods of the unit); a date in the future or far in the past is
 * counted in one bar after or before them, so one wrong date cannot stretch the chart over
 * centuries.
 */
export function seedsByPeriod(
  { byMonth, unknown }: MonthCounts,
  thisMonth: string,
  unit: PeriodUnit = 'month',
  maxMonths: number = MAX_MONTHS,
): PeriodFigures {
  const present = [...byMonth.keys()].sort();
  const first = present[0];
  const last = present.at(-1);
  if (first === undefined || last === undefined) {
    return { unit, periods: [], before: null, after: null, unknown };
  }
  const endMonth = present.filter((m) => m <= thisMonth).at(-1) ?? last;
  const startMonth =
    monthsBetween(first, endMonth) >= maxMonths ? addMonths(endMonth, -(maxMonths - 1)) : first;
  const start = periodOf(startMonth, unit);
  const end = periodOf(endMonth, unit);
  const byPeriod = new Map<string, ActiveCounts>();
  const before = noSeeds();
  const after = noSeeds();
  for (const [month, counts] of byMonth) {
    const period = periodOf(month, unit);
    let into = period < start ? before : period > end ? after : byPeriod.get(period);
    if (!into) {
      into = noSeeds();
      byPeriod.set(period, into);
    }
    into.active += counts.active;
    into.inactive += counts.inactive;
    into.unknown += counts.unknown;
  }
  const periods: PeriodCount[] = [];
  for (let period = start; period <= end; period = nextPeriod(period)) {
    periods.push({ period, counts: byPeriod.get(period) ?? noSeeds() });
  }
  return {
    unit,
    periods,
    before: periodOf(first, unit) < start ? { period: start, counts: before } : null,
    after: periodOf(last, unit) > end ? { period: end, counts: after } : null,
    unknown,
  };
}

const UNKNOWN_STATE_NOTE = 'Seeds the service did not say are active or inactive open no list.';

function activeSegments(counts: ActiveCounts, query: (active?: boolean) => string | undefined) {
  return [
    { series: 'active', value: counts.active, href: query(true) },
    { series: 'inactive', value: counts.inactive, href: query(false) },
    { series: 'unknown', value: counts.unknown },
  ];
}

/** Seeds added per period, as one chart; bars of a coarser unit stand by for a narrow chart. */
function periodChart(figures: PeriodFigures, list: SeedList, coarser?: ChartSpec): ChartSpec {
  const per = figures.unit;
  const outlier = (key: string, label: string, counts: ActiveCounts, note: string): ChartBar => ({
    key,
    label,
    muted: true,
    note,
    segments: activeSegments(counts, () => undefined),
  });
  const bars: ChartBar[] = [];
  if (figures.before) {
    bars.push(
      outlier(
        'before',
        `Before ${formatPeriod(figures.before.period)}`,
        figures.before.counts,
        'Dated more than thirty years before the latest seed, so drawn together; created= on the Seeds page opens any month, quarter or year of them.',
      ),
    );
  }
  for (const { period, counts } of figures.periods) {
    const query = (active?: boolean) => list({ created: period, active });
    bars.push({
      key: period,
      label: formatPeriod(period),
      segments: activeSegments(counts, query),
      href: query(),
      ...(counts.unknown > 0 ? { note: UNKNOWN_STATE_NOTE } : {}),
    });
  }
  if (figures.after) {
    bars.push(
      outlier(
        'after',
        `After ${formatPeriod(figures.after.period)}`,
        figures.after.counts,
        'Dated after today: the service’s dates for these seeds are in the future.',
      ),
    );
  }
  const unknown = figures.unknown;
  if (unknown.active + unknown.inactive + unknown.unknown > 0) {
    bars.push({
      ...outlier(
        'unknown',
        'Date unknown',
        unknown,
        `The catalogue service gave no readable created date for these seeds, so no ${per} holds them.`,
      ),
      tick: 'Unknown',
    });
  }
  const hasUnknownState = bars.some((b) =>
    b.segments.some((s) => s.series === 'unknown' && s.value > 0),
  );
  return {
    id: 'seeds-per-month',
    title: 'Seeds added per month',
    summary: `Seeds by the ${per} they were created (UTC), active and inactive stacked${coarser ? `; by ${[coarser.unit, coarser.coarser?.unit].filter(Boolean).join(' or ')} where a ${per}’s bar would be too thin to read` : ''}.`,
    layout: 'columns',
    categoryLabel: `${per.charAt(0).toUpperCase()}${per.slice(1)} created (UTC)`,
    valueLabel: 'Seeds added',
    kind: 'count',
    noun: SEEDS,
    series: [
      { key: 'active', label: 'Active' },
      { key: 'inactive', label: 'Inactive' },
      ...(hasUnknownState
        ? [{ key: 'unknown', label: 'Not known', tone: 'unknown' as const }]
        : []),
    ],
    bars,
    unit: figures.unit,
    ...(coarser ? { coarser } : {}),
    empty: 'There are no seeds yet.',
  };
}

/**
 * Seeds added per month, with the same figures by quarter and by year for a chart too narrow to
 * give each month a bar of its own.
 */
export function monthChart(counts: MonthCounts, thisMonth: string, list: SeedList): ChartSpec {
  const chart = (unit: PeriodUnit, coarser?: ChartSpec) =>
    periodChart(seedsByPeriod(counts, thisMonth, unit), list, coarser);
  return chart('month', chart('quarter', chart('year')));
}

/** The chart of seeds added per month, up to the month of `today` (a time in ms). */
export function seedsPerMonth(seeds: readonly Seed[], today: number, list: SeedList): ChartSpec {
  return monthChart(countByMonth(seeds), monthOf(today) ?? '9999-12', list);
}
