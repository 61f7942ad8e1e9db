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

export type ParseResponse = { id: number; reading: PageReading } | { id: number; failed: string };

interface Pending {
  resolve: (reading: PageReading) => void;
  /** Kept (the worker gets a copy) so the page can read it itself if the worker fails. */
  request: ParseRequest;
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
      const job = pending.get(event.data.id);
      if (!job) return;
      pending.delete(event.data.id);
      if ('reading' in event.data) job.resolve(event.data.reading);
      else job.resolve(readInPage(job));
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
  const jobs = [...pending.values()];
  pending.clear();
  for (const job of jobs) job.resolve(readInPage(job));
}

function readInPage(job: Pending): PageReading {
  const { resource, bytes, firstIndex, contentType } = job.request;
  return readPage(resource, bytes, firstIndex, contentType);
}

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
  return new Promise((resolve) => {
    pending.set(request.id, { resolve, request });
    target.postMessage(request);
  });
}
