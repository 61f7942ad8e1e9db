/**
 * A chart axis: its line, a label per tick and the axis' own label. It draws the markup visx's
 * `AxisLeft` and `AxisBottom` drew for the charts (the same elements, classes and coordinates), so
 * the stylesheet and every test read it as before, without the library and the CSS `calc`
 * evaluator it brought along.
 */
import type { BandScale, LinearScale } from './scales';

const TICK_LENGTH = 8;
/** visx's default label size, which its layout of the labels counts on. */
const FONT_SIZE = 10;
const TEXT = { fontFamily: 'Arial', fontSize: FONT_SIZE, fill: '#222' } as const;
const LINE = { fill: 'transparent', shapeRendering: 'crispEdges', stroke: '#222', strokeWidth: 1 };

/** One line of text as visx's `Text` draws it: runs of white space become one space. */
function words(text: string): string {
  return text.split(/(?:(?!\u00A0+)\s+)/).join(' ');
}

/** At most `count` of a band scale's keys, evenly spaced, as visx picks them. */
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
  className,
  from,
  to,
  square = false,
}: {
  className: string;
  from: { x: number; y: number };
  to: { x: number; y: number };
  square?: boolean;
}) {
  return (
    <line
      className={className}
      x1={from.x}
      y1={from.y}
      x2={to.x}
      y2={to.y}
      {...LINE}
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
    <g
      className={`visx-group visx-axis visx-axis-${orientation} chart__axis`}
      transform={`translate(0, ${String(top)})`}
    >
      {tickMarks(scaled, numTicks).map(({ value, at, text }, index) => {
        const start = point(at, 0);
        const end = point(at, left ? -TICK_LENGTH : TICK_LENGTH);
        const y = end.y + (left ? 0 : FONT_SIZE);
        return (
          <g
            key={`visx-tick-${String(value)}-${String(index)}`}
            className="visx-group visx-axis-tick"
            transform="translate(0, 0)"
          >
            {!hideTicks && <Segment className="visx-line" from={start} to={end} square />}
            <svg x={dx} y="0.25em" fontSize={FONT_SIZE} style={{ overflow: 'visible' }}>
              <text
                transform=""
                x={end.x}
                y={y}
                {...TEXT}
                className={tickClassName}
                textAnchor={textAnchor}
              >
                <tspan x={end.x} dy="0em">
                  {words(text)}
                </tspan>
              </text>
            </svg>
          </g>
        );
      })}
      <Segment className="visx-line visx-axis-line" from={from} to={to} />
      {label && (
        <svg x={0} y={0} fontSize={FONT_SIZE} style={{ overflow: 'visible' }}>
          <text
            {...(left ? { transform: 'rotate(-90)' } : {})}
            className={`visx-axis-label ${labelClassName ?? ''}`.trim()}
            x={left ? -middle : middle}
            y={
              left
                ? -(TICK_LENGTH + labelOffset)
                : TICK_LENGTH + labelOffset + FONT_SIZE + FONT_SIZE
            }
            {...TEXT}
            textAnchor="middle"
          >
            <tspan x={left ? -middle : middle} dy="0em">
              {words(label)}
            </tspan>
          </text>
        </svg>
      )}
    </g>
  );
}
