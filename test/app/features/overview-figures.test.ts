/**
 * The overview's figures on catalogues that strain them: none, one and 5,000 collections, sizes
 * past 2^53, dates that are missing, unreadable, ancient or in the future.
 */
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../../../src/api/parse';
import type { Collection } from '../../../src/api/records';
import { sizeChart } from '../../../src/features/overview/chart-data';
import { crawlBands, sizeByCollection } from '../../../src/features/overview/figures';
import { countByMonth, seedsByPeriod } from '../../../src/features/overview/seeds-by-month';
import { seedsByGroup } from '../../../src/features/overview/collection-charts';
import { withinSize } from '../../../src/lib/archived-size';
import { makeSeed } from './seed-fixtures';

function collections(items: readonly Record<string, unknown>[]): Collection[] {
  const base = {
    account: 1,
    name: 'A collection',
    state: 'ACTIVE',
    deleted: false,
    publicly_visible: true,
    oai_exported: false,
    image: null,
    topics: null,
    num_active_seeds: 1,
    num_inactive_seeds: 0,
    total_warc_bytes: 0,
    last_crawl_date: null,
    metadata: {},
    created_by: 'x',
    created_date: '2020-01-01T00:00:00Z',
    last_updated_by: 'x',
    last_updated_date: '2020-01-01T00:00:00Z',
  };
  return parseRecords(
    'collection',
    items.map((item, i) => ({ ...base, id: i + 1, name: `Collection ${String(i + 1)}`, ...item })),
  ).records;
}

describe('archived size by collection', () => {
  it('draws nothing for no collection, and one bar for one', () => {
    expect(sizeByCollection([])).toEqual({ largest: [], others: null, unknown: 0 });
    const one = sizeByCollection(collections([{ total_warc_bytes: 5 }]));
    expect(one.largest.map((c) => c.totalWarcBytes)).toEqual([5]);
    expect(one.others).toBeNull();
  });

  it('shows sixteen collections as themselves, never "all others" for one', () => {
    const sixteen = collections(Array.from({ length: 16 }, (_, i) => ({ total_warc_bytes: i })));
    const figures = sizeByCollection(sixteen);
    expect(figures.largest).toHaveLength(16);
    expect(figures.others).toBeNull();
  });

  it('collapses the long tail of 5,000 collections into one exact "all others"', () => {
    const sizes = Array.from({ length: 5_000 }, (_, i) => ((i * 7_919) % 5_003) * 1_000_003);
    const many = collections(sizes.map((total_warc_bytes) => ({ total_warc_bytes })));
    const figures = sizeByCollection(many);
    const sorted = [...sizes].sort((a, b) => b - a);
    expect(figures.largest.map((c) => c.totalWarcBytes)).toEqual(sorted.slice(0, 15));
    expect(figures.others?.count).toBe(4_985);
    expect(figures.others?.bytes).toBe(sorted.slice(15).reduce((s, n) => s + BigInt(n), 0n));
    const spec = sizeChart(figures);
    expect(spec.bars).toHaveLength(16);
    expect(spec.bars.at(-1)?.label).toBe('All 4,985 other collections');
  });

  it('never parts collections of one size, so "all others" is every collection of a size and below', () => {
    const othersOf = (sizes: number[]) => {
      const all = collections(sizes.map((total_warc_bytes) => ({ total_warc_bytes })));
      const figures = sizeByCollection(all);
      const atMost = figures.others?.atMost ?? -1;
      // What the bar's list keeps: the collections of at most its size.
      expect(all.filter((c) => withinSize(c, atMost))).toHaveLength(figures.others?.count ?? 0);
      expect(figures.largest.every((c) => !withinSize(c, atMost))).toBe(true);
      return figures;
    };
    // Three of the 15th's size beyond it: they are drawn too.
    const few = othersOf([
      ...Array.from({ length: 14 }, (_, i) => 1_000 - i),
      500,
      500,
      500,
      500,
      1,
      2,
    ]);
    expect(few.largest).toHaveLength(18);
    expect(few.others).toMatchObject({ count: 2, atMost: 2 });
    // Many never-crawled collections of 0 bytes: all go with the others.
    const many = othersOf([
      ...Array.from({ length: 10 }, (_, i) => 1_000 - i),
      ...Array<number>(40).fill(0),
    ]);
    expect(many.largest).toHaveLength(10);
    expect(many.others).toMatchObject({ count: 40, atMost: 0 });
    // The cut opens the collections of at most its size, largest first.
    const link = sizeChart(many).bars.at(-1)?.segments[0]?.href;
    expect(link).toBe('/collections?size_max=0&sort=-size');
  });

  it('keeps the order of sizes past 2^53, and adds them without rounding', () => {
    const big = [2 ** 60, 2 ** 60 + 2 ** 10, 2 ** 53 + 2, 2 ** 63, 3];
    const figures = sizeByCollection(
      collections(big.map((total_warc_bytes) => ({ total_warc_bytes }))),
      2,
    );
    expect(figures.largest.map((c) => c.totalWarcBytes)).toEqual([2 ** 63, 2 ** 60 + 2 ** 10]);
    expect(figures.others?.bytes).toBe(2n ** 60n + 2n ** 53n + 2n + 3n);
  });

  it('counts apart the collections whose size is not known', () => {
    const some = collections([{ total_warc_bytes: 7 }, { total_warc_bytes: 'lots' }]);
    expect(sizeByCollection(some).unknown).toBe(1);
  });
});

