/**
 * The overview's figures, worked out from the loaded lists by the same rules the lists' filters
 * use (crawl-age.ts, archived-size.ts), so that every bar counts exactly the rows of the list it
 * opens. Nothing here draws; chart-data.ts turns these into bars. The seeds by month, which
 * need every seed, are in seeds-by-month.ts.
 */
import type { Collection } from '../../api/records';
import { withinSize } from '../../lib/archived-size';
import { CRAWL_AGES, crawlAge, type CrawlAge } from '../../lib/crawl-age';

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
  /**
   * The rest of the collections with a known size, when there are two or more of them: exactly
   * those of at most `atMost` bytes (the largest of them), which is what their list filters by.
   */
  readonly others: {
    readonly count: number;
    readonly bytes: bigint;
    readonly atMost: number;
  } | null;
  /** Collections whose size the service did not give. */
  readonly unknown: number;
}

/** Bars a tie at the cut may add, so that collections of the same size stay together. */
const TIE_ROOM = 5;

/**
 * The largest collections by archived size and the rest as one figure. A single remaining
 * collection is shown as itself: "all others" for one would hide its name for nothing. The cut
 * never parts collections of the same size, so "all others" is a size and below: it takes in the
 * few of the cut's size when there are many of them, and shows them as bars when there are few.
 */
export function sizeByCollection(
  collections: readonly Collection[],
  top: number = TOP_BARS,
): SizeFigures {
  const known = collections.filter((c) => c.totalWarcBytes !== null);
  const size = (c: Collection | undefined) => c?.totalWarcBytes ?? 0;
  // Numbers past 2^53 still compare in the order of the service's values.
  known.sort((a, b) => size(b) - size(a) || a.id - b.id);
  let shown = known.length <= top + 1 ? known.length : top;
  if (shown < known.length && size(known[shown]) === size(known[shown - 1])) {
    const edge = size(known[shown]);
    let after = shown;
    while (after < known.length && size(known[after]) === edge) after++;
    let before = shown;
    while (before > 0 && size(known[before - 1]) === edge) before--;
    shown = after - top <= TIE_ROOM ? after : before;
  }
  const largest = known.slice(0, shown);
  const first = known[shown];
  const rest = first ? known.filter((c) => withinSize(c, size(first))) : [];
  return {
    largest,
    others:
      rest.length === 0
        ? null
        : {
            count: rest.length,
            bytes: rest.reduce((sum, c) => sum + BigInt(size(c)), 0n),
            atMost: size(first),
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
