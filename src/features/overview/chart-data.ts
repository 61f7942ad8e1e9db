/**
 * The overview's charts as specs: the figures (figures.ts) as bars, each segment with the address
 * of the list it counts (src/lib/paths), in words a programme manager uses.
 */
import { CRAWL_AGE_LABELS, CRAWL_AGES, type CrawlAge } from '../../lib/crawl-age';
import { formatBytes, plural } from '../../lib/format';
import { paths, type Query } from '../../lib/paths';
import type { ChartBar, ChartSpec } from '../../components/chart/chart-model';
import type { SizeFigures } from './figures';

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
