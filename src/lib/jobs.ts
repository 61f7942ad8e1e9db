/**
 * Long work (ranking a column, counting facets) runs as resumable jobs: generators that yield every
 * few thousand steps, so a caller can run one to the end at once, or in slices until a deadline
 * while the page stays responsive, and abandon a stale run by no longer advancing it.
 */
export type Job<T> = Generator<undefined, T, undefined>;

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
    if (!hasTime()) return undefined;
  }
}
