/**
 * The overview's charts as specs: the figures (figures.ts) as bars, each segment with the address
 * of the list it counts (src/lib/paths), in words a programme manager uses.
 */
import { CRAWL_AGE_LABELS, CRAWL_AGES, type CrawlAge } from '../../lib/crawl-age';
import { formatBytes, formatPeriod, plural } from '../../lib/format';
import type { PeriodUnit } from '../../lib/periods';
import { paths, type Query } from '../../lib/paths';
import type { ChartBar, ChartSpec } from '../../components/chart/chart-model';
import {
  seedsByPeriod,
  type ActiveCounts,
  type MonthCounts,
  type PeriodFigures,
  type SizeFigures,
} from './figures';

/** The address of a seed list with filters: all seeds, or one collection's Seeds tab. */
export type SeedList = (query: Query) => string;

export const seedsIn =
  (collection?: number): SeedList =>
  (query) =>
    paths.seedList(collection, query);
export const SEEDS = ['seed', 'seeds'] as const;

export function sizeChart(figures: SizeFigures): ChartSpec {
  const bars: ChartBar[] = figures.largest.map((c) => ({
    key: `collection-${String(c.id)}`,
    label: c.name ?? `Collection ${String(c.id)}`,
    segments: [{ series: 'size', value: c.totalWarcBytes ?? 0, href: paths.collection(c.id) }],
  }));
  if (figures.others) {
    bars.push({
      key: 'others',
      label: `All ${plural(figures.others.count, 'other collection')}`,
      tick: `All others (${plural(figures.others.count, 'collection')})`,
      muted: true,
      note: `Opens the collections of ${formatBytes(figures.others.atMost)} or less, largest first.`,
      segments: [
        {
          series: 'size',
          value: Number(figures.others.bytes),
          exact: figures.others.bytes,
          href: paths.collections({ size_max: figures.others.atMost, sort: '-size' }),
        },
      ],
    });
  }
  return {
    id: 'size',
    title: 'Archived size by collection',
    summary:
      figures.others === null
        ? 'Every collection by the size of its archive, largest first.'
        : `The ${String(figures.largest.length)} largest collections, and all others together.`,
    layout: 'rows',
    categoryLabel: 'Collection',
    valueLabel: 'Archived size (decimal units: 1 GB = 10⁹ bytes)',
    kind: 'bytes',
    noun: ['byte', 'bytes'],
    series: [{ key: 'size', label: 'Archived size' }],
    bars,
    empty: 'No collection has archived anything yet.',
  };
}

export function crawlChart(bands: Readonly<Record<CrawlAge, number>>): ChartSpec {
  return {
    id: 'last-crawl',
    title: 'Last crawl',
    summary: 'Collections by how long ago they were last crawled, counted back from today.',
    layout: 'columns',
    categoryLabel: 'Time since the last crawl',
    valueLabel: 'Collections',
    kind: 'count',
    noun: ['collection', 'collections'],
    series: [{ key: 'collections', label: 'Collections' }],
    bars: CRAWL_AGES.filter((age) => age !== 'unknown' || bands.unknown > 0).map((age) => ({
      key: age,
      label: CRAWL_AGE_LABELS[age],
      muted: age === 'unknown',
      segments: [
        { series: 'collections', value: bands[age], href: paths.collections({ crawled: age }) },
      ],
    })),
    empty: 'There are no collections yet.',
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
