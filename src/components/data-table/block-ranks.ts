/**
 * A text column's ranks kept by the rows' blocks (see src/api/row-view.ts): once a list's column
 * has been ranked, a subset of its rows (the quick filter's, a facet's) takes each row's rank from
 * its block and place instead of reading its text and looking it up in the column's dictionary
 * (at a million seeds that look-up was most of the cost of a filter while a sort is in force).
 * Ranks hold for one dictionary: a `SortRanking` keeps one `BlockRanks` per dictionary, so a
 * dictionary that has grown starts with none.
 *
 * The ranks are kept where they are worked out, in the ranking's job (in the background, before
 * any click), and cost no pass of their own over the rows: the job notes the runs of consecutive
 * places of one block as it reads the rows (`BlockRuns`), and each run's ranks are kept as a view
 * of the column's ranks (a run of a whole block, as a list's rows are) or copied (a part).
 */
import { blockOf, placeOf } from '../../api/row-view';
import type { Job } from '../../scheduling';

/** Runs kept between yields (a power of two, less one). */
const RUN_SLICE_MASK = 4095;

/** What `get` gives for a row whose rank is not kept (every rank kept is -2 or more). */
export const NOT_KEPT = -3;

export class BlockRanks {
  private readonly byBlock = new WeakMap<object, Int32Array>();
  /** Ranks that are a view of a column's ranks: never written to, copied before they grow. */
  private readonly views = new WeakSet<Int32Array>();
  /** The block looked up last, and its ranks: rows come in runs of one block. */
  private lastBlock: object | null = null;
  private lastRanks: Int32Array | undefined;

  private ranksOf(block: object): Int32Array | undefined {
    if (block !== this.lastBlock) {
      this.lastBlock = block;
      this.lastRanks = this.byBlock.get(block);
    }
    return this.lastRanks;
  }

  /** The rank kept for `row`, or NOT_KEPT. */
  get(row: object): number {
    const block = blockOf(row);
    if (!block) return NOT_KEPT;
    return this.ranksOf(block)?.[placeOf(row)] ?? NOT_KEPT;
  }

  /**
   * Keeps `ranks` as those of `block`'s places from `place` on. The array may be kept as it is,
   * and must not change afterwards.
   */
  keepRun(block: object, place: number, ranks: Int32Array): void {
    const had = this.ranksOf(block);
    let kept: Int32Array;
    if (!had && place === 0) {
      kept = ranks;
      this.views.add(kept);
    } else {
      const end = place + ranks.length;
      if (had && had.length >= end && !this.views.has(had)) kept = had;
      else {
        // Twice as long at least: a block whose rows come in many short runs (every other place,
        // as when repeated records are left out) grows its ranks a few times, not at every run.
        kept = new Int32Array(Math.max(end, 2 * (had?.length ?? 0))).fill(NOT_KEPT);
        if (had) kept.set(had);
      }
      kept.set(ranks, place);
    }
    this.byBlock.set(block, kept);
    this.lastBlock = block;
    this.lastRanks = kept;
  }
}

/**
 * The runs of rows of one block at consecutive places, noted row by row as a job reads them (the
 * rows of a list's blocks come as one run a block), so that the ranks worked out for the rows can
 * be kept by block in a step a run.
 */
export class BlockRuns {
  private readonly blocks: object[] = [];
  /** Each run's first place in its block and first row, in pairs. */
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];
  private last: object | undefined;
  private nextPlace = -1;
  private nextRow = -1;

  /** Notes row `i` of the rows; a plain record (no block) is in no run. */
  note(i: number, row: unknown): void {
    const block = blockOf(row);
    if (!block) return;
    const place = placeOf(row);
    const runs = this.lengths.length;
    if (block === this.last && place === this.nextPlace && i === this.nextRow)
      this.lengths[runs - 1] = (this.lengths[runs - 1] as number) + 1;
    else {
      this.blocks.push(block);
      this.starts.push(place, i);
      this.lengths.push(1);
      this.last = block;
    }
    this.nextPlace = place + 1;
    this.nextRow = i + 1;
  }

  /**
   * Keeps each noted row's rank (`ranks`, by row) in `into`, yielding every few thousand runs (a
   * list's rows are a run a block; rows in another order may be a run each).
   */
  *keep(ranks: Int32Array, into: BlockRanks): Job<void> {
    for (let r = 0; r < this.lengths.length; r++) {
      const row = this.starts[2 * r + 1] as number;
      into.keepRun(
        this.blocks[r] as object,
        this.starts[2 * r] as number,
        ranks.subarray(row, row + (this.lengths[r] as number)),
      );
      if ((r & RUN_SLICE_MASK) === RUN_SLICE_MASK) yield;
    }
  }
}
