/**
 * One request for a page of a list, and the reading of its answer: `fetch` with a deadline for the
 * answer and another for its body, the body taken up to a size limit (an answer larger than that,
 * or one that never ends, is stopped there), then read into a block of rows (read-page.ts). It
 * runs in the list worker for big pages, so that the page's thread neither receives nor parses
 * them, and in the page for small ones, where a body that turns out big is still read in a worker;
 * either way it gives the same outcome, which can cross between threads. What to make of an
 * outcome (retry, wait, fail, and how to say so) is the client's.
 */
import { TOTAL_ROW_COUNT_HEADER, type Resource } from '../contract/wire';
import { nextTask } from '../scheduling';
import { blockBuffers } from './row-block';
import { readPage, type FastRoutes, type PageReading } from './read-page';

export interface ExchangeRequest {
  readonly url: string;
  readonly resource: Resource;
  /** The position of the page's first item in the list, for messages about unreadable ones. */
  readonly firstIndex: number;
  /** How long the answer may take to begin, and then how long its body may take. */
  readonly timeoutMs: number;
  /** The most bytes of a body read: a longer one is stopped there. */
  readonly maxBytes: number;
}

/** Reads the bytes of a 2xx answer into rows, where the caller wants it done. */
export type Reader = (
  request: ExchangeRequest,
  bytes: ArrayBuffer,
  contentType: string,
  signal: AbortSignal,
) => PageReading | Promise<PageReading>;

/** Reads the bytes here, with the fast routes given. */
export const readHere =
  (routes: FastRoutes = {}): Reader =>
  (request, bytes, contentType) =>
    readPage(request.resource, bytes, request.firstIndex, contentType, routes);

export type Outcome =
  /** A 2xx answer, read. */
  | {
      readonly kind: 'read';
      readonly reading: PageReading;
      readonly contentType: string;
      readonly totalHeader: number | null;
      /** How long the body took to arrive once the answer had begun, in ms. */
      readonly transferMs: number;
    }
  /** Any other answer, as it came (its body clipped). */
  | {
      readonly kind: 'refused';
      readonly status: number;
      readonly statusText: string;
      readonly headers: readonly (readonly [string, string])[];
      readonly body: string;
    }
  /** No answer within the limit. */
  | { readonly kind: 'timeout' }
  /** An answer whose body did not finish within the limit. */
  | { readonly kind: 'late' }
  /** An answer larger than the most bytes read (or one that never ends): reading stopped there. */
  | { readonly kind: 'too-big'; readonly maxBytes: number }
  /** An answer whose body broke off. */
  | { readonly kind: 'cut'; readonly message: string }
  /** No answer at all: the network failed (what `fetch` rejects with). */
  | { readonly kind: 'network'; readonly message: string };

/** The most of a refusal's body kept: enough for any detail a service writes. */
const REFUSAL_BODY_LIMIT = 64 * 1024;

/**
 * Addresses this page (or worker) has asked for. The page the server sends preloads the first
 * pages of its lists (src/addresses/first-lists.ts), and the first request for each takes the
 * preloaded answer; every later one (a retry, Try again, a refresh) asks the service anew, past
 * whatever the browser holds: an answer that never ended, or one a timeout gave up on, would
 * otherwise be handed to it again.
 */
const asked = new Set<string>();

/**
 * Asks once. Rejects only when `signal` aborts (with its reason, as `fetch` does), or when `read`
 * fails (a worker that stopped); every other failure is an outcome.
 */
