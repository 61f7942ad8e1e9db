/**
 * Where a bar chart puts its marks at a given width (`layoutChart`), as numbers: the band and value
 * scales' coordinates are d3-scale's for the same domain and range, so a bar drawn in another
 * place, a bar thinner than a reader can point at, or a figure cut short shows here.
 */
import { describe, expect, it } from 'vitest';
import { layoutChart } from '../../../src/components/chart/chart-layout';
import type { ChartBar, ChartSpec } from '../../../src/components/chart/chart-model';

function spec(
  layout: 'rows' | 'columns',
  bars: ChartBar[],
  more: Partial<ChartSpec> = {},
): ChartSpec {
  return {
    id: 'test',
    title: 'A chart',
    summary: '',
    layout,
    categoryLabel: 'Category',
    valueLabel: 'Seeds',
    kind: 'count',
    noun: ['seed', 'seeds'],
    series: [
      { key: 'active', label: 'Active' },
      { key: 'inactive', label: 'Inactive' },
    ],
    bars,
    empty: 'None',
    ...more,
  };
}

const bar = (key: string, ...values: number[]): ChartBar => ({
  key,
  label: key,
  segments: values.map((value, i) => ({
    series: i === 0 ? 'active' : 'inactive',
    value,
    href: `/seeds?${key}`,
  })),
});

/** The months of `years` years from January 2000, as bars of one seed each. */
function months(years: number): ChartSpec {
  const keys = Array.from({ length: years * 12 }, (_, i) => {
    const month = String((i % 12) + 1).padStart(2, '0');
    return `${String(2000 + Math.floor(i / 12))}-${month}`;
  });
  const byYear = spec(
    'columns',
    Array.from({ length: years }, (_, y) => bar(String(2000 + y), 12)),
    { unit: 'year' },
  );
  return spec(
    'columns',
    keys.map((key) => bar(key, 1)),
    { unit: 'month', coarser: byYear },
  );
}

describe('a chart in columns', () => {
  const layout = layoutChart(spec('columns', [bar('a', 10), bar('b', 25), bar('c', 30, 10)]), 720);

  it('fills the width it is given, inside fixed margins', () => {
    expect(layout.margin).toEqual({ top: 24, right: 16, bottom: 60, left: 72 });
    expect([layout.plotWidth, layout.plotHeight]).toEqual([632, 240]);
    expect([layout.svgWidth, layout.height]).toEqual([720, 324]);
    expect(layout.scrolls).toBe(false);
  });

  it('stands each bar in its band where d3 puts it, to a value scale from 0 to a round 40', () => {
    expect(layout.bars.map((b) => b.start)).toEqual([
      57.45454545454544, 248.96969696969694, 440.48484848484844,
    ]);
    expect(layout.band.bandwidth()).toBe(134.06060606060603);
    expect(layout.value.ticks(5)).toEqual([0, 10, 20, 30, 40]);
    // 10 of 40 on a plot 240 high: 60 px, standing on the axis.
    expect(layout.bars[0]?.segments[0]?.rect).toEqual({
      x: 57.45454545454544,
      y: 180,
      width: 134.06060606060603,
      height: 60,
    });
  });

  it('stacks a bar’s segments from the axis up, and writes its total above them', () => {
    const [active, inactive] = layout.bars[2]?.segments ?? [];
    expect([active?.rect.y, active?.rect.height]).toEqual([60, 180]);
    expect([inactive?.rect.y, inactive?.rect.height]).toEqual([0, 60]);
    expect(layout.bars[2]?.total).toBe(40);
    expect(layout.bars[2]?.figure).toEqual({
      x: 440.48484848484844 + 134.06060606060603 / 2,
      y: -6,
    });
    // The tooltip points at the bar's top, from the chart's corner.
    expect(layout.bars[2]?.tip).toEqual({
      x: 72 + 440.48484848484844 + 134.06060606060603 / 2,
      y: 24,
    });
  });

  it('draws the smallest figure as a sliver of 2 px, and no segment for nothing', () => {
    const tiny = layoutChart(spec('columns', [bar('a', 9_999, 0, 1)]), 720).bars[0];
    // 1 of 10,000 on 240 px would be 0.024 px.
    expect(tiny?.segments.map((s) => [s.index, s.rect.height])).toEqual([
      [0, 239.976],
      [2, 2],
    ]);
  });
});

describe('a chart by month', () => {
  it('keeps months while they are at least 8 px wide', () => {
    const layout = layoutChart(months(3), 720);
    expect(layout.spec.unit).toBe('month');
    expect(layout.band.bandwidth()).toBeGreaterThanOrEqual(8);
  });

  it('draws years instead where months would be thinner than 8 px', () => {
    const layout = layoutChart(months(10), 720);
    expect(layout.spec.unit).toBe('year');
    expect(layout.bars).toHaveLength(10);
    // By year the axis names each year it has room for.
    expect([...(layout.tickLabels?.values() ?? [])]).toContain('2000');
    // At 1,440 px, 120 months fit.
    expect(layoutChart(months(10), 1440).spec.unit).toBe('month');
  });

  it('scrolls rather than thin its bars when even the years are too many', () => {
    const layout = layoutChart(
      spec(
        'columns',
        Array.from({ length: 100 }, (_, i) => bar(`k${String(i)}`, 1)),
      ),
      720,
    );
    expect(layout.scrolls).toBe(true);
    expect(layout.svgWidth).toBeGreaterThan(720);
    expect(layout.band.bandwidth()).toBeGreaterThanOrEqual(8);
  });
});

describe('a chart in rows with one bar far beyond the others', () => {
  const rows = [bar('Collection one', 9e15), bar('two', 4e9), bar('three', 2e9), bar('four', 1e9)];
  const layout = layoutChart(spec('rows', rows, { kind: 'bytes' }), 720);

  it('makes room on the left for the longest name, and a row of 30 px per bar', () => {
    // "Collection one": 14 characters of about 7 px, and 16 px to spare.
    expect(layout.margin).toEqual({ top: 24, right: 88, bottom: 52, left: 114 });
    expect([layout.plotWidth, layout.plotHeight]).toEqual([518, 120]);
    expect(layout.bars.map((b) => b.start)).toEqual([
      7.058823529411768, 35.294117647058826, 63.529411764705884, 91.76470588235294,
    ]);
  });

  it('draws the others to a scale of the next largest, and the far one whole, broken', () => {
    // The scale runs to 1.25 × 4 GB, made round: 5 GB over 518 px.
    expect(layout.value.ticks(5)).toEqual([0, 1e9, 2e9, 3e9, 4e9, 5e9]);
    expect(layout.bars.map((b) => b.segments[0]?.rect.width)).toEqual([
      518, 414.40000000000003, 207.20000000000002, 103.60000000000001,
    ]);
    expect(layout.bars.map((b) => b.breakAt)).toEqual([518 * 0.85, null, null, null]);
    expect(layout.bars[0]?.figure).toEqual({
      x: 524,
      y: 7.058823529411768 + 21.176470588235293 / 2,
    });
  });

  it('cuts a long name to what the margin holds', () => {
    const long = 'A collection with a name far longer than any margin should hold';
    const wide = layoutChart(spec('rows', [bar(long, 1)]), 720);
    expect(wide.margin.left).toBe(260);
    expect(wide.labelChars).toBe(34);
  });
});
