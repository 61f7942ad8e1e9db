/**
 * A bar chart, drawn by React element by element, so nothing is injected that the
 * Content-Security-Policy forbids, and each bar segment is a router link to the list it counts.
 * A segment no filter can name (dates the service did not give, the far past) is an image with
 * its figure as its name instead, focusable alike. The segments are one stop in the tab order:
 * the arrow keys move between them (Home and End to the ends), and focus or the pointer shows the
 * exact figure. This module is loaded with the first chart, never with the rest of the app.
 *
 * Where each mark goes is worked out by `layoutChart` (chart-layout.ts); this file draws it. It is
 * over 300 lines because the marks and their keyboard and pointer handling are one component: the
 * segments' places feed both.
 */
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../link';
import {
  barText,
  formatValue,
  segmentText,
  seriesColour,
  type ChartBar,
  type ChartSpec,
} from './chart-model';
import { ChartTooltip, type TooltipAt } from './chart-tooltip';
import { Axis } from './axis';
import { layoutChart, type BarLayout } from './chart-layout';

const FALLBACK_WIDTH = 720;
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

export default function BarChart({ spec: given }: { spec: ChartSpec }) {
  const { ref, width } = useWidth();
  const [focus, setFocus] = useState<Place>({ bar: 0, segment: 0 });
  const [tip, setTip] = useState<TooltipAt | null>(null);
  // The segments that take focus: SVG <a> elements (typed as the router's anchors) and <g>.
  const targets = useRef(new Map<string, HTMLElement | SVGElement>());
  const layout = useMemo(() => layoutChart(given, width), [given, width]);
  const { spec, rows, margin, plotWidth, plotHeight, svgWidth, height, band, value } = layout;
  const { tickLabels, labelChars } = layout;

  // Every segment drawn, in reading order: the order the arrow keys follow.
  const places: Place[] = layout.bars.flatMap((drawn, b) =>
    drawn.segments.map((s) => ({ bar: b, segment: s.index })),
  );
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

  const tipFor = (drawn: BarLayout, b: number, s: number): TooltipAt => ({
    bar: b,
    segment: s,
    ...drawn.tip,
  });

  return (
    <div
      className={`chart chart--${spec.layout}${layout.dense ? ' chart--dense' : ''}${layout.scrolls ? ' chart--scrolls' : ''}`}
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
        <g transform={`translate(${String(margin.left)}, ${String(margin.top)})`}>
          <g className="chart__grid" aria-hidden="true">
            {layout.valueTicks.map((t) =>
              rows ? (
                <line key={t} x1={value(t)} x2={value(t)} y1={0} y2={plotHeight} />
              ) : (
                <line key={t} x1={0} x2={plotWidth} y1={value(t)} y2={value(t)} />
              ),
            )}
          </g>
          {layout.bars.map((drawn, b) => {
            const { bar } = drawn;
            return (
              <g
                key={bar.key}
                className={bar.muted ? 'chart__bar chart__bar--muted' : 'chart__bar'}
                onMouseLeave={() => {
                  setTip(null);
                }}
              >
                {drawn.segments.map(({ index: s, segment, rect }) => {
                  const shape = <rect {...rect} />;
                  const className = `chart__segment chart__segment--${seriesColour(spec, segment.series)}`;
                  const place = { bar: b, segment: s };
                  const isCurrent = current?.bar === b && current.segment === s;
                  const focusable = {
                    tabIndex: isCurrent ? 0 : -1,
                    ref: (el: HTMLAnchorElement | SVGGElement | null) => {
                      if (el) targets.current.set(keyOf(place), el);
                      else targets.current.delete(keyOf(place));
                    },
                    onMouseEnter: () => {
                      setTip(tipFor(drawn, b, s));
                    },
                    onFocus: () => {
                      setFocus(place);
                      setTip(tipFor(drawn, b, s));
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
                {drawn.breakAt !== null && (
                  <BreakMark
                    rows={rows}
                    at={drawn.breakAt}
                    start={drawn.start}
                    breadth={band.bandwidth()}
                  />
                )}
                {drawn.figure && (
                  <text
                    className="chart__value"
                    aria-hidden="true"
                    x={drawn.figure.x}
                    y={drawn.figure.y}
                    dominantBaseline={rows ? 'middle' : undefined}
                    textAnchor={rows ? 'start' : 'middle'}
                  >
                    {formatValue(spec.kind, drawn.total)}
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
                  tickValues={layout.valueTicks}
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
                  tickValues={layout.valueTicks}
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
