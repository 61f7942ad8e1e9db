/**
 * The one HTTP client for the catalogue service: `/api/<resource>` with typed parameters. It reads
 * `Total-Row-Count`, accepts both list shapes the service has been seen to send, honours an
 * AbortSignal, times out, retries what a retry can cure, and turns every failure into an ApiError.
 */
import type { Resource } from '../contract/wire';
import { defaultApiConfig, type ApiConfig } from './config';
import {
  ApiError,
  ContractError,
  HttpError,
  NetworkError,
  OversizedAnswerError,
  TimeoutError,
  UnreadableResponseError,
} from './errors';
import type { Outcome } from './exchange';
import { runExchange } from './exchange-runner';
import type { FieldGaps, RecordProblem } from './parse';
import type { ResourceModels } from './records';
import { blockRows, type RowBlock } from './row-block';
import type { Oversize } from './values';
import { awaitTurn, pauseList, refuseList, sleep } from './waits';

/** The service's query parameters, by their meaning. */
export interface ListParams {
  limit?: number;
  offset?: number;
  format?: 'api';
  state?: string;
  collection?: number;
  metadataName?: string;
  metadataPrefix?: string;
}

const PARAM_NAMES: Record<keyof ListParams, string> = {
  limit: 'limit',
  offset: 'offset',
  format: 'format',
  state: 'state',
  collection: 'collection',
  metadataName: 'metadata__name',
  metadataPrefix: 'metadata__value__startswith',
};

export interface ListPage<T> {
  records: T[];
  /** The same records in columns, as they are saved. */
  block: RowBlock;
  /** Items left out because their id could not be read. */
  problems: RecordProblem[];
  /** Fields that records of the page lack or sent in unreadable form. */
  gaps: FieldGaps;
  /** Records too big to hold whole, kept cut. */
  oversize: Oversize;
  /** How many records the list has in all, with the request's filters. */
  total: number;
  /** False when the service sent no count and `total` is only what arrived. */
  totalCertain: boolean;
  /** How many items the page held, readable or not. */
  received: number;
  /** How long its body took to arrive once the answer had begun, in ms. */
  transferMs: number;
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  config?: ApiConfig | undefined;
}

export function listUrl(resource: Resource, params: ListParams, config = defaultApiConfig): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(PARAM_NAMES) as (keyof ListParams)[]) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(PARAM_NAMES[key], String(value));
  }
  const search = query.toString();
  const path = `${config.baseUrl}/api/${resource}${search ? `?${search}` : ''}`;
  // Absolute, so it means the same in the browser and in tests.
  return new URL(path, globalThis.location.href).href;
}

/** Pages of at most this many rows are asked for and read in the page; bigger ones off it. */
const IN_PAGE_UP_TO = 1_000;

/** Fetches one page of a list and reads it into rows (in the list worker, for a big page). */
export async function fetchPage<R extends Resource>(
  resource: R,
  params: ListParams,
  options: RequestOptions = {},
): Promise<ListPage<ResourceModels[R]>> {
  const config = options.config ?? defaultApiConfig;
  const url = listUrl(resource, params, config);
  const offset = params.offset ?? 0;
  const big = params.limit === undefined || params.limit < 0 || params.limit > IN_PAGE_UP_TO;
  const { reading, contentType, totalHeader, transferMs } = await getPage(
    url,
    (signal) =>
      runExchange(
        {
          url,
          resource,
          firstIndex: offset,
          timeoutMs: config.timeoutMs,
          maxBytes: config.maxAnswerBytes,
        },
        signal,
        big,
      ),
    options.signal,
    config,
  );
  if (!reading.ok) {
    if (reading.failure === 'shape') throw new ContractError(url, reading.reason);
    throw new UnreadableResponseError(url, reading.reason, /json/i.test(contentType));
  }
  const counted = totalHeader ?? reading.count;
  return {
    records: blockRows<R>(reading.block),
    block: reading.block,
    problems: reading.problems,
    gaps: reading.gaps,
    oversize: reading.oversize,
    total: counted ?? offset + reading.received,
    totalCertain: counted !== null,
    received: reading.received,
    transferMs,
  };
}

/** The statuses whose Retry-After the client honours. */
const ASKS_TO_WAIT = [429, 503];
/** The statuses a retry can cure; anything else the service says is its answer. */
const RETRY_STATUSES = [429, 500, 502, 503, 504];
/** Where services say how long to wait: the standard header first, then common others. */
const WAIT_HEADERS = [
  'Retry-After',
  'RateLimit-Reset',
  'X-RateLimit-Retry-After',
  'X-RateLimit-Reset',
  'X-Rate-Limit-Reset',
];
/** A number of seconds this large is a point in time, not a wait. */
const EPOCH_2024 = Date.parse('2024-01-01');
const BACKOFF_LIMIT_MS = 8_000;

