/**
 * How long work runs without freezing the page: ranking a column, counting facets, preparing the
 * quick filter, writing an export, saving a list. Such work is a job (a generator that yields
 * every few thousand steps), and `runJobInSlices` is the one way to run one without blocking: in
 * slices of a few milliseconds, with the page free to paint and take input between them, at the
 * priority the work deserves, until it is done or its signal aborts. Background work also keeps
 * out of the way while the page is kept quiet (`deferBackgroundWork`, e.g. while the user scrolls).
 *
 * This module is the bottom of the browser code: it imports nothing of the app, and every layer
 * may use it (the data layer waits for an idle moment to save a list; see docs/architecture.md).
 */

import {
  afterNextPaint,
  chainBroken,
  chainTooLong,
  line,
  noteBackgroundSlice,
  outranked,
  wakeParked,
  type InLine,
} from './background';

export { AFTER_LOAD } from './background';

// ---------------------------------------------------------------------------------------------
// Jobs

/**
 * What a job yields before a step too big to share a slice (a row with thousands of fields): the
 * slice ends there, whatever time is left, so the step has a task of its own.
 */
export const END_SLICE: unique symbol = Symbol('end the slice');

/**
 * What a job yields when it cannot go on yet (the table's background ranking while a click waits
 * for another column's): the slice ends, and the next starts `pauseMs` later.
 */
export interface Pause {
  readonly pauseMs: number;
}

/**
 * Resumable work: a generator that yields every few thousand steps (nothing, `END_SLICE` or a
 * `Pause`) and returns its result, so a caller can run it to its end at once or in slices until a
 * deadline, and abandon a stale run by no longer advancing it.
 */
export type Job<T> = Generator<undefined | typeof END_SLICE | Pause, T, undefined>;

/** Advances a job while `hasTime()`; what it gave last: its result, or what ended the slice. */
function advance<T>(
  job: Job<T>,
  hasTime: () => boolean,
): IteratorResult<undefined | typeof END_SLICE | Pause, T> {
  for (;;) {
    const step = job.next();
    if (step.done || step.value !== undefined || !hasTime()) return step;
  }
}

/** Runs a job to its end at once (a job that pauses cannot: nothing else runs meanwhile). */
export function runJob<T>(job: Job<T>): T {
  for (;;) {
    const step = advance(job, always);
    if (step.done) return step.value;
    if (step.value !== END_SLICE) throw new Error('A job that pauses runs only in slices.');
  }
}

/**
 * Advances a job while `hasTime()`; its result once done, else undefined (call again to go on).
 * A caller abandons a stale run by not calling again.
 */
export function advanceJob<T>(job: Job<T>, hasTime: () => boolean): { value: T } | undefined {
  const step = advance(job, hasTime);
  return step.done ? { value: step.value } : undefined;
}

const always = () => true;

// ---------------------------------------------------------------------------------------------
// Keeping the page quiet

/** Until when work that can wait stays out of the way (ms, `performance.now()` time). */
let quietUntil = 0;

/**
 * Keeps the page quiet for a quarter of a second, e.g. while the user scrolls: work that can
 * wait (background slices, idle-time saving) waits, since a frame that also ran it would be late.
 * Without parameters, so it can be an event handler as it is.
 */
export function deferBackgroundWork(): void {
  quietUntil = Math.max(quietUntil, performance.now() + 250);
}

/** How long the page is still to be kept quiet, in ms (0: not at all). */
function quietFor(): number {
  return Math.max(0, quietUntil - performance.now());
}

/**
 * Calls `start` once the browser is idle (at most `timeoutMs` later) and the page is not being
 * kept quiet (however long that takes); returns a cancel.
 */
export function whenIdle(start: () => void, timeoutMs: number): () => void {
  let cancel = idle(check, timeoutMs);
  function check() {
    const wait = quietFor();
    if (wait === 0) {
      start();
      return;
    }
    const handle = window.setTimeout(() => {
      cancel = idle(check, timeoutMs);
    }, wait);
    cancel = () => {
      window.clearTimeout(handle);
    };
  }
  return () => {
    cancel();
  };
}

