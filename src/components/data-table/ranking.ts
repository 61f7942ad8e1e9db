/**
 * Fast, stable sorting for the data table, with no scheduling of its own (see scheduler.ts).
 *
 * Comparing rows with a collator inside `Array.prototype.sort` costs about n·log₂n collator calls
 * on every header click (1.7 million for 100,000 rows, over 300 ms). Instead, each column's values
 * are turned once per rows array into integer ranks (equal values share a rank; rows without a
 * value, and rows whose value is unknown, get ranks of their own), and a click orders the rows with
 * a counting sort over those ranks: linear, stable (ties keep the incoming order) and with no
 * comparisons at all. Text ranks come from a dictionary of the column's distinct texts
 * (text-ranks.ts), kept per column, so a filtered subset of the same rows (or a refetch with a few
 * new values) needs only lookups and a short merge. Ranking runs as a resumable job
 * (src/scheduling). What was learnt (ranks per rows array and column, dictionaries per column)
 * belongs to a `SortRanking`: each table has its own, and so does each facet index.
 *
 * It is over 300 lines because ranking numbers, ranking texts, ordering and the cache of ranks
 * per rows array are one algorithm, read best in one place.
 */
import { unknownOf } from '../../api/records';
import { StringIndex } from '../../lib/string-index';
import { advanceJob, runJob, type Job } from '../../scheduling';
import { BlockRanks, BlockRuns, NOT_KEPT } from './block-ranks';
import {
  NO_VALUE,
  orderedAhead,
  orderFromRanks,
  ROW_SLICE_MASK,
  UNKNOWN,
  type ColumnRanks,
} from './row-order';
import {
  buildDictionary,
  mergeTexts,
  rankDistinct,
  rankOf,
  sortAndRank,
  type TextDictionary,
} from './text-ranks';
import type { SortKind, SortValue } from './types';

export { compareText } from './text-ranks';

/** The part of a column that sorting needs. */
export interface SortSource<Row> {
  readonly id: string;
  readonly kind: SortKind;
  readonly value: (row: Row) => SortValue;
  /** The record field behind the values; rows where it is unknown sort after all others. */
  readonly field?: string;
}

/** The number a number or date value sorts by, or NaN for no value. */
function toSortNumber(value: SortValue, kind: SortKind): number {
  if (typeof value === 'number') return value;
  if (value === null || value.trim() === '') return Number.NaN;
  return kind === 'date' ? Date.parse(value) : Number(value);
}

/**
 * The most characters of a text that sorting reads. Values up to a mebibyte are kept (see
 * src/api/values.ts); ranking one whole (its collation key, its hash, the collator) would keep the
 * page's thread for tens of milliseconds in one step. Texts alike in their first 8,192 characters
 * sort as equal: they keep their incoming order.
 */
export const SORT_TEXT_CHARS = 8_192;

/** The text a text value sorts by (its first `SORT_TEXT_CHARS`), or null for no value. */
function toSortText(value: SortValue): string | null {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : String(value);
  if (value.length > SORT_TEXT_CHARS) return value.slice(0, SORT_TEXT_CHARS);
  return value === '' ? null : value;
}

// ---------------------------------------------------------------------------------------------
// Ranking jobs. A job is a generator that yields every few thousand steps, so a caller can run it
// to the end at once or in slices until a deadline.

