/**
 * The one HTTP client for the catalogue service: `/api/<resource>` with typed parameters. It reads
 * `Total-Row-Count`, accepts both list shapes the service has been seen to send, honours an
 * AbortSignal, times out, retries what a retry can cure, and turns every failure into an ApiError.
 */
import ky, { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import { TOTAL_ROW_COUNT_HEADER, type Resource } from '../contract/wire';
import { defaultApiConfig, type ApiConfig } from './config';
import {
  ApiError,
  ContractError,
  HttpError,
  NetworkError,
  TimeoutError,
  UnreadableResponseError,
} from './errors';
import { parsePage } from './page-parser';
import type { FieldGaps, RecordProblem } from './parse';
import type { ResourceModels } from './records';
import { blockRows, type RowBlock } from './row-block';
import { awaitTurn, pauseList, refuseList } from './waits';

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
  /** How many records the list has in all, with the request's filters. */
  total: number;
  /** False when the service sent no count and `total` is only what arrived. */
  totalCertain: boolean;
  /** How many items the page held, readable or not. */
  received: number;
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

/** Fetches one page of a list and parses it into the domain model (in the parse worker). */
export async function fetchPage<R extends Resource>(
  resource: R,
  params: ListParams,
  options: RequestOptions = {},
): Promise<ListPage<ResourceModels[R]>> {
  const config = options.config ?? defaultApiConfig;
  const url = listUrl(resource, params, config);
  const offset = params.offset ?? 0;
  const { bytes, contentType, totalHeader } = await getBody(url, options.signal, config);
  const reading = await parsePage(resource, bytes, offset, contentType);
  options.signal?.throwIfAborted();
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
    total: counted ?? offset + reading.received,
    totalCertain: counted !== null,
    received: reading.received,
  };
}

/** The statuses whose Retry-After the client honours. */
const ASKS_TO_WAIT = [429, 503];

function http(config: ApiConfig, signal: AbortSignal | undefined) {
  return ky.create({
    timeout: config.timeoutMs,
    throwHttpErrors: true,
    headers: { Accept: 'application/json' },
    retry: {
      limit: config.retries,
      methods: ['get'],
      statusCodes: [429, 500, 502, 503, 504],
      afterStatusCodes: ASKS_TO_WAIT,
      maxRetryAfter: config.maxRetryAfterMs,
      backoffLimit: 8_000,
      retryOnTimeout: true,
      jitter: true,
      shouldRetry: ({ error, retryCount }) => {
        if (signal?.aborted) return false;
        // One more go after a timeout; a service that hangs twice is not going to answer.
        if (error instanceof KyTimeoutError && retryCount > 1) return false;
        const wait = error instanceof HTTPError ? askedWait(error.response) : null;
        if (wait !== null && error instanceof HTTPError) {
          // ky would cut a longer wait short and ask again early; the user is told at once instead.
          if (wait > config.maxRetryAfterMs) return false;
          pauseList(error.request.url, Date.now() + wait);
        }
        return undefined;
      },
    },
  });
}

/** An answer's bytes, read whole (the parse worker makes sense of them). */
async function getBody(
  url: string,
  signal: AbortSignal | undefined,
  config: ApiConfig,
): Promise<{ bytes: ArrayBuffer; contentType: string; totalHeader: number | null }> {
  const client = http(config, signal);
  for (let attempt = 0; ; attempt++) {
    // The body has its own deadline: a service can send headers and then stall.
    const bodyDeadline = new AbortController();
    const combined = signal ? AbortSignal.any([signal, bodyDeadline.signal]) : bodyDeadline.signal;
    let response: Response;
    try {
      await awaitTurn(url, signal);
      response = await client.get(url, { signal: combined });
    } catch (error) {
      throw await toApiError(error, url, config, signal);
    }
    const timer = setTimeout(() => {
      bodyDeadline.abort();
    }, config.timeoutMs);
    let bytes: ArrayBuffer;
    try {
      bytes = await response.arrayBuffer();
    } catch (error) {
      if (signal?.aborted) throw error;
      if (bodyDeadline.signal.aborted) throw new TimeoutError(url, config.timeoutMs, 'finish');
      if (attempt < config.retries) continue;
      throw new UnreadableResponseError(url, 'the answer was cut off before it ended', true, error);
    } finally {
      clearTimeout(timer);
    }
    return {
      bytes,
      contentType: response.headers.get('Content-Type') ?? 'no content type',
      totalHeader: readCount(response.headers.get(TOTAL_ROW_COUNT_HEADER)),
    };
  }
}

function readCount(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  const value = Number(header);
  return Number.isSafeInteger(value) ? value : null;
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
  if (error instanceof KyTimeoutError) return new TimeoutError(url, config.timeoutMs);
  if (error instanceof HTTPError) {
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
