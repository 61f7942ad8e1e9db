/**
 * Removes credentials from JSON answers in a worker thread (worker.ts), so that reading every
 * byte of a long answer (about 75 MB for 100,000 seeds) is not done on the thread that serves
 * every request: that thread only hands chunks over and takes them back, by transfer, a few
 * microseconds each, while the worker reads them beside it.
 *
 * One worker serves every answer, started at the first one. Answers that begin before it is ready
 * are stripped where they are, as they were before it; so are all answers if it cannot start or
 * stops. An answer never moves between the two, so each is read by one stripper from its first
 * byte to its last.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UnreadableJsonError } from './json';
import type { FromWorker, ToWorker } from './worker';

/** A JSON stripper in the worker: each chunk's result, in the order they were written. */
export interface OffThreadStripper {
  write(chunk: Uint8Array): Promise<Uint8Array>;
  /** The answer ended or was dropped: the worker forgets it. */
  close(): void;
}

interface Waiting {
  resolve(chunk: Uint8Array): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let ready = false;
/** The worker could not start or stopped: everything is stripped on this thread from now on. */
let failed = false;
let nextStream = 0;
/** Per answer, the chunks handed over and not yet back, oldest first. */
const waiting = new Map<number, Waiting[]>();
let inFlight = 0;
/** Settles when the worker is ready (true) or cannot be (false). */
let whenReady: Promise<boolean> | null = null;
let readied: (ready: boolean) => void = () => undefined;

/** The worker's code runs as TypeScript, as the server's does: through tsx, registered there. */
function start(): void {
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs/api');
  const code = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const bootstrap = `require(${JSON.stringify(tsx)}).register();require(${JSON.stringify(code)});`;
  whenReady = new Promise((resolve) => (readied = resolve));
  const started = new Worker(bootstrap, { eval: true });
  worker = started;
  // An idle worker does not keep the server's process alive; one with chunks in hand does.
  started.unref();
  started.on('message', (message: FromWorker) => {
    if ('ready' in message) {
      ready = true;
      readied(true);
      return;
    }
    const queue = waiting.get(message.stream);
    const next = queue?.shift();
    if (!queue || !next) return;
    settled();
    if ('chunk' in message) {
      next.resolve(message.chunk);
      return;
    }
    const error = message.unreadable
      ? new UnreadableJsonError(message.error)
      : new Error(message.error);
    next.reject(error);
    for (const rest of queue.splice(0)) {
      settled();
      rest.reject(error);
    }
  });
  const stop = (why: unknown) => {
    failed = true;
    ready = false;
    readied(false);
    worker = null;
    const error = why instanceof Error ? why : new Error('the worker stopped');
    for (const queue of waiting.values()) {
      for (const next of queue.splice(0)) {
        settled();
        next.reject(error);
      }
    }
  };
  started.on('error', stop);
  started.on('exit', stop);
}

function settled(): void {
  inFlight--;
  if (inFlight === 0) worker?.unref();
}

/** Starts the worker if it is not, and says once it is ready whether it will serve. */
export function offThreadReady(): Promise<boolean> {
  if (failed) return Promise.resolve(false);
  if (worker === null) start();
  return whenReady ?? Promise.resolve(false);
}

/** A stripper in the worker for a new answer, or null while it is not ready (or never will be). */
export function offThreadStripper(): OffThreadStripper | null {
  if (failed) return null;
  if (worker === null) start();
  const thread = worker;
  if (!ready || thread === null) return null;
  const stream = nextStream++;
  const queue: Waiting[] = [];
  waiting.set(stream, queue);
  return {
    write(chunk) {
      // The chunk crosses by transfer when it is the whole of its memory (a network read's
      // chunk is), by copy when it shares that memory with something else.
      const own =
        chunk.byteOffset === 0 &&
        chunk.byteLength === chunk.buffer.byteLength &&
        chunk.buffer instanceof ArrayBuffer
          ? (chunk as Uint8Array<ArrayBuffer>)
          : chunk.slice();
      return new Promise<Uint8Array>((resolve, reject) => {
        if (worker !== thread) {
          reject(new Error('the worker stopped'));
          return;
        }
        queue.push({ resolve, reject });
        if (inFlight++ === 0) thread.ref();
        thread.postMessage({ stream, chunk: own } satisfies ToWorker, [own.buffer]);
      });
    },
    close() {
      waiting.delete(stream);
      for (const next of queue.splice(0)) {
        settled();
        next.reject(new Error('the answer was closed'));
      }
      if (worker === thread) thread.postMessage({ stream, close: true } satisfies ToWorker);
    },
  };
}
