/**
 * How background runs share the page's thread with the page and with each other (see index.ts):
 * runs that follow a load take turns (`AFTER_LOAD`), and a chain of background slices lets a frame
 * be painted every `BACKGROUND_CHAIN_MS`.
 */

/**
 * The order in which the work that follows a list's load runs once its rows are on screen: sort
 * keys first (a header click waits for them), then the facets' counts, the metadata audit, and last
 * the figures of seeds shared across collections (which need every seed of the account).
 */
export const AFTER_LOAD = { sortKeys: 1, facets: 2, audit: 3, sharing: 4 } as const;

/** A run with a turn: `runnable` while it has a slice to run, `parked` while it waits its turn. */
export interface InLine {
  readonly turn: number;
  runnable: boolean;
  parked: (() => void) | null;
}

export const line = new Set<InLine>();

/** Whether a run of an earlier turn has a slice to run. */
export function outranked(me: InLine): boolean {
  for (const other of line) if (other.runnable && other.turn < me.turn) return true;
  return false;
}

/** Lets parked runs look again: one that ran, paused or ended may have been in their way. */
export function wakeParked(): void {
  for (const entry of line) {
    const go = entry.parked;
    if (go === null || outranked(entry)) continue;
    entry.parked = null;
    entry.runnable = true;
    go();
  }
}

/** Calls `start` in a task after the next frame is painted; returns a cancel. */
export function afterNextPaint(start: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const handle = setTimeout(start, 0);
    return () => {
      clearTimeout(handle);
    };
  }
  let cancel = () => {
    cancelAnimationFrame(frame);
  };
  const frame = requestAnimationFrame(() => {
    // A task queued in the frame runs once the frame is painted.
    const handle = setTimeout(start, 0);
    cancel = () => {
      clearTimeout(handle);
    };
  });
  return () => {
    cancel();
  };
}

/**
 * The most that background slices run back to back before the next one waits for a frame. Each
 * slice is a task of its own, but while nothing on the page changes the browser paints nothing
 * between them: a chain of them (the sort keys, facets and audit that follow a load) would be one
 * long frame, which a key press or a click arriving then has to wait out.
 */
const BACKGROUND_CHAIN_MS = 50;
/** A gap between background slices this long let the browser paint: the chain starts again. */
const FRAME_GAP_MS = 16;

/** The background slices run since the last frame: how long in all, and when the last ended. */
const chain = { spent: 0, lastEnd: Number.NEGATIVE_INFINITY };

export function noteBackgroundSlice(start: number, end: number): void {
  if (start - chain.lastEnd >= FRAME_GAP_MS) chain.spent = 0;
  chain.spent += end - start;
  chain.lastEnd = end;
}

/** Whether background work has run long enough since the last frame that it must let one by. */
export function chainTooLong(): boolean {
  return chain.spent >= BACKGROUND_CHAIN_MS && performance.now() - chain.lastEnd < FRAME_GAP_MS;
}

/** A frame has gone by: the background work's chain starts again. */
export function chainBroken(): void {
  chain.spent = 0;
}
