/**
 * Where each exchange (exchange.ts) runs: a big page in a list worker, so that its bytes never
 * reach the page's thread, a small one (up to 1,000 rows, such as a list's first page of 500, see
 * `IN_PAGE_UP_TO` in client.ts) in the page, where handing it over would cost more than it saves,
 * unless its answer turns out big (a few records of many megabytes): those bytes go to a worker
 * to be read. Every one runs in the page where workers cannot run or one failed. There are as
 * many list workers as pages are asked for at once (one per core, see config.ts), so pages that
 * arrive together are read together. The page keeps everything else (retries, the service's
 * waits, errors: retries.ts), so the two places give the same result.
 */
import { PARALLEL_PAGES } from './config';
import {
  exchange,
  readHere,
  type ExchangeRequest,
  type FromWorker,
  type Outcome,
  type Reader,
  type ToWorker,
} from './exchange';

/**
 * An answer of more bytes than this, received in the page, is read in a worker: reading it here
 * would take the page's thread for more than a few tens of milliseconds.
 */
const READ_IN_PAGE_UP_TO = 2 * 1_048_576;

interface Job {
  /** The worker it was sent to: a worker that fails gives up only its own jobs. */
  readonly worker: Worker;
  /** An exchange to run; null for bytes to read, which cannot be asked again. */
  readonly request: ExchangeRequest | null;
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
    // Bytes handed over are gone with the worker: the exchange fails, and the client asks again.
    if (job.request === null) job.reject(new Error('The list worker stopped.'));
    else exchange(job.request, job.signal, readBigOffPage).then(job.resolve, job.reject);
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
 * Runs one exchange: off the page when it is `big` and a worker can take it. Rejects when `signal`
 * aborts, with its reason, or when a worker that held it stopped.
 */
export function runExchange(
  request: ExchangeRequest,
  signal: AbortSignal,
  big: boolean,
): Promise<Outcome> {
  // Started with the first big page: a page whose lists are all small never loads their code.
  const offPage = place === 'worker' || (place === 'by size' && big);
  const pool = offPage ? listWorkers() : null;
  if (!pool) return exchange(request, signal, readBigOffPage);
  return inWorker(pool, { request }, signal);
}

/** Reads an answer received in the page: here, unless it is big and a worker can take it. */
const readBigOffPage: Reader = async (request, bytes, contentType, signal) => {
  const pool = place === 'page' || bytes.byteLength <= READ_IN_PAGE_UP_TO ? null : listWorkers();
  if (!pool) return readHere()(request, bytes, contentType, signal);
  const outcome = await inWorker(pool, { read: { request, bytes, contentType } }, signal);
  // A worker answers bytes to read with what it read.
  if (outcome.kind !== 'read') throw new Error(`The list worker answered ${outcome.kind}.`);
  return outcome.reading;
};

/** What a worker is asked for: an exchange, or received bytes to read. */
type Work =
  | { readonly request: ExchangeRequest }
  | { readonly read: Extract<ToWorker, { read: unknown }>['read'] };

/** Sends work to the least busy worker; the bytes of a read move there. */
function inWorker(pool: readonly Worker[], work: Work, signal: AbortSignal): Promise<Outcome> {
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
      request: 'request' in work ? work.request : null,
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
    const message = { id, ...work } as ToWorker;
    target.postMessage(message, 'read' in message ? [message.read.bytes] : []);
  });
}