describe('last crawl', () => {
  it('puts a date that cannot be read in "unknown", never in a band of 1970', () => {
    const today = Date.UTC(2026, 10, 15);
    const bands = crawlBands(
      collections([
        { last_crawl_date: '2026-11-01T00:00:00Z' },
        { last_crawl_date: 'yesterday' },
        { last_crawl_date: null },
        { last_crawl_date: '1970-01-01T00:00:00Z' },
      ]),
      today,
    );
    expect(bands).toEqual({ never: 1, '1m': 1, '6m': 0, '12m': 0, older: 1, unknown: 1 });
  });
});

describe('seeds added per month', () => {
  it('fills the months between, and puts missing dates in "unknown", never January 1970', () => {
    const figures = seedsByPeriod(
      countByMonth([
        makeSeed({ created: '2024-01-10T00:00:00Z' }),
        makeSeed({ created: '2024-03-31T23:59:59.999999Z', active: false }),
        makeSeed({ created: null }),
        makeSeed({ created: null, active: 'unknown' }),
      ]),
      '2026-11',
    );
    expect(figures.periods.map((m) => [m.period, m.counts])).toEqual([
      ['2024-01', { active: 1, inactive: 0, unknown: 0 }],
      ['2024-02', { active: 0, inactive: 0, unknown: 0 }],
      ['2024-03', { active: 0, inactive: 1, unknown: 0 }],
    ]);
    expect(figures.unknown).toEqual({ active: 1, inactive: 0, unknown: 1 });
    expect(figures.before).toBeNull();
    expect(figures.after).toBeNull();
  });

  it('keeps an ancient or a future date from stretching the chart over centuries', () => {
    const figures = seedsByPeriod(
      countByMonth([
        makeSeed({ created: '0050-06-01T00:00:00Z' }),
        makeSeed({ created: '2020-01-01T00:00:00Z' }),
        makeSeed({ created: '2026-11-02T00:00:00Z' }),
        makeSeed({ created: '2999-01-01T00:00:00Z' }),
      ]),
      '2026-11',
    );
    expect(figures.periods).toHaveLength(360);
    expect(figures.periods[0]?.period).toBe('1996-12');
    expect(figures.periods.at(-1)?.period).toBe('2026-11');
    expect(figures.before?.counts.active).toBe(1);
    expect(figures.after?.counts.active).toBe(1);
  });

  it('folds months into quarters and years, whole ones, every seed in exactly one bar', () => {
    const seeds = [
      makeSeed({ created: '0050-06-01T00:00:00Z' }),
      makeSeed({ created: '1996-11-30T00:00:00Z' }),
      makeSeed({ created: '1996-12-01T00:00:00Z' }),
      makeSeed({ created: '2024-03-31T23:59:59Z', active: false }),
      makeSeed({ created: '2024-04-01T00:00:00Z' }),
      makeSeed({ created: '2026-11-02T00:00:00Z' }),
      makeSeed({ created: '2999-01-01T00:00:00Z' }),
    ];
    const counts = countByMonth(seeds);
    const quarters = seedsByPeriod(counts, '2026-11', 'quarter');
    // Thirty years back from November 2026 begin in December 1996: its whole quarter is shown.
    expect(quarters.periods[0]?.period).toBe('1996-Q4');
    expect(quarters.periods.at(-1)?.period).toBe('2026-Q4');
    expect(quarters.periods[0]?.counts.active).toBe(2);
    expect(quarters.before).toEqual({
      period: '1996-Q4',
      counts: { active: 1, inactive: 0, unknown: 0 },
    });
    const q2024 = quarters.periods.filter((q) => q.period.startsWith('2024'));
    expect(q2024.map((q) => [q.period, q.counts.active, q.counts.inactive])).toEqual([
      ['2024-Q1', 0, 1],
      ['2024-Q2', 1, 0],
      ['2024-Q3', 0, 0],
      ['2024-Q4', 0, 0],
    ]);
    const years = seedsByPeriod(counts, '2026-11', 'year');
    expect(years.periods.map((y) => y.period)).toEqual(
      Array.from({ length: 31 }, (_, i) => String(1996 + i)),
    );
    expect(years.after?.counts.active).toBe(1);
    const drawn = (f: typeof years) =>
      [...f.periods, f.before, f.after].reduce(
        (sum, p) => sum + (p ? p.counts.active + p.counts.inactive : 0),
        0,
      );
    expect(drawn(quarters)).toBe(seeds.length);
    expect(drawn(years)).toBe(seeds.length);
  });

  it('has no months for no seeds', () => {
    expect(seedsByPeriod(countByMonth([]), '2026-11').periods).toEqual([]);
  });
});

describe('seeds by group', () => {
  it('counts a seed in each of its groups, "all others" once, and no group apart from unknown', () => {
    const seeds = [
      ...Array.from({ length: 3 }, () => makeSeed({ groups: [1] })),
      makeSeed({ groups: [2, 3] }),
      makeSeed({ groups: [3] }),
      makeSeed({ groups: [] }),
      makeSeed({ groups: 'unknown' }),
    ];
    const figures = seedsByGroup(seeds, (id) => `G${String(id)}`, 1);
    expect(figures.largest).toEqual([{ id: 1, name: 'G1', count: 3 }]);
    expect(figures.others).toEqual({ ids: [3, 2], count: 2 });
    expect(figures.none).toBe(1);
    expect(figures.unknown).toBe(1);
  });
});