function idle(start: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: timeoutMs });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const handle = window.setTimeout(start, 50);
  return () => {
    window.clearTimeout(handle);
  };
}

// ---------------------------------------------------------------------------------------------
// Tasks

export type TaskPriority = 'user-visible' | 'background';

/**
 * Queues `callback` as one task, with the Prioritized Task Scheduling API where the browser has
 * it, else with a timeout; returns a function that cancels it if it has not run.
 */
function postTask(callback: () => void, priority: TaskPriority): () => void {
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

/**
 * Lets the page go on: its input and its painting. Where the browser has `scheduler.yield`, the
 * caller then continues ahead of the page's other queued tasks (a restore's rows would otherwise
 * wait for all of them); elsewhere in a scheduled task of its own (a chain of timeouts is held
 * back 4 ms a step after the fifth).
 */
export function nextTask(): Promise<void> {
  if ('scheduler' in globalThis) {
    if (typeof scheduler.yield === 'function') return scheduler.yield();
    return scheduler.postTask(() => undefined, { priority: 'user-blocking' });
  }
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Running a job in slices

export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'Cancelled';
  }
}

/**
 * The longest a slice runs before the browser gets to handle input and paint: for work someone
 * waits for, well under a frame budget of 200 ms and large enough to waste little on yields; for
 * background work, half a frame, so input waits at most that long.
 */
const SLICE_MS: Record<TaskPriority, number> = { 'user-visible': 25, background: 8 };

/** How long a caller's inputs stay unchanged before work `onceSettled` starts. */
const SETTLE_MS = 600;

export interface SliceOptions {
  readonly priority: TaskPriority;
  /** Cancels the run: it stops between slices and rejects with `Cancelled`. */
  readonly signal?: AbortSignal | undefined;
  /** The longest a slice runs, in ms, if not the priority's own (25 ms user-visible, 8 ms else). */
  readonly sliceMs?: number;
  /**
   * Runs the first slice at once, in the caller's task, so that small work finishes with it (a
   * short list's facets show with its rows); otherwise every slice is a task of its own.
   */
  readonly startNow?: boolean;
  /**
   * Starts only once the caller's inputs have been still for a moment (a list that is loading
   * changes with every page: a run for each would be stopped by the next) and the browser is idle,
   * waiting for that at most `idleTimeoutMs`.
   */
  readonly onceSettled?: { readonly idleTimeoutMs: number };
  /**
   * Names the run on the page's performance timeline (DevTools, and the benchmark): once done, a
   * `performance.measure` of that name from its first slice to its end, whose `detail` says how
   * long its slices ran in all (`work`, ms), how many there were and the longest, which is what
   * the work cost the page, apart from the waits between slices.
   */
  readonly measure?: string;
  /**
   * Starts only once the page has painted what the caller's render put on screen (the next frame,
   * then a task after it): work the first screen does not need (counts, audits, sort keys) never
   * delays the rows it follows.
   */
  readonly afterPaint?: boolean;
  /**
   * Background work's place in line (`AFTER_LOAD`): while a run of an earlier turn can go on,
   * a later one waits, so the work a person is likelier to wait for is never starved by the rest.
   */
  readonly turn?: number;
}

/** What a measured run's `performance.measure` carries as its `detail`. */
export interface JobMeasure {
  readonly work: number;
  readonly slices: number;
  readonly longest: number;
}

/**
 * Runs `job` in slices of at most `sliceMs` until it is done; between slices the browser handles
 * input and paints. Background slices wait while the page is kept quiet. Resolves with the job's
 * result; rejects with what the job threw, or with `Cancelled` once `signal` aborts.
 */
