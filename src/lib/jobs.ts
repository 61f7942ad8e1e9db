/**
 * Long work (ranking a column, counting facets) runs as resumable jobs: generators that yield every
 * few thousand steps, so a caller can run one to the end at once, or in slices until a deadline
 * while the page stays responsive, and abandon a stale run by no longer advancing it.
 */
export type Job<T> = Generator<undefined | typeof END_SLICE, T, undefined>;

/**
 * What a job yields before a step too big to share a slice (a row with thousands of fields): the
 * slice ends there, whatever time is left, so the step has a task of its own.
 */
export const END_SLICE: unique symbol = Symbol('end the slice');

/** Runs a job to its end. */
export function runJob<T>(job: Job<T>): T {
  for (;;) {
    const step = job.next();
    if (step.done) return step.value;
  }
}

/**
 * Advances a job while `hasTime()`; its result once done, else undefined (call again to go on).
 * A caller abandons a stale run by not calling again.
 */
export function advanceJob<T>(job: Job<T>, hasTime: () => boolean): { value: T } | undefined {
  for (;;) {
    const step = job.next();
    if (step.done) return { value: step.value };
    if (step.value === END_SLICE || !hasTime()) return undefined;
  }
}
