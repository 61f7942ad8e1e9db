/**
 * A bar chart, drawn by React element by element, so nothing is injected that the
 * Content-Security-Policy forbids, and each bar segment is a router link to the list it counts.
 * A segment no filter can name (dates the service did not give, the far past) is an image with
 * its figure as its name instead, focusable alike. The segments are one stop in the tab order:
 * the arrow keys move between them (Home and End to the ends), and focus or the pointer shows the
 * exact figure. This module is loaded with the first chart, never with the rest of the app.
 *
 * It is over 300 lines because the layout, the marks and their keyboard and pointer handling are
 * one component: the segments' places feed all three.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import {
  barTotal,
  barText,
  formatValue,
  segmentText,
  type ChartBar,
  type ChartSpec,
} from './chart-model';
import { ChartTooltip, type TooltipAt } from './chart-tooltip';
import { Axis } from './axis';
import { periodTicks } from './period-ticks';
import { scaleBand, scaleLinear } from './scales';

const ROW = 30;
const COLUMNS_HEIGHT = 240;
const FALLBACK_WIDTH = 720;
/** The narrowest a bar is drawn: thinner, a reader can neither see nor point at it. */
const MIN_BAR = 8;
/** A bar more than this many times the next largest is drawn broken, so the others keep their length. */
const OUTLIER = 20;
/** Room past the next largest bar on a broken bar's axis. */
const HEADROOM = 1.25;

/** The width the chart has to draw in, following the page as it resizes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return { ref, width };
}

/** A value axis' tick: zero is plain "0" whatever the unit. */
const axisValue = (spec: ChartSpec, v: number) => (v === 0 ? '0' : formatValue(spec.kind, v));

const clipLabel = (text: string, chars: number) =>
  text.length > chars ? `${text.slice(0, chars - 1).trimEnd()}…` : text;

/**
 * Where a broken bar leaves its scale: a gap with slanted edges across the bar, at `at` along the
 * value axis, over the band from `start`, `breadth` wide.
 */
function BreakMark({
  rows,
  at,
  start,
  breadth,
}: {
  rows: boolean;
  at: number;
  start: number;
  breadth: number;
}) {
  const over = 3;
  const slant = Math.min(6, breadth / 2);
  const gap = 5;
  // Along the bar (x for rows, y for columns), then across it.
  const point = (along: number, across: number) =>
    rows ? `${String(along)},${String(across)}` : `${String(across)},${String(along)}`;
  const a0 = start - over;
  const a1 = start + breadth + over;
  const edge = (from: number) => `M${point(from - slant, a1)} L${point(from + slant, a0)}`;
  return (
    <g className="chart__break" aria-hidden="true">
      <polygon
        points={[
          point(at - slant, a1),
          point(at + slant, a0),
          point(at + slant + gap, a0),
          point(at - slant + gap, a1),
        ].join(' ')}
      />
      <path d={`${edge(at)} ${edge(at + gap)}`} />
    </g>
  );
}

interface Place {
  bar: number;
  segment: number;
}

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

