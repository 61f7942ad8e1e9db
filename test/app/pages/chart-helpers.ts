/** Reading the overview's charts as a user's assistive technology does: bar links and tables. */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

export interface Bar {
  /** The category: "Over a year ago", "March 2024", a collection's name. */
  label: string;
  /** The part of a stacked bar ("active", "inactive"), when it is one. */
  series: string | undefined;
  value: number;
  /** The figure in full: bytes past 2^53 are exact here. */
  exact: bigint;
  link: HTMLElement;
}

/** What a bar's link says, e.g. "March 2024, inactive: 37 seeds" or "X: 2 TB (2,000,… bytes)". */
function readBar(link: HTMLElement): Bar {
  const text = link.getAttribute('aria-label') ?? '';
  const colon = text.lastIndexOf(': ');
  let head = text.slice(0, colon);
  const tail = text.slice(colon + 2);
  const part = /, (active|inactive|not known)$/.exec(head);
  if (part) head = head.slice(0, part.index);
  const digits = (/\(([\d,]+) bytes?\)$/.exec(tail) ?? /^([\d,]+) /.exec(tail))?.[1] ?? 'x';
  const whole = digits.replace(/,/g, '');
  return { label: head, series: part?.[1], value: Number(whole), exact: BigInt(whole), link };
}

/** The bars of a chart that open a list, in order, once the chart's code has drawn them. */
export async function bars(figure: HTMLElement): Promise<Bar[]> {
  const svg = await waitFor(
    () => {
      const found = figure.querySelector<SVGSVGElement>('svg.chart__svg');
      if (!found) throw new Error('the chart is not drawn yet');
      return found;
    },
    { timeout: 4_000 },
  );
  return within(svg as unknown as HTMLElement)
    .getAllByRole('link')
    .map(readBar);
}

/** A chart's table: each row's label, its figure (the total where there are parts) and link. */
export function tableFigures(
  table: HTMLElement,
): Map<string, { value: number; href: string | null }> {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const column = headers.includes('Total') ? headers.indexOf('Total') : 1;
  const rows = new Map<string, { value: number; href: string | null }>();
  for (const row of within(table).getAllByRole('row').slice(1)) {
    const label = row.querySelector('th bdi')?.textContent ?? '';
    const cell = row.children[column];
    const value = Number((cell?.textContent ?? '').replace(/\D/g, ''));
    rows.set(label, { value, href: cell?.querySelector('a')?.getAttribute('href') ?? null });
  }
  return rows;
}

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2024-03" as the charts name it: "March 2024". */
export function monthName(month: string): string {
  return monthFormat.format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
}

export type Unit = 'month' | 'quarter' | 'year';

/** How a chart by period names the period a month (`2024-03`) falls in. */
export function periodName(month: string, unit: Unit): string {
  const year = month.slice(0, 4);
  if (unit === 'year') return year;
  if (unit === 'quarter') return `Q${String(Math.ceil(Number(month.slice(5, 7)) / 3))} ${year}`;
  return monthName(month);
}

/** The unit a chart by period draws its bars in, from their labels. */
export function unitOf(shown: readonly Bar[]): Unit {
  const labels = shown.map((b) => b.label);
  if (labels.some((l) => /^Q[1-4] \d{4}$/.test(l))) return 'quarter';
  if (labels.some((l) => /^\d{4}$/.test(l))) return 'year';
  return 'month';
}

/** Waits for a list page's count line to say exactly this. */
export async function countLine(text: string): Promise<void> {
  expect(
    await screen.findByText(text, { selector: '.count-line' }, { timeout: 4_000 }),
  ).toBeVisible();
}
