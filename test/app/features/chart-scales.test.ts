/**
 * The overview charts' scales land where d3-scale 4 puts them. Every figure here is what d3's
 * `scaleBand().padding(p)` and `scaleLinear().nice()` gave for the same domain and range, written
 * down as numbers, so a change of the arithmetic shows as a bar or tick in another place.
 */
import { describe, expect, it } from 'vitest';
import { scaleBand, scaleLinear } from '../../../src/components/chart/scales';

describe('the band scale', () => {
  it('places three bands with padding 0.3 where d3 does', () => {
    const band = scaleBand(['a', 'b', 'c'], [0, 100], 0.3);
    expect(['a', 'b', 'c'].map((key) => band(key))).toEqual([
      9.090909090909093, 39.39393939393939, 69.69696969696969,
    ]);
    expect(band.bandwidth()).toBe(21.21212121212121);
    expect(band('d')).toBeUndefined();
  });

  it('places 45 thin bands with padding 0.1 where d3 does', () => {
    const keys = Array.from({ length: 45 }, (_, i) => `k${String(i)}`);
    const band = scaleBand(keys, [0, 632], 0.1);
    expect(band('k0')).toBe(1.401330376940109);
    expect(band('k44')).toBe(617.9866962305987);
    expect(band.bandwidth()).toBe(12.611973392461199);
  });

  it('keeps a repeated key once, as d3 does', () => {
    const band = scaleBand(['x', 'y', 'x'], [0, 90], 0.25);
    expect(band.domain()).toEqual(['x', 'y']);
    expect([band('x'), band('y'), band.bandwidth()]).toEqual([10, 50, 30]);
  });
});

describe('the linear scale, made nice', () => {
  it.each([
    // max, range, where max lands, where max / 3 lands, the ticks asked for 5
    [37, [240, 0], 17.99999999999999, 166, [0, 10, 20, 30, 40]],
    [
      1_234_567,
      [0, 500],
      474.83346153846156,
      158.27782051282048,
      [0, 200_000, 400_000, 600_000, 800_000, 1_000_000, 1_200_000],
    ],
    [1, [240, 0], 0, 160.00000000000003, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [9e15, [0, 600], 600, 200, [0, 2e15, 4e15, 6e15, 8e15]],
  ] as const)(
    'from 0 to %d onto %j: as d3 places values and ticks',
    (max, range, top, third, ticks) => {
      const scale = scaleLinear(max, [...range]);
      expect(scale(max)).toBe(top);
      expect(scale(max / 3)).toBe(third);
      expect(scale.ticks(5)).toEqual(ticks);
      expect(scale(0)).toBe(range[0]);
    },
  );
});
