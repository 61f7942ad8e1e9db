/**
 * Where each exchange (exchange.ts) runs: a big page in a list worker, so that its bytes never
 * reach the page's thread, a small one (up to 1,000 rows, such as a list's first page of 500, see
 * `IN_PAGE_UP_TO` in client.ts) in the page, where handing it over would cost more than it saves;
 * and every one in the page where workers cannot run or one failed. There are as many list
 * workers as pages are asked for at once (one per core, see config.ts), so pages that arrive
 * together are read together. The page keeps everything else (retries, the service's waits,
 * errors: retries.ts), so the two places give the same result.
 */
import { PARALLEL_PAGES } from './config';
import {
  exchange,
  type ExchangeRequest,
  type FromWorker,
  type Outcome,
  type ToWorker,
} from './exchange';

interface Job {
  /** The worker it was sent to: a worker that fails gives up only its own jobs. */
  readonly worker: Worker;
  readonly request: ExchangeRequest;
  readonly signal: AbortSignal;
  readonly resolve: (outcome: Outcome) => void;
  /** With the signal's reason: the only way an exchange rejects. */
  readonly reject: (reason: Error) => void;
}

/** The workers; null where workers cannot run (or one failed), undefined until first asked for. */
let workers: Worker[] | null | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();

function startWorker(): Worker {
  const started = new Worker(new URL('./exchange-worker.ts', import.meta.url), {
    type: 'module',
    name: 'list',
  });
  started.onmessage = (event: MessageEvent<FromWorker>) => {
    const job = jobs.get(event.data.id);
    jobs.delete(event.data.id);
    job?.resolve(event.data.outcome);
  };
  started.onerror = (event) => {
    // A worker that cannot start (or dies) leaves the exchanges to the page, for good: those
    // the workers held are asked again from the page.
    event.preventDefault();
    if (workers?.includes(started)) giveUp();
    else started.terminate();
  };
  return started;
}

function listWorkers(): Worker[] | null {
  if (workers !== undefined) return workers;
  workers = null;
  if (typeof Worker === 'undefined' || place === 'page') return workers;
  try {
    workers = Array.from({ length: PARALLEL_PAGES }, startWorker);
  } catch {
    workers = null;
  }
  return workers;
}

function giveUp(): void {
  const failed = workers ?? [];
  workers = null;
  for (const worker of failed) worker.terminate();
  for (const [id, job] of jobs) {
    if (!failed.includes(job.worker)) continue;
    jobs.delete(id);
    exchange(job.request, job.signal).then(job.resolve, (reason: unknown) => {
      job.reject(reason as Error);
    });
  }
}

/** The worker with the fewest exchanges under way. */
function leastBusy(pool: readonly Worker[]): Worker {
  const load = new Map(pool.map((worker) => [worker, 0]));
  for (const job of jobs.values()) load.set(job.worker, (load.get(job.worker) ?? 0) + 1);
  return pool.reduce((best, worker) =>
    (load.get(worker) ?? 0) < (load.get(best) ?? 0) ? worker : best,
  );
}

/** Where exchanges run: big ones off the page (the default), or all in one place (tests). */
type Place = 'by size' | 'page' | 'worker';
let place: Place = 'by size';

/** For tests: run every exchange in the page, or every one in a worker. */
export function exchangesRunIn(where: Place): void {
  place = where;
  if (workers) giveUp();
  workers = undefined;
}

/**
 * Runs one exchange: off the page when it is `big` and a worker can take it. Rejects only when
 * `signal` aborts, with its reason.
 */
export function runExchange(
  request: ExchangeRequest,
  signal: AbortSignal,
  big: boolean,
): Promise<Outcome> {
  // Started with the first big page: a page whose lists are all small never loads their code.
  const offPage = place === 'worker' || (place === 'by size' && big);
  const pool = offPage ? listWorkers() : null;
  if (!pool) return exchange(request, signal);
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  const target = leastBusy(pool);
  const id = nextId++;
  return new Promise<Outcome>((resolve, reject) => {
    const cancel = () => {
      if (!jobs.delete(id)) return;
      target.postMessage({ id, cancel: true } satisfies ToWorker);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', cancel, { once: true });
    jobs.set(id, {
      worker: target,
      request,
      signal,
      resolve: (outcome) => {
        signal.removeEventListener('abort', cancel);
        resolve(outcome);
      },
      reject: (reason) => {
        signal.removeEventListener('abort', cancel);
        reject(reason);
      },
    });
    target.postMessage({ id, request } satisfies ToWorker);
  });
}
