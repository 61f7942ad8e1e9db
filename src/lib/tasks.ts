/**
 * Work cut into short tasks, so input and painting go between them: with the Prioritized Task
 * Scheduling API where the browser has it, else with timeouts.
 */
import { quietFor, whenIdle } from '../api/waits';

export type TaskPriority = 'user-visible' | 'background';

/** Queues `callback` as one task; returns a function that cancels it if it has not run. */
export function postTask(callback: () => void, priority: TaskPriority): () => void {
  if ('scheduler' in globalThis) {
    const controller = new AbortController();
    scheduler
      .postTask(callback, { priority, signal: controller.signal })
      .catch((error: unknown) => {
        // A task cancelled is no failure; one that threw is reported as the timeout's would be,
        // rather than lost.
        if (!controller.signal.aborted) reportError(error);
      });
    return () => {
      controller.abort();
    };
  }
  const handle = setTimeout(callback, 0);
  return () => {
    clearTimeout(handle);
  };
}

/** What a slice of work reports: done, more to do at once, or try again after a pause. */
export type SliceResult = boolean | { retryAfter: number };

export interface SliceOptions {
  /** The longest a slice runs before the browser gets to handle input and paint. */
  readonly sliceMs: number;
  readonly priority: TaskPriority;
  /**
   * Runs the first slice at once, in the caller's task, so that small work finishes with it (a
   * short list's facets show with its rows); otherwise every slice is a task of its own.
   */
  readonly startNow?: boolean;
  /** Called once `step` reports that it is done (never after a stop). */
  readonly onDone?: () => void;
}

/**
 * Runs `step` in tasks of at most `sliceMs` until it reports that it is done (or asks to be tried
 * again later); between tasks the browser handles input and paints. Background slices wait while
 * the page is kept quiet (see `deferBackgroundWork`). Returns a function that stops it.
 */
export function runInSlices(
  step: (hasTime: () => boolean) => SliceResult,
  { sliceMs, priority, startNow = false, onDone }: SliceOptions,
): () => void {
  let stopped = false;
  let cancel: () => void = () => undefined;
  const work = () => {
    if (stopped) return;
    const now = performance.now();
    const quiet = priority === 'background' ? quietFor() : 0;
    const result: SliceResult =
      quiet > 0 ? { retryAfter: quiet } : step(() => performance.now() < now + sliceMs);
    if (result === true) {
      stopped = true;
      onDone?.();
    } else if (result === false) {
      cancel = postTask(work, priority);
    } else {
      const handle = setTimeout(() => {
        cancel = postTask(work, priority);
      }, result.retryAfter);
      cancel = () => {
        clearTimeout(handle);
      };
    }
  };
  if (startNow) work();
  else cancel = postTask(work, priority);
  return () => {
    stopped = true;
    cancel();
  };
}

/** How long a component's inputs stay unchanged before background work on them starts. */
const SETTLE_MS = 600;

/**
 * Runs `step` in background slices of 8 ms once its inputs have been still for a moment (a list
 * that is loading changes with every page) and the browser is idle. Returns a function that stops
 * it, at whichever stage it is.
 */
export function inBackgroundOnceSettled(
  step: (hasTime: () => boolean) => SliceResult,
  idleTimeoutMs: number,
): () => void {
  let stop: () => void = () => undefined;
  const settle = window.setTimeout(() => {
    stop = whenIdle(() => {
      stop = runInSlices(step, { sliceMs: 8, priority: 'background' });
    }, idleTimeoutMs);
  }, SETTLE_MS);
  stop = () => {
    window.clearTimeout(settle);
  };
  return () => {
    stop();
  };
}
