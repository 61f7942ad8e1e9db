/**
 * The overview's figures, worked out from the loaded lists by the same rules the lists' filters
 * use (crawl-age.ts, months.ts, seed-status.ts, metadata-audit.ts), so that every bar counts
 * exactly the rows of the list it opens. Nothing here draws; chart-data.ts turns these into bars.
 */
import { unknownOf, type Collection, type Seed } from '../../api/records';
import { fieldInstantMs } from '../../api/row-block';
import { CRAWL_AGES, crawlAge, type CrawlAge } from '../../lib/crawl-age';
import { addMonths, monthOf, monthsBetween } from '../../lib/months';
import { STATUS_CLASSES, statusClassOf, type StatusClass } from '../../lib/seed-status';

/** Bars shown one by one before the rest collapse into "all others". */
export const TOP_BARS = 15;

export interface CatalogueHeadline {
  readonly collections: number;
  readonly active: number;
  readonly inactive: number;
  readonly activeSeeds: number;
  readonly inactiveSeeds: number;
  /** Collections whose seed counts the service did not give: not in the seed figures. */
  readonly seedCountsUnknown: number;
  /** Exact: byte counts past 2^53 are added as whole numbers, without rounding on the way. */
  readonly bytes: bigint;
  /** Collections whose size the service did not give: not in `bytes`. */
  readonly sizesUnknown: number;
}

export function catalogueHeadline(collections: readonly Collection[]): CatalogueHeadline {
  let active = 0;
  let inactive = 0;
  let activeSeeds = 0;
  let inactiveSeeds = 0;
  let seedCountsUnknown = 0;
  let bytes = 0n;
  let sizesUnknown = 0;
  for (const c of collections) {
    if (c.state === 'ACTIVE') active++;
    else if (c.state === 'INACTIVE') inactive++;
    if (c.numActiveSeeds === null || c.numInactiveSeeds === null) seedCountsUnknown++;
    activeSeeds += c.numActiveSeeds ?? 0;
    inactiveSeeds += c.numInactiveSeeds ?? 0;
    if (c.totalWarcBytes === null) sizesUnknown++;
    else bytes += BigInt(c.totalWarcBytes);
  }
  return {
    collections: collections.length,
    active,
    inactive,
    activeSeeds,
    inactiveSeeds,
    seedCountsUnknown,
    bytes,
    sizesUnknown,
  };
}

export interface SizeFigures {
  /** The largest collections, largest first (ties by id). */
  readonly largest: readonly Collection[];
  /** The rest of the collections with a known size, when there are two or more of them. */
  readonly others: { readonly count: number; readonly bytes: bigint } | null;
  /** Collections whose size the service did not give. */
  readonly unknown: number;
}

/**
 * The largest collections by archived size and the rest as one figure. A single remaining
 * collection is shown as itself: "all others" for one would hide its name for nothing.
 */
export function sizeByCollection(
  collections: readonly Collection[],
  top: number = TOP_BARS,
): SizeFigures {
  const known = collections.filter((c) => c.totalWarcBytes !== null);
  // Numbers past 2^53 still compare in the order of the service's values.
  known.sort((a, b) => (b.totalWarcBytes ?? 0) - (a.totalWarcBytes ?? 0) || a.id - b.id);
  const shown = known.length <= top + 1 ? known.length : top;
  const rest = known.slice(shown);
  return {
    largest: known.slice(0, shown),
    others:
      rest.length === 0
        ? null
        : {
            count: rest.length,
            bytes: rest.reduce((sum, c) => sum + BigInt(c.totalWarcBytes ?? 0), 0n),
          },
    unknown: collections.length - known.length,
  };
}

/** Collections by how long ago they were last crawled, in the chart's order. */
export function crawlBands(
  collections: readonly Collection[],
  today: number,
): Readonly<Record<CrawlAge, number>> {
  const counts = Object.fromEntries(CRAWL_AGES.map((age) => [age, 0])) as Record<CrawlAge, number>;
  for (const c of collections) counts[crawlAge(c, today)]++;
  return counts;
}

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

export interface MonthFigures {
  /** Every month from the first to the last shown, empty months included, oldest first. */
  readonly months: readonly { readonly month: string; readonly counts: ActiveCounts }[];
  /** Seeds created in months before the first shown (outliers such as the year 50), if any. */
  readonly before: { readonly month: string; readonly counts: ActiveCounts } | null;
  /** Seeds dated after the last month shown (in the future), if any. */
  readonly after: { readonly month: string; readonly counts: ActiveCounts } | null;
  /** Seeds whose created date is missing or unreadable: never placed in any month. */
  readonly unknown: ActiveCounts;
}

/** Thirty years of months: past that, earlier months are outliers, not a history to draw. */
export const MAX_MONTHS = 360;

/**
 * Seeds added per month (UTC), active and inactive. The months shown end with the last month
 * that has seeds and is not after `thisMonth`; a date in the future or far in the past is counted
 * in one bar after or before them, so one wrong date cannot stretch the chart over centuries.
 */
export function seedsByMonth(
  seeds: readonly Seed[],
  thisMonth: string,
  maxMonths: number = MAX_MONTHS,
): MonthFigures {
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
  const present = [...byMonth.keys()].sort();
  const first = present[0];
  const last = present.at(-1);
  if (first === undefined || last === undefined) {
    return { months: [], before: null, after: null, unknown };
  }
  const end = present.filter((m) => m <= thisMonth).at(-1) ?? last;
  const start = monthsBetween(first, end) >= maxMonths ? addMonths(end, -(maxMonths - 1)) : first;
  const months: { month: string; counts: ActiveCounts }[] = [];
  for (let month = start; month <= end; month = addMonths(month, 1)) {
    months.push({ month, counts: byMonth.get(month) ?? noSeeds() });
  }
  const sum = (keep: (month: string) => boolean) => {
    const total = noSeeds();
    for (const [month, counts] of byMonth) {
      if (!keep(month)) continue;
      total.active += counts.active;
      total.inactive += counts.inactive;
      total.unknown += counts.unknown;
    }
    return total;
  };
  return {
    months,
    before: start > first ? { month: start, counts: sum((m) => m < start) } : null,
    after: end < last ? { month: end, counts: sum((m) => m > end) } : null,
    unknown,
  };
}

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