export function runJobInSlices<T>(
  job: Job<T>,
  {
    priority,
    signal,
    sliceMs = SLICE_MS[priority],
    startNow = false,
    onceSettled,
    measure,
    afterPaint = false,
    turn,
  }: SliceOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Cancelled());
      return;
    }
    let over = false;
    let cancel: () => void = () => undefined;
    const place: InLine | null =
      turn === undefined ? null : { turn, runnable: false, parked: null };
    if (place) line.add(place);
    const leaveLine = () => {
      if (!place) return;
      line.delete(place);
      wakeParked();
    };
    const abort = () => {
      over = true;
      cancel();
      leaveLine();
      reject(new Cancelled());
    };
    signal?.addEventListener('abort', abort, { once: true });
    const finish = (outcome: () => void) => {
      over = true;
      signal?.removeEventListener('abort', abort);
      leaveLine();
      outcome();
    };
    const next = () => {
      if (place) place.runnable = true;
      cancel = postTask(work, priority);
    };
    // What a measured run's slices took (only a run with a `measure` keeps count).
    let startedAt = NaN;
    const spent = { work: 0, slices: 0, longest: 0 };
    const note = (sliceStart: number) => {
      const took = performance.now() - sliceStart;
      if (Number.isNaN(startedAt)) startedAt = sliceStart;
      spent.work += took;
      spent.slices += 1;
      spent.longest = Math.max(spent.longest, took);
    };
    const after = (ms: number) => {
      if (place) {
        place.runnable = false;
        wakeParked();
      }
      const handle = setTimeout(next, ms);
      cancel = () => {
        clearTimeout(handle);
      };
    };
    const work = () => {
      if (over) return;
      if (place && outranked(place)) {
        // An earlier turn goes first: this run waits, parked, until that one pauses or ends.
        place.runnable = false;
        place.parked = next;
        cancel = () => {
          if (place.parked === next) place.parked = null;
        };
        return;
      }
      const quiet = priority === 'background' ? quietFor() : 0;
      if (quiet > 0) {
        after(quiet);
        return;
      }
      if (priority === 'background' && chainTooLong()) {
        // Background work has kept the page's thread long enough: a frame goes first.
        cancel = afterNextPaint(() => {
          chainBroken();
          next();
        });
        return;
      }
      const sliceStart = performance.now();
      const deadline = sliceStart + sliceMs;
      let step: IteratorResult<undefined | typeof END_SLICE | Pause, T>;
      try {
        step = advance(job, () => performance.now() < deadline);
        if (measure !== undefined) note(sliceStart);
        if (priority === 'background') noteBackgroundSlice(sliceStart, performance.now());
      } catch (error) {
        finish(() => {
          reject(error instanceof Error ? error : new Error(String(error)));
        });
        return;
      }
      if (step.done) {
        const { value } = step;
        if (measure !== undefined) {
          const detail: JobMeasure = { ...spent };
          performance.measure(measure, { start: startedAt, end: performance.now(), detail });
        }
        finish(() => {
          resolve(value);
        });
      } else if (step.value === undefined || step.value === END_SLICE) next();
      else after(step.value.pauseMs);
    };
    if (onceSettled) {
      const settle = setTimeout(() => {
        cancel = whenIdle(next, onceSettled.idleTimeoutMs);
      }, SETTLE_MS);
      cancel = () => {
        clearTimeout(settle);
      };
    } else if (afterPaint) cancel = afterNextPaint(next);
    else if (startNow) work();
    else next();
  });
}

/**
 * Runs `job` as `runJobInSlices` does, for a caller that does not wait for it (an effect): calls
 * `onDone` with its result, and returns a function that stops it. A run stopped is no failure; a
 * job that threw is reported as an uncaught error, not lost.
 */
export function startJob<T>(
  job: Job<T>,
  options: Omit<SliceOptions, 'signal'>,
  onDone?: (result: T) => void,
): () => void {
  const run = new AbortController();
  runJobInSlices(job, { ...options, signal: run.signal }).then(onDone, (error: unknown) => {
    if (!(error instanceof Cancelled)) throw error;
  });
  return () => {
    run.abort();
  };
}
