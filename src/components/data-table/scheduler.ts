/**
 * When a table's sorting work runs. Each table has its own scheduler: it prepares every column's
 * ranks in the background once rows have painted, finishes the one a header click asks for in
 * short user-visible tasks, and keeps the background work out of the way while the user waits
 * for a sort (and, like all background work, while the user scrolls: see lib/tasks). The work itself is pure (ranking.ts).
 */
import { inBackgroundOnceSettled, runInSlices } from '../../lib/tasks';
import { advanceRanks, type SortSource } from './ranking';

export class SortScheduler {
  /** Rankings someone is waiting for; background preparation gives way to them. */
  private urgent = 0;

  /**
   * Finishes a column's ranks in short tasks (the page stays responsive between them), then calls
   * `onReady`. Returns a function that stops it.
   */
  finishRanks<Row>(rows: readonly Row[], source: SortSource<Row>, onReady: () => void): () => void {
    this.urgent++;
    let counted = true;
    const release = () => {
      if (counted) this.urgent--;
      counted = false;
    };
    const stop = runInSlices((hasTime) => advanceRanks(rows, source, hasTime), {
      sliceMs: 16,
      priority: 'user-visible',
      onDone: () => {
        release();
        onReady();
      },
    });
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
  prepareSortKeys<Row>(rows: readonly Row[], sources: readonly SortSource<Row>[]): () => void {
    if (rows.length === 0 || sources.length === 0) return () => undefined;
    let index = 0;
    const step = (hasTime: () => boolean) => {
      if (this.urgent > 0) return { retryAfter: 50 };
      while (index < sources.length) {
        if (!advanceRanks(rows, sources[index] as SortSource<Row>, hasTime)) return false;
        index++;
      }
      return true;
    };
    // A list that is loading shows new rows every quarter of a second or so: ranking each of
    // those arrays would rank every column of the list several times over. Ranks of a grown list
    // reuse what was learnt, so a long load that pauses between showings still keeps pace.
    return inBackgroundOnceSettled(step, 500);
  }
}
