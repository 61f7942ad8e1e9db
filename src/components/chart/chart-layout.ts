/**
 * Where everything of a bar chart goes at a given width, worked out without React: the spec that
 * fits (months, quarters or years), the margins, the scales, each segment's rectangle, each bar's
 * figure and break mark, and the point its tooltip points at. `bar-chart.tsx` draws what this
 * says and handles the keyboard and the pointer; the tests read the numbers.
 */
import { barTotal, type ChartBar, type ChartSegment, type ChartSpec } from './chart-model';
import { periodTicks } from './period-ticks';
import { scaleBand, scaleLinear, type BandScale, type LinearScale } from './scales';

const ROW = 30;
const COLUMNS_HEIGHT = 240;
/** The narrowest a bar is drawn: thinner, a reader can neither see nor point at it. */
const MIN_BAR = 8;
/** A bar more than this many times the next largest is drawn broken, so the others keep their length. */
const OUTLIER = 20;
/** Room past the next largest bar on a broken bar's axis. */
const HEADROOM = 1.25;
/** The smallest figure stays visible: a sliver this long at least. */
const MIN_SEGMENT = 2;

const MARGINS = { top: 24, right: 16, bottom: 60, left: 72 };

/** The band padding of a chart standing in columns. */
const columnPadding = (bars: number) => (bars > 40 ? 0.1 : 0.3);

/** How wide a column's bar is when the plot is `plotWidth` wide (the band scale's arithmetic). */
function columnWidth(bars: number, plotWidth: number): number {
  const padding = columnPadding(bars);
  return (plotWidth * (1 - padding)) / (bars + padding);
}

/**
 * The spec to draw at this width: the finest whose bars are at least MIN_BAR wide (months, else
 * quarters, else years); the coarsest there is when none are.
 */
function fitted(spec: ChartSpec, plotWidth: number): ChartSpec {
  let shown = spec;
  while (shown.coarser && columnWidth(shown.bars.length, plotWidth) < MIN_BAR) {
    shown = shown.coarser;
  }
  return shown;
}

/** The bar drawn broken: one more than OUTLIER times any other, which are drawn to scale. */
function outlierOf(bars: readonly ChartBar[]): { index: number; scaleMax: number } | null {
  let index = -1;
  let top = 0;
  let second = 0;
  bars.forEach((bar, i) => {
    const total = barTotal(bar);
    if (total > top) {
      second = top;
      top = total;
      index = i;
    } else if (total > second) {
      second = total;
    }
  });
  return second > 0 && top > OUTLIER * second ? { index, scaleMax: second * HEADROOM } : null;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A drawn part of a bar: its index among the bar's segments, and its rectangle. */
export interface SegmentLayout {
  index: number;
  segment: ChartSegment;
  rect: Rect;
}

export interface BarLayout {
  bar: ChartBar;
  /** Where its band starts along the category axis. */
  start: number;
  total: number;
  /** The segments with a figure, end to end from the axis. */
  segments: SegmentLayout[];
  /** Where its figure is written, when it is. */
  figure: Point | null;
  /** Where the broken bar leaves its scale, along the value axis; null for every other bar. */
  breakAt: number | null;
  /** The point a tooltip about it points at, from the chart's top left corner. */
  tip: Point;
}

export interface ChartLayout {
  /** The spec drawn: the given one, or a coarser one when its bars would be too thin. */
  spec: ChartSpec;
  rows: boolean;
  margin: { top: number; right: number; bottom: number; left: number };
  plotWidth: number;
  plotHeight: number;
  svgWidth: number;
  height: number;
  band: BandScale;
  value: LinearScale;
  /** The figures the value axis and the grid mark: whole numbers only, for counts. */
  valueTicks: number[];
  bars: BarLayout[];
  /** The labels of a chart by period: which bars the category axis names, and how. */
  tickLabels: Map<string, string> | null;
  /** How many characters of a category fit in the left margin of a chart in rows. */
  labelChars: number;
  /** Wider than the width given: the chart scrolls rather than thin its bars. */
  scrolls: boolean;
  /** Bands narrower than 8 px. */
  dense: boolean;
}

/** Where everything of the chart for `given` goes when it has `width` pixels. */
export function layoutChart(given: ChartSpec, width: number): ChartLayout {
  const rows = given.layout === 'rows';
  const spec = rows ? given : fitted(given, width - MARGINS.left - MARGINS.right);
  const longest = Math.max(0, ...spec.bars.map((b) => (b.tick ?? b.label).length));
  const margin = rows
    ? { top: 24, right: 88, bottom: 52, left: Math.min(260, Math.max(90, longest * 7 + 16)) }
    : MARGINS;
  const plotHeight = rows ? spec.bars.length * ROW : COLUMNS_HEIGHT;
  // Columns too many for the width even by year: the chart scrolls rather than thin them.
  const padding = rows ? 0.25 : columnPadding(spec.bars.length);
  const widest = rows ? 0 : Math.ceil((MIN_BAR * (spec.bars.length + padding)) / (1 - padding));
  const plotWidth = Math.max(120, widest, width - margin.left - margin.right);
  const svgWidth = plotWidth + margin.left + margin.right;
  const height = plotHeight + margin.top + margin.bottom;
  const outlier = outlierOf(spec.bars);
  const max = Math.max(1, outlier?.scaleMax ?? Math.max(0, ...spec.bars.map(barTotal)));
  const band = scaleBand(
    spec.bars.map((b) => b.key),
    rows ? [0, plotHeight] : [0, plotWidth],
    padding,
  );
  const value = scaleLinear(max, rows ? [0, plotWidth] : [plotHeight, 0]);
  const plotLength = rows ? plotWidth : plotHeight;
  const breadth = band.bandwidth();

  const bars = spec.bars.map((bar, b): BarLayout => {
    const start = band(bar.key) ?? 0;
    const total = barTotal(bar);
    const broken = b === outlier?.index;
    /** A length along the value axis: to scale, or of the whole axis for the broken bar. */
    const length = (v: number) =>
      broken ? (v / total) * plotLength : rows ? value(v) : plotHeight - value(v);
    let offset = 0;
    const segments: SegmentLayout[] = [];
    bar.segments.forEach((segment, index) => {
      if (segment.value <= 0) return;
      const from = offset;
      const size = Math.max(MIN_SEGMENT, length(segment.value));
      offset += size;
      const rect = rows
        ? { x: from, y: start, width: size, height: breadth }
        : { x: start, y: plotHeight - from - size, width: breadth, height: size };
      segments.push({ index, segment, rect });
    });
    const end = length(total);
    const middle = start + breadth / 2;
    const figure = rows || spec.bars.length <= 12 || broken;
    return {
      bar,
      start,
      total,
      segments,
      figure: figure
        ? rows
          ? { x: end + 6, y: middle }
          : { x: middle, y: plotHeight - end - 6 }
        : null,
      breakAt: broken ? (rows ? plotLength * 0.85 : plotHeight - plotLength * 0.85) : null,
      tip: rows
        ? { x: margin.left + end, y: margin.top + middle }
        : { x: margin.left + middle, y: margin.top + plotHeight - end },
    };
  });

  return {
    spec,
    rows,
    margin,
    plotWidth,
    plotHeight,
    svgWidth,
    height,
    band,
    value,
    valueTicks: value.ticks(5).filter((t) => spec.kind !== 'count' || Number.isInteger(t)),
    bars,
    tickLabels: spec.unit ? periodTicks(spec.bars, plotWidth, spec.unit) : null,
    labelChars: Math.floor((margin.left - 16) / 7),
    scrolls: svgWidth > width,
    dense: breadth < 8,
  };
}
