/**
 * What a chart shows, as data: its bars, each made of segments (one per series), each with the
 * address of the list it counts. The chart (bar-chart.tsx) and its table (chart-table.tsx) are
 * both drawn from one spec, so they cannot show different figures; the words a screen reader
 * hears and the tooltip are written here once.
 */
import { formatBytes, formatCount, plural } from '../../lib/format';
import type { PeriodUnit } from '../../lib/periods';

/** Counts of records, or sizes in bytes. */
export type ValueKind = 'count' | 'bytes';

export interface ChartSeries {
  readonly key: string;
  readonly label: string;
  /**
   * Drawn in grey rather than in a colour of its own: the rest of the series together (`other`),
   * or records the service said nothing about (`unknown`).
   */
  readonly tone?: 'other' | 'unknown';
}

/** The most series a chart gives colours of their own (chart.css names eight). */
export const SERIES_COLOURS = 8;

/**
 * The class suffix of a series' colour: its place among the coloured series (1 to 8), or its
 * grey.
 */
export function seriesColour(spec: ChartSpec, key: string): string {
  const series = spec.series.find((s) => s.key === key);
  if (series?.tone) return series.tone;
  const place = spec.series.filter((s) => !s.tone).findIndex((s) => s.key === key);
  return place < 0 ? 'other' : String((place % SERIES_COLOURS) + 1);
}

export interface ChartSegment {
  readonly series: string;
  /** The figure, close enough to draw; `exact` holds it whole where a number cannot. */
  readonly value: number;
  readonly exact?: bigint;
  /** The list this segment counts; none when no filter can name its records. */
  readonly href?: string | undefined;
}

export interface ChartBar {
  readonly key: string;
  /** The category in full, as the table and a screen reader give it. */
  readonly label: string;
  /** A shorter label for the axis, where the full one would not fit. */
  readonly tick?: string;
  readonly segments: readonly ChartSegment[];
  /** Drawn in grey: the rest collapsed into one bar, or records the service said nothing about. */
  readonly muted?: boolean;
  /** Why the bar opens no list, said in its tooltip and its table row. */
  readonly note?: string;
  /** The list of the whole bar, where it has segments of several series. */
  readonly href?: string | undefined;
}

export interface ChartSpec {
  readonly id: string;
  readonly title: string;
  /** One sentence under the title: what is counted, and how to read it. */
  readonly summary: string;
  /** Bars along rows (categories down the side) or standing in columns. */
  readonly layout: 'rows' | 'columns';
  /** The category axis' label. */
  readonly categoryLabel: string;
  /** The value axis' label, with its unit. */
  readonly valueLabel: string;
  readonly kind: ValueKind;
  /** What one unit of a count is: ["seed", "seeds"]. */
  readonly noun: readonly [string, string];
  readonly series: readonly ChartSeries[];
  readonly bars: readonly ChartBar[];
  /** Bars are periods of the calendar, of this unit: the axis is labelled by year. */
  readonly unit?: PeriodUnit;
  /**
   * The same figures in fewer, wider bars (months by quarter, quarters by year), drawn instead
   * where this chart's bars would be narrower than a reader can see and point at.
   */
  readonly coarser?: ChartSpec;
  /** Said instead of a chart when no bar has a figure. */
  readonly empty: string;
}

export function barTotal(bar: ChartBar): number {
  return bar.segments.reduce((sum, s) => sum + s.value, 0);
}

/** The exact total of a bar, as a whole number (sizes past 2^53 included). */
export function barExact(bar: ChartBar): bigint {
  return bar.segments.reduce((sum, s) => sum + (s.exact ?? BigInt(Math.round(s.value))), 0n);
}

/** A figure as the chart labels it: "1,234" or "27.8 GB". */
export function formatValue(kind: ValueKind, value: number): string {
  return kind === 'bytes' ? formatBytes(value) : formatCount(value);
}

const wholeNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** A figure in full: "1,234 seeds", or "27.8 GB (27,812,345,678 bytes)". */
export function exactValue(spec: ChartSpec, value: number, exact?: bigint): string {
  if (spec.kind === 'bytes') {
    const bytes = exact ?? BigInt(Math.round(value));
    return `${formatBytes(Number(bytes))} (${wholeNumber.format(bytes)} ${bytes === 1n ? 'byte' : 'bytes'})`;
  }
  return plural(value, spec.noun[0], spec.noun[1]);
}

export function seriesLabel(spec: ChartSpec, key: string): string {
  return spec.series.find((s) => s.key === key)?.label ?? key;
}

/** What a segment's link says: "March 2024, inactive: 37 seeds". */
export function segmentText(spec: ChartSpec, bar: ChartBar, segment: ChartSegment): string {
  const series =
    spec.series.length > 1 ? `, ${seriesLabel(spec, segment.series).toLowerCase()}` : '';
  return `${bar.label}${series}: ${exactValue(spec, segment.value, segment.exact)}`;
}

/** A bar in one line: its total and, for several series, each part. */
export function barText(spec: ChartSpec, bar: ChartBar): string {
  const total = `${bar.label}: ${exactValue(spec, barTotal(bar), barExact(bar))}`;
  if (spec.series.length < 2) return total;
  const parts = bar.segments
    .filter((s) => s.value > 0)
    .map((s) => `${formatValue(spec.kind, s.value)} ${seriesLabel(spec, s.series).toLowerCase()}`);
  return parts.length > 1 ? `${total} (${parts.join(', ')})` : total;
}

/** Whether the chart has anything to draw. */
export function hasFigures(spec: ChartSpec): boolean {
  return spec.bars.some((bar) => barTotal(bar) > 0);
}
