/**
 * The row order for ranks when there are far fewer rows than ranks (the quick filter's rows of a
 * sorted list of a million): each row's rank and place as one number, sorted, instead of a
 * counting sort's passes over every rank (at a million ranks, each pass reads and writes 4 MB
 * however few the rows; the sort of keys costs more than those passes from about a 25th of the
 * ranks on, so `ranking.ts` takes it below a 32nd). Ranks are those of `ranking.ts`: 0 … count-1, then -1 for a row without
 * a value and -2 for one whose value is unknown, which come after the rest in both directions.
 * Stable: ties keep the incoming order. Returns indices into the rows.
 */
export function orderFew(ranks: Int32Array, count: number, desc: boolean): Uint32Array {
  const n = ranks.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = ranks[i] as number;
    // Exact as a double: (count + 2) · n stays far below 2⁵³.
    keys[i] = (desc || r < 0 ? count - 1 - r : r) * n + i;
  }
  keys.sort();
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k++) order[k] = (keys[k] as number) % n;
  return order;
}
