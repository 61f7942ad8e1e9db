/**
 * Runs a job (jobs.ts) to its end without freezing the page: slices of a few tens of milliseconds,
 * with the page free to paint and take input between them (tasks.ts does the slicing).
 */
import { advanceJob, type Job } from './jobs';
import { runInSlices } from './tasks';

/** Work per slice: well under a frame budget of 200 ms, large enough to waste little on yields. */
const SLICE_MS = 25;

export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'Cancelled';
  }
}

/** The job's result; rejects with what the job threw, or with `Cancelled` once `signal` aborts. */
export function runJobInSlices<T>(job: Job<T>, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Cancelled());
      return;
    }
    let stop: () => void = () => undefined;
    const abort = () => {
      stop();
      reject(new Cancelled());
    };
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    stop = runInSlices(
      (hasTime) => {
        let done: { value: T } | undefined;
        try {
          done = advanceJob(job, hasTime);
        } catch (error) {
          settle(() => {
            reject(error instanceof Error ? error : new Error(String(error)));
          });
          return true;
        }
        if (done) {
          const { value } = done;
          settle(() => {
            resolve(value);
          });
        }
        return done !== undefined;
      },
      { sliceMs: SLICE_MS, priority: 'user-visible', startNow: true },
    );
  });
}
