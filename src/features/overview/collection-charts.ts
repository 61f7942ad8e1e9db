/**
 * The charts only a collection's Overview tab draws, from its seeds: by seed group, by last
 * checked HTTP status, and by each required field they lack. A module apart from the catalogue
 * overview's, so `/` does not load them.
 */
import { unknownOf, type Seed } from '../../api/records';
import { plural } from '../../lib/format';
import type { RequiredAudit } from '../../lib/metadata-audit';
import {
  STATUS_CLASSES,
  STATUS_LABELS,
  statusClassOf,
  type StatusClass,
} from '../../lib/seed-status';
import { SEEDS, type SeedList } from './chart-data';
import type { ChartBar, ChartSpec } from '../../components/chart/chart-model';
import { TOP_BARS } from './figures';

/** What the charts of a collection's seeds share: they count seeds, in one series. */
const SEED_COUNTS = {
  kind: 'count',
  noun: SEEDS,
  series: [{ key: 'seeds', label: 'Seeds' }],
  empty: 'There are no seeds yet.',
} as const;

/** Seeds the service said too little about to place in any bar that opens a list: greyed. */
function unknownBar(label: string, note: string, value: number): ChartBar {
  return { key: 'unknown', label, muted: true, note, segments: [{ series: 'seeds', value }] };
}

/** A longer list of groups than an address should carry: the table names them instead. */
const MOST_GROUPS_IN_LINK = 200;

export interface GroupFigures {
  /** The groups with the most seeds, most first (ties by name, then id). */
  readonly largest: readonly {
    readonly id: number;
    readonly name: string;
    readonly count: number;
  }[];
  /** The other groups, and how many distinct seeds are in any of them. */
  readonly others: { readonly ids: readonly number[]; readonly count: number } | null;
  /** Seeds in no group. */
  readonly none: number;
  /** Seeds whose groups the service did not give. */
  readonly unknown: number;
}

/**
 * Seeds by seed group. A seed in two groups counts in each, as each group's list shows it; "all
 * other groups" counts distinct seeds, as the list of their seeds does.
 */
export function seedsByGroup(
  seeds: readonly Seed[],
  names: (id: number) => string | null | undefined,
  top: number = TOP_BARS,
): GroupFigures {
  const counts = new Map<number, number>();
  const seen = new Map<number, string>();
  let none = 0;
  let unknown = 0;
  for (const seed of seeds) {
    if (seed.seedGroups.length === 0) {
      if (unknownOf(seed, 'seedGroups')) unknown++;
      else none++;
      continue;
    }
    for (const id of new Set(seed.seedGroups.map((g) => g.id))) {
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const ref of seed.seedGroups) if (ref.name !== null) seen.set(ref.id, ref.name);
  }
  const groups = [...counts].map(([id, count]) => ({
    id,
    name: names(id) ?? seen.get(id) ?? `Group ${String(id)}`,
    count,
  }));
  groups.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
  const shown = groups.length <= top + 1 ? groups.length : top;
  const rest = new Set(groups.slice(shown).map((g) => g.id));
  let inRest = 0;
  if (rest.size > 0) {
    for (const seed of seeds) if (seed.seedGroups.some((g) => rest.has(g.id))) inRest++;
  }
  return {
    largest: groups.slice(0, shown),
    others: rest.size === 0 ? null : { ids: [...rest], count: inRest },
    none,
    unknown,
  };
}

/** Seeds by the class of their last checked HTTP status; `unknown` when it cannot be read. */
export function seedsByStatus(
  seeds: readonly Seed[],
): Readonly<Record<StatusClass | 'unknown', number>> {
  const counts = Object.fromEntries([...STATUS_CLASSES, 'unknown'].map((s) => [s, 0])) as Record<
    StatusClass | 'unknown',
    number
  >;
  for (const seed of seeds) counts[statusClassOf(seed) ?? 'unknown']++;
  return counts;
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
    bars.push(
      unknownBar(
        'Groups unknown',
        'The catalogue service did not give these seeds’ groups.',
        figures.unknown,
      ),
    );
  }
  return {
    id: 'seeds-by-group',
    title: 'Seeds by group',
    summary:
      'How many seeds each seed group (work queue) holds; a seed in two groups counts in both.',
    layout: 'rows',
    categoryLabel: 'Seed group',
    valueLabel: 'Seeds',
    ...SEED_COUNTS,
    bars,
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
      ...unknownBar(
        'Status unreadable',
        'The catalogue service sent a status that cannot be read.',
        counts.unknown,
      ),
      tick: 'Unreadable',
    });
  }
  return {
    id: 'seeds-by-status',
    title: 'Seeds by last checked HTTP status',
    summary: 'The class of the HTTP status each seed answered when it was last checked.',
    layout: 'columns',
    categoryLabel: 'Last checked HTTP status',
    valueLabel: 'Seeds',
    ...SEED_COUNTS,
    bars,
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
