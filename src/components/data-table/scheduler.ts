/**
 * When a table's sorting work runs. Each table has its own scheduler, and with it its own ranking
 * (ranking.ts: what it has learnt of the table's rows): it prepares every column's ranks in the
 * background once rows have painted, finishes the one a header click asks for in short
 * user-visible tasks, and keeps the background work out of the way while the user waits for a
 * sort (and, like all background work, while the user scrolls: see src/scheduling).
 */
import { AFTER_LOAD, startJob, type Job, type Pause } from '../../scheduling';
import { SortRanking, type SortSource } from './ranking';

/** How long background ranking waits, while a click's ranking runs, before it looks again. */
const GIVE_WAY: Pause = { pauseMs: 50 };

export class SortScheduler<Row> {
  readonly ranking = new SortRanking<Row>();
  /** Rankings someone is waiting for; background preparation gives way to them. */
  private urgent = 0;

  /**
   * Finishes a column's ranks in short tasks (the page stays responsive between them), then calls
   * `onReady`. Returns a function that stops it.
   */
  finishRanks(rows: readonly Row[], source: SortSource<Row>, onReady: () => void): () => void {
    this.urgent++;
    let counted = true;
    const release = () => {
      if (counted) this.urgent--;
      counted = false;
    };
    const stop = startJob(
      this.ranking.rank(rows, source),
      { priority: 'user-visible', sliceMs: 16 },
      () => {
        release();
        onReady();
      },
    );
    return () => {
      stop();
      release();
    };
  }

  /**
   * Computes the sort keys of `sources` over `rows` in the background, so that the first click on
   * a header needs no ranking: it starts once the rows have stayed the same for a moment and the
   * browser is idle (after the rows have been painted), then works in tasks of a few milliseconds,
   * so input waits at most that long. Returns a function that stops it.
   */
  prepareSortKeys(rows: readonly Row[], sources: readonly SortSource<Row>[]): () => void {
    if (rows.length === 0 || sources.length === 0) return () => undefined;
    // A list that is loading shows new rows every quarter of a second or so: ranking each of
    // those arrays would rank every column of the list several times over. Ranks of a grown list
    // reuse what was learnt, so a long load that pauses between showings still keeps pace.
    return startJob(this.prepare(rows, sources), {
      priority: 'background',
      onceSettled: { idleTimeoutMs: 500 },
      // First of the work after a load: the counts and figures that follow never starve it.
      turn: AFTER_LOAD.sortKeys,
    });
  }

  private *prepare(rows: readonly Row[], sources: readonly SortSource<Row>[]): Job<void> {
    for (const source of sources) {
      const ranks = this.ranking.rank(rows, source);
      for (;;) {
        if (this.urgent > 0) yield GIVE_WAY;
        else if (ranks.next().done) break;
        else yield;
      }
    }
  }
}
