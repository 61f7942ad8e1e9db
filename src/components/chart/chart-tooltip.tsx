/**
 * The exact figure of the bar under the pointer or the keyboard's focus. Screen readers hear the
 * same words from the bar's own label, so the tooltip is hidden from them. It is placed with the
 * style property (CSSOM), which the Content-Security-Policy allows, never with a style attribute.
 */
export interface TooltipAt {
  bar: number;
  segment: number;
  /** The point it points at, in pixels from the chart's top left corner. */
  x: number;
  y: number;
}

const WIDTH = 260;

export function ChartTooltip({
  at,
  text,
  note,
  width,
  layout,
}: {
  at: TooltipAt;
  text: string;
  note: string | undefined;
  width: number;
  layout: 'rows' | 'columns';
}) {
  const left =
    layout === 'rows'
      ? Math.min(at.x + 12, width - WIDTH)
      : Math.min(Math.max(0, at.x - WIDTH / 2), width - WIDTH);
  return (
    <div
      className={`chart__tooltip chart__tooltip--${layout}`}
      aria-hidden="true"
      style={{ left: `${String(Math.max(0, left))}px`, top: `${String(at.y)}px` }}
    >
      <p>{text}</p>
      {note && <p className="chart__tooltip-note">{note}</p>}
    </div>
  );
}