/** An answer that was not 2xx, once retries are over; turned into an HttpError by toApiError. */
class RefusedError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${String(response.status)}`);
  }
}

/**
 * How long to wait before retry number `retry` after `failure` (a response that was not 2xx, or
 * what `fetch` threw), or null when a retry cannot help: a request the user cancelled, a second
 * timeout, an answer a retry does not change, or a wait longer than the client sits through (the
 * user is told at once instead of asking again early).
 */
function retryWait(
  failure: unknown,
  retry: number,
  url: string,
  signal: AbortSignal,
  config: ApiConfig,
): number | null {
  if (signal.aborted) return null;
  // One more go after a timeout; a service that hangs twice is not going to answer.
  if (failure instanceof TimeoutError && retry > 1) return null;
  if (failure instanceof Response) {
    const wait = askedWait(failure);
    if (wait !== null) {
      if (wait > config.maxRetryAfterMs) return null;
      pauseList(url, Date.now() + wait);
    }
    if (!RETRY_STATUSES.includes(failure.status)) return null;
    const header = WAIT_HEADERS.map((name) => failure.headers.get(name)).find(Boolean);
    if (header && ASKS_TO_WAIT.includes(failure.status)) {
      let after = Number(header) * 1000;
      if (Number.isNaN(after)) after = Date.parse(header) - Date.now();
      else if (after >= EPOCH_2024) after -= Date.now();
      // The service's own timing, without jitter.
      return Math.min(after, config.maxRetryAfterMs);
    }
  }
  // Exponential backoff from 300 ms, with full jitter.
  return Math.min(BACKOFF_LIMIT_MS, Math.random() * 300 * 2 ** (retry - 1));
}

/** One attempt at a page: an exchange (exchange.ts), wherever it runs. */
type Attempt = (signal: AbortSignal) => Promise<Outcome>;

/** An exchange's outcome once the service has answered with a 2xx. */
type Answered = Exclude<Outcome, { kind: 'refused' | 'timeout' | 'network' }>;

/**
 * What `fetch` would have given for an outcome that did not answer with a 2xx: the answer itself
 * (rebuilt for the retry rules and the detail), the error it rejects with, or a timeout.
 */
function failureOf(outcome: Outcome, url: string, config: ApiConfig): unknown {
  switch (outcome.kind) {
    case 'refused':
      return new Response(NO_BODY.includes(outcome.status) ? null : outcome.body, {
        status: outcome.status,
        statusText: outcome.statusText,
        headers: outcome.headers as [string, string][],
      });
    case 'timeout':
      return new TimeoutError(url, config.timeoutMs);
    case 'network':
      return new TypeError(outcome.message);
    default:
      return null;
  }
}

/** Statuses whose answers have no body. */
const NO_BODY = [204, 205, 304];

/**
 * Asks for `url` until the service answers with a 2xx, retrying what a retry can cure (server
 * errors, limits, network failures, a timeout) at most `config.retries` times.
 */
async function send(
  url: string,
  attempt: Attempt,
  signal: AbortSignal,
  config: ApiConfig,
): Promise<Answered> {
  for (let retry = 1; ; retry++) {
    let failure: unknown;
    try {
      const outcome = await attempt(signal);
      failure = failureOf(outcome, url, config);
      if (failure === null) return outcome as Answered;
    } catch (error) {
      failure = error;
    }
    const wait = retry > config.retries ? null : retryWait(failure, retry, url, signal, config);
    if (wait === null) {
      if (failure instanceof Response) throw new RefusedError(failure);
      throw failure;
    }
    await sleep(wait, signal);
  }
}

/** A page read whole, asking again when its body broke off. */
async function getPage(
  url: string,
  attempt: Attempt,
  signal: AbortSignal | undefined,
  config: ApiConfig,
): Promise<Extract<Outcome, { kind: 'read' }>> {
  const never = new AbortController().signal;
  for (let tries = 0; ; tries++) {
    let answered: Answered;
    try {
      await awaitTurn(url, signal);
      answered = await send(url, attempt, signal ?? never, config);
    } catch (error) {
      throw await toApiError(error, url, config, signal);
    }
    if (answered.kind === 'read') return answered;
    if (answered.kind === 'late') throw new TimeoutError(url, config.timeoutMs, 'finish');
    if (answered.kind === 'too-big') throw new OversizedAnswerError(url, answered.maxBytes);
    if (tries < config.retries) continue;
    throw new UnreadableResponseError(
      url,
      'the answer was cut off before it ended',
      true,
      new Error(answered.message),
    );
  }
}

async function toApiError(
  error: unknown,
  url: string,
  config: ApiConfig,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  // A cancelled request is not a failure: let the caller see its own abort.
  if (signal?.aborted) return signal.reason ?? error;
  if (error instanceof ApiError) return error;
  if (error instanceof RefusedError) {
    const { response } = error;
    const wait = askedWait(response);
    const failure = new HttpError(
      url,
      response.status,
      await readDetail(response),
      wait,
      wait !== null && wait > config.maxRetryAfterMs,
    );
    refuseList(url, failure);
    return failure;
  }
  return new NetworkError(url, error);
}

/** The service's `detail`, or its field errors, as one line of text. */
async function readDetail(response: Response): Promise<string | null> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object') return null;
  if ('detail' in body && typeof body.detail === 'string') return clip(body.detail);
  const parts = Object.entries(body).map(([field, value]) =>
    Array.isArray(value) ? `${field}: ${value.map(String).join(' ')}` : '',
  );
  const joined = parts.filter(Boolean).join('; ');
  return joined ? clip(joined) : null;
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The wait a 429 or 503 asks for, in ms. */
function askedWait(response: Response): number | null {
  if (!ASKS_TO_WAIT.includes(response.status)) return null;
  return readRetryAfter(response.headers.get('Retry-After'));
}

export function readRetryAfter(header: string | null): number | null {
  if (header === null) return null;
  // Capped so that even an absurd number of seconds stays a number the page can count down from.
  if (/^\s*\d+\s*$/.test(header)) return Math.min(Number(header) * 1000, Number.MAX_SAFE_INTEGER);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