export async function exchange(
  request: ExchangeRequest,
  signal: AbortSignal,
  read: Reader = readHere(),
): Promise<Outcome> {
  const { url, timeoutMs } = request;
  const deadline = new AbortController();
  const combined = AbortSignal.any([signal, deadline.signal]);
  let timer = setTimeout(() => {
    deadline.abort();
  }, timeoutMs);
  try {
    let response: Response;
    try {
      const cache = asked.has(url) ? 'no-store' : 'default';
      asked.add(url);
      response = await fetch(url, {
        headers: { Accept: 'application/json' },
        signal: combined,
        cache,
      });
    } catch (error) {
      signal.throwIfAborted();
      if (deadline.signal.aborted) return { kind: 'timeout' };
      return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
    }
    // The body has its own deadline: a service can send headers and then stall.
    const answeredAt = performance.now();
    clearTimeout(timer);
    timer = setTimeout(() => {
      deadline.abort();
    }, timeoutMs);
    if (!response.ok) return await refusal(response);
    let bytes: ArrayBuffer | null;
    try {
      bytes = await readBody(response, request.maxBytes);
    } catch (error) {
      signal.throwIfAborted();
      if (deadline.signal.aborted) return { kind: 'late' };
      return { kind: 'cut', message: error instanceof Error ? error.message : String(error) };
    }
    clearTimeout(timer);
    if (bytes === null) return { kind: 'too-big', maxBytes: request.maxBytes };
    const transferMs = networkTransferMs(url) ?? performance.now() - answeredAt;
    const contentType = response.headers.get('Content-Type') ?? 'no content type';
    return {
      kind: 'read',
      reading: await read(request, bytes, contentType, signal),
      contentType,
      totalHeader: readCount(response.headers.get(TOTAL_ROW_COUNT_HEADER)),
      transferMs,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** How long reading a body's chunks goes on before the thread is let go. */
const READ_SLICE_MS = 10;

/**
 * The body's bytes, or null once they pass `maxBytes`: reading stops there, so an answer that
 * never ends costs at most that much. A body of a stated length within the limit, not compressed
 * (so the length is what arrives), is taken whole.
 */
async function readBody(response: Response, maxBytes: number): Promise<ArrayBuffer | null> {
  const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
  const plain = !response.headers.has('Content-Encoding');
  if (plain && length > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (response.body === null || (plain && length >= 0)) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Chunks that arrived while the thread was busy are all there to read at once, without a task
  // between them: a body of many megabytes read in one go would hold the page's thread. So would
  // putting them together (the memory's first writes: hundreds of ms on a slow machine).
  let sliceStart = performance.now();
  const letGoEvery10Ms = async () => {
    if (performance.now() - sliceStart <= READ_SLICE_MS) return;
    await nextTask();
    sliceStart = performance.now();
  };
  for (;;) {
    await letGoEvery10Ms();
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const [only] = chunks;
  if (chunks.length === 1 && only && only.byteLength === only.buffer.byteLength) {
    return only.buffer as ArrayBuffer;
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    await letGoEvery10Ms();
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole.buffer;
}

async function refusal(response: Response): Promise<Outcome> {
  let body = '';
  try {
    body = (await response.text()).slice(0, REFUSAL_BODY_LIMIT);
  } catch {
    // A refusal whose body cannot be read is still a refusal; it says nothing more.
  }
  return {
    kind: 'refused',
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body,
  };
}

/**
 * How long the network took to deliver the body of the last request for `url`, as the browser's
 * resource timing saw it: unlike a clock read here, it does not count the time this thread was
 * busy with other work before it got to the body. Null where there is no such entry.
 */
function networkTransferMs(url: string): number | null {
  if (typeof performance.getEntriesByName !== 'function') return null;
  const entry = performance.getEntriesByName(url, 'resource').at(-1);
  if (!entry || !('responseStart' in entry)) return null;
  const { responseStart, responseEnd } = entry as PerformanceResourceTiming;
  return responseStart > 0 && responseEnd >= responseStart ? responseEnd - responseStart : null;
}

function readCount(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  const value = Number(header);
  return Number.isSafeInteger(value) ? value : null;
}

/** The buffers of an outcome, to move it between threads without copying them. */
function outcomeBuffers(outcome: Outcome): ArrayBuffer[] {
  return outcome.kind === 'read' && outcome.reading.ok ? blockBuffers(outcome.reading.block) : [];
}

// ---------------------------------------------------------------------------------------------
// Between the page and the list worker

export type ToWorker =
  | { readonly id: number; readonly request: ExchangeRequest }
  /** Bytes the page received, to be read here: a small page's answer that turned out big. */
  | {
      readonly id: number;
      readonly read: {
        readonly request: ExchangeRequest;
        readonly bytes: ArrayBuffer;
        readonly contentType: string;
      };
    }
  | { readonly id: number; readonly cancel: true };

export interface FromWorker {
  readonly id: number;
  readonly outcome: Outcome;
}

/** What the worker's global scope offers (and what a test's stand-in gives). */
export interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer: Transferable[]): void;
}

/**
 * Serves exchanges in a worker: each request as it comes, cancelled on the page's word, its
 * records read with `routes` where they fit.
 */
export function serveExchanges(scope: WorkerScope, routes: FastRoutes = {}): void {
  const running = new Map<number, AbortController>();
  const read = readHere(routes);
  scope.onmessage = (event) => {
    const message = event.data;
    if ('cancel' in message) {
      running.get(message.id)?.abort();
      running.delete(message.id);
      return;
    }
    if ('read' in message) {
      const { request, bytes, contentType } = message.read;
      const reading = readPage(request.resource, bytes, request.firstIndex, contentType, routes);
      const outcome: Outcome = {
        kind: 'read',
        reading,
        contentType,
        totalHeader: null,
        transferMs: 0,
      };
      scope.postMessage({ id: message.id, outcome }, outcomeBuffers(outcome));
      return;
    }
    const controller = new AbortController();
    running.set(message.id, controller);
    exchange(message.request, controller.signal, read).then(
      (outcome) => {
        running.delete(message.id);
        scope.postMessage({ id: message.id, outcome }, outcomeBuffers(outcome));
      },
      (error: unknown) => {
        running.delete(message.id);
        // Cancelled: the page has stopped waiting for it. Anything else (reading never throws)
        // is still answered, so the page never waits for ever.
        if (controller.signal.aborted) return;
        const outcome: Outcome = { kind: 'cut', message: String(error) };
        scope.postMessage({ id: message.id, outcome }, []);
      },
    );
  };
}
