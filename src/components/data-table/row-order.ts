/**
 * The order of rows from their ranks in one column (ranking.ts works the ranks out): a stable
 * counting sort, each row straight to its place when no two share a rank, and a sort of the
 * rows themselves when they are far fewer than the ranks (order-few.ts). Jobs, so that an order
 * can be worked out in the background with its ranks.
 */
import type { Job } from '../../scheduling';
import { orderFew } from './order-few';
import type { TextDictionary } from './text-ranks';

/** Rows read between yields (a power of two, less one): about 1 ms of work. */
export const ROW_SLICE_MASK = 8191;

/** The rank of a row without a value, and of one whose value the service did not give. */
export const NO_VALUE = -1;
export const UNKNOWN = -2;

/** Per-row ranks of one column's values (in the incoming row order). */
export interface ColumnRanks {
  /** 0 … count-1, equal values sharing a rank; NO_VALUE or UNKNOWN for neither. */
  readonly ranks: Int32Array;
  readonly count: number;
  /** A text column's: the dictionary the ranks are of. */
  readonly dictionary?: TextDictionary;
}

/**
 * The row order for ranks: a stable counting sort, rows without a value after the rest in both
 * directions and rows whose value is unknown after those, ties in the incoming order. Gives
 * indices into the rows. A job: each pass over the rows yields every few thousand of them.
 */
export function* orderFromRanks({ ranks, count }: ColumnRanks, desc: boolean): Job<Uint32Array> {
  const n = ranks.length;
  // Far fewer rows than ranks (a filtered subset of a long list): sort the rows, not the ranks.
  if (n * 32 < count) return orderFew(ranks, count, desc);
  let missing = 0;
  let unknown = 0;
  for (let i = 0; i < n; i++) {
    const r = ranks[i] ?? NO_VALUE;
    if (r === UNKNOWN) unknown++;
    else if (r < 0) missing++;
  }
  const order = new Uint32Array(n);
  if (n - missing - unknown === count && (yield* placeDistinct(ranks, count, missing, desc, order)))
    return order;
  const next = new Int32Array(count);
  for (let i = 0; i < n; i++) {
    const r = ranks[i] ?? NO_VALUE;
    if (r >= 0) next[r] = (next[r] ?? 0) + 1;
    if ((i & ROW_SLICE_MASK) === ROW_SLICE_MASK) yield;
  }
  // Turn counts into the first output position of each rank.
  let position = 0;
  if (desc) {
    for (let r = count - 1; r >= 0; r--) {
      const c = next[r] ?? 0;
      next[r] = position;
      position += c;
    }
  } else {
    for (let r = 0; r < count; r++) {
      const c = next[r] ?? 0;
      next[r] = position;
      position += c;
    }
  }
  yield;
  let missingAt = n - missing - unknown;
  let unknownAt = n - unknown;
  for (let i = 0; i < n; i++) {
    const r = ranks[i] ?? NO_VALUE;
    if (r === UNKNOWN) {
      order[unknownAt++] = i;
    } else if (r < 0) {
      order[missingAt++] = i;
    } else {
      const at = next[r] ?? 0;
      order[at] = i;
      next[r] = at + 1;
    }
    if ((i & ROW_SLICE_MASK) === ROW_SLICE_MASK) yield;
  }
  return order;
}

/** Marks a place of `order` not yet written by `placeDistinct`. */
const UNPLACED = 0xffffffff;

/**
 * The order when as many rows have a value as there are ranks, and no two share one (a column of
 * distinct texts: addresses, ids): each row goes straight to its rank's place, in one pass over the
 * rows instead of the counting sort's three (at a million rows, each pass is a million reads and
 * writes at random places). Fills `order` and gives true, or gives false as soon as two rows share
 * a rank (then the counting sort starts afresh).
 */
function* placeDistinct(
  ranks: Int32Array,
  count: number,
  missing: number,
  desc: boolean,
  order: Uint32Array,
): Job<boolean> {
  const n = ranks.length;
  order.fill(UNPLACED, 0, count);
  let missingAt = count;
  let unknownAt = count + missing;
  for (let i = 0; i < n; i++) {
    const r = ranks[i] ?? NO_VALUE;
    if (r === UNKNOWN) order[unknownAt++] = i;
    else if (r < 0) order[missingAt++] = i;
    else {
      const at = desc ? count - 1 - r : r;
      if (order[at] !== UNPLACED) return false;
      order[at] = i;
    }
    if ((i & ROW_SLICE_MASK) === ROW_SLICE_MASK) yield;
  }
  return true;
}

/**
 * Whether a column's ascending order is worked out with its ranks, before any click: when its
 * values are many (at least an eighth as many as its rows). Ordering such a column at a click is
 * a counting sort over as many ranks, reading and writing at random places (about a hundred
 * milliseconds at a million rows on a slow machine); a column of few values (a type, yes or no)
 * orders in a fraction of that, and keeps no order it may never need.
 */
export const orderedAhead = ({ ranks, count }: ColumnRanks) => count * 8 >= ranks.length;