function* rankNumbers<Row>(rows: readonly Row[], source: SortSource<Row>): Job<ColumnRanks> {
  const n = rows.length;
  const values = new Float64Array(n);
  const present = new Uint32Array(n);
  const ranks = new Int32Array(n).fill(NO_VALUE);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const row = rows[i] as Row;
    if (unknownOf(row, source.field)) {
      values[i] = Number.NaN;
      ranks[i] = UNKNOWN;
    } else {
      const v = toSortNumber(source.value(row), source.kind);
      values[i] = v;
      if (!Number.isNaN(v)) present[count++] = i;
    }
    if ((i & ROW_SLICE_MASK) === ROW_SLICE_MASK) yield;
  }
  yield;
  const order = present.subarray(0, count);
  // -1, 0 or 1 rather than the difference: a difference of two dates is no small integer, and
  // V8 would box each of the million or so it returns.
  order.sort((a, b) => {
    const x = values[a] ?? 0;
    const y = values[b] ?? 0;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  yield;
  let rank = -1;
  let previous = Number.NaN;
  for (let k = 0; k < count; k++) {
    const i = order[k] ?? 0;
    const v = values[i] ?? 0;
    if (rank < 0 || v !== previous) {
      rank++;
      previous = v;
    }
    ranks[i] = rank;
  }
  return { ranks, count: rank + 1 };
}

/**
 * Ranks a text column's values, starting from the dictionary of its texts seen before (`known`,
 * with the ranks of its rows `kept` by block); `learn` keeps the dictionary that ranked them, and
 * `keptFor` gives where a dictionary's ranks are kept by block: the ranks the job works out are
 * kept there before it ends (those of every row when the dictionary is new).
 */
function* rankTexts<Row>(
  rows: readonly Row[],
  source: SortSource<Row>,
  known: TextDictionary | undefined,
  kept: BlockRanks | undefined,
  learn: (dictionary: TextDictionary) => void,
  keptFor: (dictionary: TextDictionary) => BlockRanks,
): Job<ColumnRanks> {
  const n = rows.length;
  const texts = new Array<string | null>(n);
  const ranks = new Int32Array(n);
  // Rows of a column seen before (a filtered subset, a refetch) mostly have known texts: look their
  // ranks up in the same pass, and remember the texts that are new.
  const fresh = new StringIndex();
  // Without a dictionary, each row's text by its number in `fresh`, to rank the rows by number.
  const numbered = known ? null : new Int32Array(n);
  // Rows whose value the service did not give.
  const unknownRows = new Uint8Array(n);
  // Rows whose rank was kept by block: their text is read only if the dictionary must change.
  let keptRows: Uint8Array | null = null;
  const read = (i: number): string | null => {
    const row = rows[i] as Row;
    let t: string | null = null;
    if (unknownOf(row, source.field)) unknownRows[i] = 1;
    else t = toSortText(source.value(row));
    texts[i] = t;
    return t;
  };
  // The runs of the blocks' rows whose ranks are not kept, noted while each row is at hand, to
  // keep their ranks by block.
  const runs = new BlockRuns();
  for (let i = 0; i < n; i++) {
    const keptRank = kept ? kept.get(rows[i] as object) : NOT_KEPT;
    if (keptRank !== NOT_KEPT) {
      ranks[i] = keptRank;
      (keptRows ??= new Uint8Array(n))[i] = 1;
    } else {
      runs.note(i, rows[i]);
      const t = read(i);
      if (unknownRows[i]) ranks[i] = UNKNOWN;
      else if (t === null) ranks[i] = NO_VALUE;
      else {
        const rank = known ? rankOf(known, t) : -1;
        // A new text's rank is set once the dictionary has it.
        if (rank >= 0) ranks[i] = rank;
        else if (numbered) numbered[i] = fresh.add(t);
        else fresh.add(t);
      }
    }
    if ((i & ROW_SLICE_MASK) === ROW_SLICE_MASK) yield;
  }
  // Every text known: the ranks not kept yet are kept now (a grown list's new rows).
  if (known && fresh.size === 0) {
    yield* runs.keep(ranks, keptFor(known));
    return { ranks, count: known.count, dictionary: known };
  }
  yield;
  if (keptRows) {
    for (let i = 0; i < n; i++) {
      if (keptRows[i]) read(i);
      if ((i & ROW_SLICE_MASK) === ROW_SLICE_MASK) yield;
    }
  }

  let dictionary: TextDictionary;
  // Merge a few new texts into what is known; rebuild when most are new, or when the dictionary
  // has grown far larger than what the rows show.
  if (known && fresh.size <= n / 4 && known.count <= 4 * n + 1000) {
    const merged = yield* mergeTexts(known.sorted, (yield* sortAndRank(fresh.strings)).sorted);
    dictionary = (yield* buildDictionary(merged)) ?? (yield* sortAndRank(merged));
  } else if (numbered) {
    // Without a dictionary every text was new, and `fresh` has them all, numbered by row.
    const ranked = yield* rankDistinct(fresh.strings);
    learn(ranked.dictionary);
    for (let i = 0; i < n; i++) {
      if ((ranks[i] as number) >= 0) ranks[i] = ranked.ranks[numbered[i] as number] as number;
      if ((i & ROW_SLICE_MASK) === ROW_SLICE_MASK) yield;
    }
    // Without a dictionary no row was kept: every run is noted.
    yield* runs.keep(ranks, keptFor(ranked.dictionary));
    return { ranks, count: ranked.dictionary.count, dictionary: ranked.dictionary };
  } else {
    const distinct = new StringIndex();
    for (const t of texts) if (t !== null) distinct.add(t);
    yield;
    dictionary = yield* sortAndRank(distinct.strings);
  }
  learn(dictionary);

  // A new dictionary: every row's rank is kept anew, the runs of the rows kept before noted too.
  const noting = keptRows ? new BlockRuns() : null;
  for (let i = 0; i < n; i++) {
    const t = texts[i];
    if (unknownRows[i]) ranks[i] = UNKNOWN;
    else ranks[i] = t == null ? NO_VALUE : rankOf(dictionary, t);
    noting?.note(i, rows[i]);
    if ((i & ROW_SLICE_MASK) === ROW_SLICE_MASK) yield;
  }
  yield* (noting ?? runs).keep(ranks, keptFor(dictionary));
  return { ranks, count: dictionary.count, dictionary };
}

// ---------------------------------------------------------------------------------------------
// What a ranking has learnt: ranks per rows array (weakly) and column id.

interface Entry {
  readonly kind: SortKind;
  readonly value: object;
  /** Number of rows. */
  readonly size: number;
  job: Job<ColumnRanks> | null;
  ranks: ColumnRanks | null;
  asc: Uint32Array | null;
  desc: Uint32Array | null;
  /** The ascending order while `rank` works it out. */
  ordering: Job<Uint32Array> | null;
}

/** Runs an entry's job while `hasTime()`; true when its ranks are ready. */
function advance(entry: Entry, hasTime: () => boolean): boolean {
  if (!entry.job) return true;
  try {
    const done = advanceJob(entry.job, hasTime);
    if (!done) return false;
    entry.ranks = done.value;
  } catch (error) {
    // A column's value function threw: sort nothing by it, and report the error.
    entry.ranks = { ranks: new Int32Array(entry.size).fill(NO_VALUE), count: 0 };
    queueMicrotask(() => {
      throw error;
    });
  }
  entry.job = null;
  return true;
}

const always = () => true;
const never = () => false;

/**
 * The ranks of columns over rows, and what ranking them has taught: each rows array's ranks per
 * column (a click, an export and a printout of the same rows reuse them), and each text column's
 * dictionary (a filtered subset or a grown list ranks only its new texts with any cost). Kept by
 * whoever sorts the same rows again: a table (its scheduler), a facet index.
 */
export class SortRanking<Row> {
  /** By rows array (weakly, so they go with the rows), by column id. */
  private readonly entries = new WeakMap<readonly Row[], Map<string, Entry>>();
  /** Each text column's dictionary, by its value function (weakly: it goes with the column). */
  private readonly dictionaries = new WeakMap<object, TextDictionary>();
  /** Ranks of a sorted text column's rows by block, by the dictionary they are of. */
  private readonly byBlock = new WeakMap<TextDictionary, BlockRanks>();

  private entryFor(rows: readonly Row[], source: SortSource<Row>): Entry {
    let byColumn = this.entries.get(rows);
    if (!byColumn) {
      byColumn = new Map();
      this.entries.set(rows, byColumn);
    }
    let entry = byColumn.get(source.id);
    if (entry?.kind !== source.kind || entry.value !== source.value) {
      const learn = (dictionary: TextDictionary) => {
        this.dictionaries.set(source.value, dictionary);
      };
      const keptFor = (dictionary: TextDictionary) => {
        let kept = this.byBlock.get(dictionary);
        if (!kept) this.byBlock.set(dictionary, (kept = new BlockRanks()));
        return kept;
      };
      const known = this.dictionaries.get(source.value);
      entry = {
        kind: source.kind,
        value: source.value,
        size: rows.length,
        job:
          source.kind === 'text'
            ? rankTexts(rows, source, known, known && this.byBlock.get(known), learn, keptFor)
            : rankNumbers(rows, source),
        ranks: null,
        asc: null,
        desc: null,
        ordering: null,
      };
      byColumn.set(source.id, entry);
    }
    return entry;
  }

  /**
   * Indices into `rows` in the column's sort order (kept per direction). A text column's ranks
   * were kept by block as they were worked out, so that a subset of the rows sorted next (typing
   * in the quick filter while the list is sorted) reads no text it does not have to.
   */
  order(rows: readonly Row[], source: SortSource<Row>, desc: boolean): Uint32Array {
    const entry = this.entryFor(rows, source);
    advance(entry, always);
    const ranks = entry.ranks as ColumnRanks;
    if (desc) return (entry.desc ??= runJob(orderFromRanks(ranks, true)));
    // The ascending order may be on its way (`rank`): finished here, not begun again.
    return (entry.asc ??= runJob(entry.ordering ?? orderFromRanks(ranks, false)));
  }

  /**
   * Whether a column's ranks over `rows` are ready, after working on them for up to `budgetMs`.
   * Lets a click sort at once when little is left to do, without ever blocking for long.
   */
  ready(rows: readonly Row[], source: SortSource<Row>, budgetMs = 0): boolean {
    const entry = this.entryFor(rows, source);
    if (entry.ranks) return true;
    const end = performance.now() + budgetMs;
    return advance(entry, () => performance.now() < end);
  }

  /**
   * Works out a column's ranks over `rows`, as a job, and the ascending order of a column of many
   * values (`orderedAhead`): then `order` costs a counting sort at most, and the first click on
   * such a column none. Several may work on the same ranks at once: each goes on where the last
   * left off, and an order one of them finished is kept.
   */
  *rank(rows: readonly Row[], source: SortSource<Row>): Job<void> {
    const entry = this.entryFor(rows, source);
    while (!advance(entry, never)) yield;
    const ranks = entry.ranks as ColumnRanks;
    if (!orderedAhead(ranks)) return;
    entry.ordering ??= orderFromRanks(ranks, false);
    for (;;) {
      if (entry.asc) return;
      const done = advanceJob(entry.ordering, never);
      if (done) entry.asc = done.value;
      else yield;
    }
  }
}

/** `rows` sorted by a column, once (for tests: a table sorts with its own `SortRanking`). */
export function sortRows<Row>(rows: readonly Row[], source: SortSource<Row>, desc: boolean): Row[] {
  return Array.from(new SortRanking<Row>().order(rows, source, desc), (i) => rows[i] as Row);
}
