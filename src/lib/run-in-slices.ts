/**
 * Runs a job (jobs.ts) to its end without freezing the page: slices of a few tens of milliseconds,
 * with the page free to paint and take input between them.
 */
import { advanceJob, type Job } from './jobs';

/** Work per slice: well under a frame budget of 200 ms, large enough to waste little on yields. */
const SLICE_MS = 25;

/** The next task, queued as user-visible work where the browser has a scheduler. */
function nextTask(): Promise<void> {
  if ('scheduler' in globalThis) {
    return scheduler.postTask(() => undefined, { priority: 'user-visible' });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'Cancelled';
  }
}

/** The job's result; rejects with what the job threw, or with `Cancelled` once `signal` aborts. */
export async function runInSlices<T>(job: Job<T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    if (signal?.aborted) throw new Cancelled();
    const end = performance.now() + SLICE_MS;
    const done = advanceJob(job, () => performance.now() < end);
    if (done) return done.value;
    await nextTask();
  }
}
