/**
 * A text column's ranks kept by the rows' blocks (see src/api/row-view.ts): once the whole list
 * has been sorted by a column, a subset of its rows (the quick filter's, a facet's) takes each
 * row's rank from its block and place instead of reading its text and looking it up in the
 * column's dictionary (at a million seeds that look-up was most of the cost of a filter while a
 * sort is in force). Ranks hold for one dictionary: a `SortRanking` keeps one `BlockRanks` per
 * dictionary, so a dictionary that has grown starts with none.
 */
import { blockOf, placeOf } from '../../api/row-view';

/** What `get` gives for a row whose rank is not kept (every rank kept is -2 or more). */
export const NOT_KEPT = -3;

export class BlockRanks {
  private readonly byBlock = new WeakMap<object, Int32Array>();
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

  /** Keeps the rank of `row` (nothing for a plain record). */
  set(row: object, rank: number): void {
    const block = blockOf(row);
    if (!block) return;
    const at = placeOf(row);
    let ranks = this.ranksOf(block);
    if (!ranks || at >= ranks.length) {
      const grown = new Int32Array(Math.max(at + 1, 2 * (ranks?.length ?? 512))).fill(NOT_KEPT);
      if (ranks) grown.set(ranks);
      this.byBlock.set(block, grown);
      this.lastRanks = ranks = grown;
    }
    ranks[at] = rank;
  }
}
