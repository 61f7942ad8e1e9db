/**
 * The overview's charts as specs: the figures (figures.ts) as bars, each segment with the address
 * of the list it counts (src/lib/paths), in words a programme manager uses.
 */
import { CRAWL_AGE_LABELS, CRAWL_AGES, type CrawlAge } from '../../lib/crawl-age';
import { formatMonth, plural } from '../../lib/format';
import type { RequiredAudit } from '../../lib/metadata-audit';
import { paths, type Query } from '../../lib/paths';
import { STATUS_CLASSES, STATUS_LABELS, type StatusClass } from '../../lib/seed-status';
import type { ChartBar, ChartSpec } from './chart-model';
import type { ActiveCounts, GroupFigures, MonthFigures, SizeFigures } from './figures';

/** The address of a seed list with filters: all seeds, or one collection's Seeds tab. */
export type SeedList = (query: Query) => string;

export const allSeeds: SeedList = (query) => paths.seeds(query);
export const collectionSeeds =
  (id: number): SeedList =>
  (query) =>
    paths.collection(id, 'seeds', query);

const SEEDS = ['seed', 'seeds'] as const;

/** A longer list of groups than an address should carry: the table names them instead. */
const MOST_GROUPS_IN_LINK = 200;

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
      note: 'Opens every collection, largest first.',
      segments: [
        {
          series: 'size',
          value: Number(figures.others.bytes),
          exact: figures.others.bytes,
          href: paths.collections({ sort: '-size' }),
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

export function monthChart(figures: MonthFigures, list: SeedList): ChartSpec {
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
        `Before ${formatMonth(figures.before.month)}`,
        figures.before.counts,
        'Dated more than thirty years before the latest month, so drawn together; a month of them opens with created=YYYY-MM on the Seeds page.',
      ),
    );
  }
  for (const { month, counts } of figures.months) {
    const query = (active?: boolean) => list({ created: month, active });
    bars.push({
      key: month,
      label: formatMonth(month),
      segments: activeSegments(counts, query),
      href: query(),
      ...(counts.unknown > 0 ? { note: UNKNOWN_STATE_NOTE } : {}),
    });
  }
  if (figures.after) {
    bars.push(
      outlier(
        'after',
        `After ${formatMonth(figures.after.month)}`,
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
        'The catalogue service gave no readable created date for these seeds, so no month holds them.',
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
    summary: 'Seeds by the month they were created (UTC), active and inactive stacked.',
    layout: 'columns',
    categoryLabel: 'Month created (UTC)',
    valueLabel: 'Seeds added',
    kind: 'count',
    noun: SEEDS,
    series: [
      { key: 'active', label: 'Active' },
      { key: 'inactive', label: 'Inactive' },
      ...(hasUnknownState ? [{ key: 'unknown', label: 'Not known' }] : []),
    ],
    bars,
    byMonth: true,
    empty: 'There are no seeds yet.',
  };
}

export function groupChart(figures: GroupFigures, list: SeedList): ChartSpec {
  const bars: ChartBar[] = figures.largest.map((g) => ({
    key: `group-${String(g.id)}`,
    label: g.name,
    segments: [{ series: 'seeds', value: g.count, href: list({ seed_group: g.id }) }],
  }));
  if (figures.others) {
    const { ids, count } = figures.others;
    const linked = ids.length <= MOST_GROUPS_IN_LINK;
    bars.push({
      key: 'others',
      label: `In any of the ${plural(ids.length, 'other group')}`,
      tick: `Other groups (${String(ids.length)})`,
      muted: true,
      note: linked
        ? 'A seed in several of these groups counts once.'
        : 'Too many groups for one address: open them from the Seed groups tab.',
      segments: [
        { series: 'seeds', value: count, href: linked ? list({ seed_group: ids }) : undefined },
      ],
    });
  }
  bars.push({
    key: 'none',
    label: 'In no group',
    segments: [{ series: 'seeds', value: figures.none, href: list({ seed_group: 'none' }) }],
  });
  if (figures.unknown > 0) {
    bars.push({
      key: 'unknown',
      label: 'Groups unknown',
      muted: true,
      note: 'The catalogue service did not give these seeds’ groups.',
      segments: [{ series: 'seeds', value: figures.unknown }],
    });
  }
  return {
    id: 'seeds-by-group',
    title: 'Seeds by group',
    summary:
      'How many seeds each seed group (work queue) holds; a seed in two groups counts in both.',
    layout: 'rows',
    categoryLabel: 'Seed group',
    valueLabel: 'Seeds',
    kind: 'count',
    noun: SEEDS,
    series: [{ key: 'seeds', label: 'Seeds' }],
    bars,
    empty: 'There are no seeds yet.',
  };
}

export function statusChart(
  counts: Readonly<Record<StatusClass | 'unknown', number>>,
  list: SeedList,
): ChartSpec {
  const bars: ChartBar[] = STATUS_CLASSES.map((status) => ({
    key: status,
    label: STATUS_LABELS[status],
    segments: [{ series: 'seeds', value: counts[status], href: list({ status }) }],
  }));
  if (counts.unknown > 0) {
    bars.push({
      key: 'unknown',
      label: 'Status unreadable',
      tick: 'Unreadable',
      muted: true,
      note: 'The catalogue service sent a status that cannot be read.',
      segments: [{ series: 'seeds', value: counts.unknown }],
    });
  }
  return {
    id: 'seeds-by-status',
    title: 'Seeds by last checked HTTP status',
    summary: 'The class of the HTTP status each seed answered when it was last checked.',
    layout: 'columns',
    categoryLabel: 'Last checked HTTP status',
    valueLabel: 'Seeds',
    kind: 'count',
    noun: SEEDS,
    series: [{ key: 'seeds', label: 'Seeds' }],
    bars,
    empty: 'There are no seeds yet.',
  };
}

export function coverageChart(audit: RequiredAudit, list: SeedList): ChartSpec {
  const share = (lacking: number) =>
    audit.total === 0 ? '' : ` (${String(Math.round((lacking / audit.total) * 100))}%)`;
  const bars: ChartBar[] = audit.byField.map(({ field, lacking }) => ({
    key: `field-${field}`,
    label: field,
    note: `${plural(audit.total - lacking, 'seed')} of ${String(audit.total)} have it${share(audit.total - lacking)}.`,
    segments: [{ series: 'lacking', value: lacking, href: list({ missing: [field] }) }],
  }));
  if (audit.byField.length > 1) {
    bars.push({
      key: 'any',
      label: 'Any required field',
      segments: [
        {
          series: 'lacking',
          value: audit.lacking,
          href: list({ missing: audit.byField.map((f) => f.field) }),
        },
      ],
    });
  }
  return {
    id: 'required-coverage',
    title: 'Required metadata: seeds lacking each field',
    summary: `Of ${plural(audit.total, 'seed')}, how many have no value for each field required of seeds.`,
    layout: 'rows',
    categoryLabel: 'Required field',
    valueLabel: 'Seeds without a value',
    kind: 'count',
    noun: SEEDS,
    series: [{ key: 'lacking', label: 'Seeds lacking it' }],
    bars,
    empty:
      audit.byField.length === 0
        ? 'No fields are required of seeds.'
        : audit.total === 0
          ? 'There are no seeds yet.'
          : 'Every seed has each required field.',
  };
}
