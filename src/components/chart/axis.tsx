/**
 * A chart axis: its line, a tick and a label per value it marks, and the axis' own label, in the
 * chart's own classes (the stylesheet colours and sizes them), at the coordinates the charts have
 * always used.
 */
import type { BandScale, LinearScale } from './scales';

const TICK_LENGTH = 8;
/** The size the labels' places were worked out for: their offsets below count on it. */
const FONT_SIZE = 10;
/** Labels sit a quarter of that below their point, so they read centred on their tick. */
const BASELINE = FONT_SIZE / 4;

/** At most `count` of a band scale's keys, evenly spaced. */
function spread(keys: readonly string[], count: number): string[] {
  return keys.filter(
    (_, index) => keys.length <= count || index % Math.round((keys.length - 1) / count) === 0,
  );
}

/** The scale an axis follows, the values it marks (all or some) and how it writes them. */
type Scaled =
  | {
      scale: BandScale;
      tickValues?: readonly string[] | undefined;
      tickFormat: (key: string) => string;
    }
  | {
      scale: LinearScale;
      tickValues?: readonly number[] | undefined;
      tickFormat: (value: number) => string;
    };

const isBand = (scaled: Scaled): scaled is Extract<Scaled, { scale: BandScale }> =>
  'bandwidth' in scaled.scale;

/** Each tick's value, where it sits along the axis and its text. */
function tickMarks(scaled: Scaled, numTicks: number) {
  if (isBand(scaled)) {
    const { scale, tickFormat } = scaled;
    const keys = scaled.tickValues ?? spread(scale.domain(), numTicks);
    // Bands are marked at their middle.
    return keys.map((key) => ({
      value: key,
      at: (scale(key) ?? Number.NaN) + scale.bandwidth() / 2,
      text: tickFormat(key),
    }));
  }
  const { scale, tickFormat } = scaled;
  const values = scaled.tickValues ?? scale.ticks(numTicks);
  return values.map((value) => ({ value, at: scale(value), text: tickFormat(value) }));
}

/** A tick or the axis itself: one straight line, crisp at any position. */
function Segment({
  from,
  to,
  square = false,
}: {
  from: { x: number; y: number };
  to: { x: number; y: number };
  square?: boolean;
}) {
  return (
    <line
      x1={from.x}
      y1={from.y}
      x2={to.x}
      y2={to.y}
      shapeRendering="crispEdges"
      {...(square ? { strokeLinecap: 'square' as const } : {})}
    />
  );
}

export function Axis({
  orientation,
  top = 0,
  numTicks = 10,
  tickClassName,
  textAnchor = orientation === 'left' ? 'end' : 'middle',
  dx = 0,
  hideTicks = false,
  label,
  labelClassName,
  labelOffset = orientation === 'left' ? 36 : 8,
  ...scaled
}: Scaled & {
  orientation: 'left' | 'bottom';
  /** Where the axis sits below the plot's top. */
  top?: number;
  numTicks?: number;
  tickClassName: string;
  textAnchor?: 'end' | 'middle';
  /** Moves the tick labels along the x axis. */
  dx?: number;
  hideTicks?: boolean;
  label?: string;
  labelClassName?: string;
  labelOffset?: number;
}) {
  const left = orientation === 'left';
  const point = (along: number, across: number) =>
    left ? { x: across, y: along } : { x: along, y: across };
  const [first, last] = scaled.scale.range();
  const from = point(first + 0.5, 0);
  const to = point(last + 0.5, 0);
  const middle = (first + last) / 2;
  return (
    <g className="chart__axis" transform={`translate(0, ${String(top)})`}>
      {tickMarks(scaled, numTicks).map(({ value, at, text }, index) => {
        const start = point(at, 0);
        const end = point(at, left ? -TICK_LENGTH : TICK_LENGTH);
        return (
          <g key={`${String(value)}-${String(index)}`}>
            {!hideTicks && <Segment from={start} to={end} square />}
            <text
              x={end.x + dx}
              y={end.y + (left ? 0 : FONT_SIZE) + BASELINE}
              className={tickClassName}
              textAnchor={textAnchor}
            >
              {text}
            </text>
          </g>
        );
      })}
      <Segment from={from} to={to} />
      {label && (
        <text
          {...(left ? { transform: 'rotate(-90)' } : {})}
          className={labelClassName}
          x={left ? -middle : middle}
          y={
            left ? -(TICK_LENGTH + labelOffset) : TICK_LENGTH + labelOffset + FONT_SIZE + FONT_SIZE
          }
          textAnchor="middle"
        >
          {label}
        </text>
      )}
    </g>
  );
}