export default function BarChart({ spec: given }: { spec: ChartSpec }) {
  const { ref, width } = useWidth();
  const [focus, setFocus] = useState<Place>({ bar: 0, segment: 0 });
  const [tip, setTip] = useState<TooltipAt | null>(null);
  // The segments that take focus: SVG <a> elements (typed as the router's anchors) and <g>.
  const targets = useRef(new Map<string, HTMLElement | SVGElement>());
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
  const length = (v: number) => (rows ? value(v) : plotHeight - value(v));
  /** A bar's length: to scale, or the whole axis for the broken one. */
  const barLength = (b: number, v: number, total: number) =>
    b === outlier?.index ? (v / total) * plotLength : length(v);
  const tickLabels = spec.unit ? periodTicks(spec.bars, plotWidth, spec.unit) : null;
  const labelChars = Math.floor((margin.left - 16) / 7);

  // Every segment drawn, in reading order: the order the arrow keys follow.
  const places: Place[] = [];
  spec.bars.forEach((bar, b) => {
    bar.segments.forEach((segment, s) => {
      if (segment.value > 0) places.push({ bar: b, segment: s });
    });
  });
  const current =
    places.find((p) => p.bar === focus.bar && p.segment === focus.segment) ?? places[0];
  const keyOf = (p: Place) => `${String(p.bar)}:${String(p.segment)}`;

  const move = (event: KeyboardEvent, from: Place) => {
    const at = places.findIndex((p) => p.bar === from.bar && p.segment === from.segment);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? places.length - 1
          : ['ArrowRight', 'ArrowDown'].includes(event.key)
            ? Math.min(places.length - 1, at + 1)
            : ['ArrowLeft', 'ArrowUp'].includes(event.key)
              ? Math.max(0, at - 1)
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const place = places[next];
    if (!place) return;
    setFocus(place);
    targets.current.get(keyOf(place))?.focus();
  };

  const tipFor = (bar: ChartBar, b: number, s: number): TooltipAt => {
    const start = band(bar.key) ?? 0;
    const total = barTotal(bar);
    const size = barLength(b, total, total);
    return rows
      ? { bar: b, segment: s, x: margin.left + size, y: margin.top + start + band.bandwidth() / 2 }
      : {
          bar: b,
          segment: s,
          x: margin.left + start + band.bandwidth() / 2,
          y: margin.top + plotHeight - size,
        };
  };

  return (
    <div
      className={`chart chart--${spec.layout}${band.bandwidth() < 8 ? ' chart--dense' : ''}${svgWidth > width ? ' chart--scrolls' : ''}`}
      ref={ref}
    >
      <svg
        width={svgWidth}
        height={height}
        viewBox={`0 0 ${String(svgWidth)} ${String(height)}`}
        role="group"
        aria-label={`${spec.title}: the chart`}
        className="chart__svg"
      >
        <g
          className="visx-group"
          transform={`translate(${String(margin.left)}, ${String(margin.top)})`}
        >
          <g className="chart__grid" aria-hidden="true">
            {value
              .ticks(5)
              .map((t) =>
                rows ? (
                  <line key={t} x1={value(t)} x2={value(t)} y1={0} y2={plotHeight} />
                ) : (
                  <line key={t} x1={0} x2={plotWidth} y1={value(t)} y2={value(t)} />
                ),
              )}
          </g>
          {spec.bars.map((bar, b) => {
            const start = band(bar.key) ?? 0;
            let offset = 0;
            const total = barTotal(bar);
            return (
              <g
                key={bar.key}
                className={bar.muted ? 'chart__bar chart__bar--muted' : 'chart__bar'}
                onMouseLeave={() => {
                  setTip(null);
                }}
              >
                {bar.segments.map((segment, s) => {
                  if (segment.value <= 0) return null;
                  const from = offset;
                  // The smallest figure stays visible: a sliver of two pixels at least.
                  const size = Math.max(2, barLength(b, segment.value, total));
                  offset += size;
                  const shape = rows ? (
                    <rect x={from} y={start} width={size} height={band.bandwidth()} />
                  ) : (
                    <rect
                      x={start}
                      y={plotHeight - from - size}
                      width={band.bandwidth()}
                      height={size}
                    />
                  );
                  const seriesIndex = spec.series.findIndex((x) => x.key === segment.series);
                  const className = `chart__segment chart__segment--${String(seriesIndex + 1)}`;
                  const place = { bar: b, segment: s };
                  const isCurrent = current?.bar === b && current.segment === s;
                  const focusable = {
                    tabIndex: isCurrent ? 0 : -1,
                    ref: (el: HTMLAnchorElement | SVGGElement | null) => {
                      if (el) targets.current.set(keyOf(place), el);
                      else targets.current.delete(keyOf(place));
                    },
                    onMouseEnter: () => {
                      setTip(tipFor(bar, b, s));
                    },
                    onFocus: () => {
                      setFocus(place);
                      setTip(tipFor(bar, b, s));
                    },
                    onBlur: () => {
                      setTip(null);
                    },
                    onKeyDown: (event: KeyboardEvent) => {
                      move(event, place);
                    },
                  };
                  if (!segment.href) {
                    // Reached like the others, so its figure and why it opens nothing are heard.
                    return (
                      <g
                        key={segment.series}
                        className={`${className} chart__segment--still`}
                        role="img"
                        aria-label={`${segmentText(spec, bar, segment)}. ${bar.note ?? 'No list counts these.'}`}
                        {...focusable}
                      >
                        {shape}
                      </g>
                    );
                  }
                  return (
                    <Link
                      key={segment.series}
                      to={segment.href}
                      className={className}
                      aria-label={segmentText(spec, bar, segment)}
                      {...focusable}
                    >
                      {shape}
                    </Link>
                  );
                })}
                {b === outlier?.index && (
                  <BreakMark
                    rows={rows}
                    at={rows ? plotLength * 0.85 : plotHeight - plotLength * 0.85}
                    start={start}
                    breadth={band.bandwidth()}
                  />
                )}
                {(rows || spec.bars.length <= 12 || b === outlier?.index) && (
                  <text
                    className="chart__value"
                    aria-hidden="true"
                    x={rows ? barLength(b, total, total) + 6 : start + band.bandwidth() / 2}
                    y={
                      rows
                        ? start + band.bandwidth() / 2
                        : plotHeight - barLength(b, total, total) - 6
                    }
                    dominantBaseline={rows ? 'middle' : undefined}
                    textAnchor={rows ? 'start' : 'middle'}
                  >
                    {formatValue(spec.kind, total)}
                  </text>
                )}
              </g>
            );
          })}
          <g aria-hidden="true">
            {rows ? (
              <>
                <text className="chart__axis-label" x={-8} y={-10} textAnchor="end">
                  {spec.categoryLabel}
                </text>
                <Axis
                  orientation="left"
                  scale={band}
                  tickValues={spec.bars.map((b) => b.key)}
                  tickFormat={(key: string) => {
                    const bar = spec.bars.find((x) => x.key === key);
                    return clipLabel(bar?.tick ?? bar?.label ?? key, labelChars);
                  }}
                  tickClassName="chart__tick"
                  dx={-4}
                  hideTicks
                />
                <Axis
                  orientation="bottom"
                  scale={value}
                  top={plotHeight}
                  numTicks={5}
                  tickFormat={(v: number) => axisValue(spec, v)}
                  tickClassName="chart__tick"
                  label={spec.valueLabel}
                  labelClassName="chart__axis-label"
                  labelOffset={16}
                />
              </>
            ) : (
              <>
                <Axis
                  orientation="left"
                  scale={value}
                  numTicks={5}
                  tickFormat={(v: number) => axisValue(spec, v)}
                  tickClassName="chart__tick"
                  dx={-4}
                  label={spec.valueLabel}
                  labelClassName="chart__axis-label"
                  labelOffset={44}
                />
                <Axis
                  orientation="bottom"
                  scale={band}
                  top={plotHeight}
                  tickValues={tickLabels ? [...tickLabels.keys()] : undefined}
                  tickFormat={(key: string) => {
                    const bar = spec.bars.find((x) => x.key === key);
                    return tickLabels?.get(key) ?? bar?.tick ?? bar?.label ?? key;
                  }}
                  tickClassName="chart__tick"
                  label={spec.categoryLabel}
                  labelClassName="chart__axis-label"
                  labelOffset={18}
                />
              </>
            )}
          </g>
        </g>
      </svg>
      {tip && (
        <ChartTooltip
          at={tip}
          text={spec.bars[tip.bar] ? barText(spec, spec.bars[tip.bar] as ChartBar) : ''}
          note={spec.bars[tip.bar]?.note}
          width={width}
          layout={spec.layout}
        />
      )}
    </div>
  );
}
