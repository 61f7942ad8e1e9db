/**
 * Where answers are parsed: in a worker when the browser can run one, else in the page. The page
 * keeps everything else (requests, retries, the service's waits), so only the parsing moves.
 */
import type { Resource } from '../contract/wire';
import { readPage, type PageReading } from './read-page';

export interface ParseRequest {
  id: number;
  resource: Resource;
  bytes: ArrayBuffer;
  firstIndex: number;
  contentType: string;
}

export type ParseResponse =
  | { id: number; reading: PageReading }
  /** The worker could not read it: the bytes come back, for the page to read itself. */
  | { id: number; failed: string; bytes: ArrayBuffer };

interface Pending {
  resolve: (reading: PageReading) => void;
  reject: (error: Error) => void;
  /**
   * Kept so the page can read it itself if the worker fails. Until the worker has answered once
   * it gets a copy of the bytes; after that they are moved to it (copying 100,000 seeds' pages
   * cost the page tens of milliseconds), and a worker that dies holding them loses them.
   */
  request: ParseRequest;
  moved: boolean;
  /** The worker it was sent to: a worker that fails gives up only its own jobs. */
  worker: Worker;
}

/**
 * Smaller answers are read in the page: a first page of a hundred rows paints sooner without
 * waiting for the worker to start, and small lists are not worth the trip.
 */
const IN_PAGE_BELOW = 256 * 1024;

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The worker, started on first use; null where workers cannot run (or one failed). */
function parseWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined' || !workersAllowed) return worker;
  try {
    const started = new Worker(new URL('./parse-worker.ts', import.meta.url), {
      type: 'module',
      name: 'parse',
    });
    started.onmessage = (event: MessageEvent<ParseResponse>) => {
      proven = started;
      const job = pending.get(event.data.id);
      if (!job) return;
      pending.delete(event.data.id);
      if ('reading' in event.data) job.resolve(event.data.reading);
      else job.resolve(readInPage({ ...job.request, bytes: event.data.bytes }));
    };
    started.onerror = (event) => {
      // A worker that cannot start (or dies) leaves the parsing to the page, for good.
      event.preventDefault();
      giveUp(started);
    };
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

function giveUp(failed: Worker): void {
  if (worker === failed) worker = null;
  failed.terminate();
  const jobs = [...pending.values()].filter((job) => job.worker === failed);
  for (const job of jobs) pending.delete(job.request.id);
  for (const job of jobs) {
    if (!job.moved) job.resolve(readInPage(job.request));
    else job.reject(new Error('The page stopped reading this part of the list; try again.'));
  }
}

function readInPage({ resource, bytes, firstIndex, contentType }: ParseRequest): PageReading {
  return readPage(resource, bytes, firstIndex, contentType);
}

/** The worker that has answered at least once: from then on, bytes are moved to it. */
let proven: Worker | null = null;

let workersAllowed = true;

/** For tests: parse in the page even where workers exist. */
export function parseInPage(inPage: boolean): void {
  workersAllowed = !inPage;
  if (inPage && worker) giveUp(worker);
  if (!inPage) worker = undefined;
}

/** Parses one answer's bytes, off the page's thread where it can. */
export function parsePage(
  resource: Resource,
  bytes: ArrayBuffer,
  firstIndex: number,
  contentType: string,
): Promise<PageReading> {
  const target = bytes.byteLength < IN_PAGE_BELOW ? null : parseWorker();
  if (!target) return Promise.resolve(readPage(resource, bytes, firstIndex, contentType));
  const request: ParseRequest = { id: nextId++, resource, bytes, firstIndex, contentType };
  const moved = proven === target;
  return new Promise((resolve, reject) => {
    pending.set(request.id, { resolve, reject, request, moved, worker: target });
    target.postMessage(request, moved ? [bytes] : []);
  });
}
