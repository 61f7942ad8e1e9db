/** How the table sorts, defined the obvious (slow) way, for tests to hold the fast way to. */
import type { SortKind, SortValue } from '../../../src/components/data-table';
import { compareText } from '../../../src/components/data-table/ranking';

export interface Cell {
  readonly n: number;
  readonly v: SortValue;
}

/** The obvious (slow) definition: a stable sort with a comparator, no values last both ways. */
export function referenceSort(rows: readonly Cell[], kind: SortKind, desc: boolean): number[] {
  const key = (v: SortValue): string | number | null => {
    if (v === null) return null;
    if (kind === 'text') return v === '' ? null : String(v);
    const n = typeof v === 'number' ? v : Number.NaN;
    return Number.isNaN(n) ? null : n;
  };
  return rows
    .map((row, index) => ({ row, index, k: key(row.v) }))
    .sort((a, b) => {
      if (a.k === null || b.k === null) {
        if (a.k === b.k) return a.index - b.index;
        return a.k === null ? 1 : -1;
      }
      let c =
        typeof a.k === 'string' && typeof b.k === 'string'
          ? compareText(a.k, b.k)
          : (a.k as number) - (b.k as number);
      if (desc) c = -c;
      return c === 0 ? a.index - b.index : c;
    })
    .map((x) => x.row.n);
}
