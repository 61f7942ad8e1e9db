/**
 * The one HTTP client for the catalogue service: `/api/<resource>` with typed parameters. It reads
 * `Total-Row-Count`, accepts both list shapes the service has been seen to send, honours an
 * AbortSignal and times out; retries.ts retries what a retry can cure and turns every failure into
 * an ApiError.
 */
import { listPath, type ListParams } from '../addresses/service-lists';
import type { Resource } from '../contract/wire';
import { defaultApiConfig, type ApiConfig } from './config';
import { ContractError, UnreadableResponseError } from './errors';
import { runExchange } from './exchange-runner';
import type { FieldGaps, RecordProblem } from './parse';
import type { ResourceModels } from './records';
import { askUntilRead } from './retries';
import { blockRows, type RowBlock } from './row-block';
import type { Oversize } from './values';

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

/** A list request's absolute address, on the API's origin (`VITE_API_BASE`) or the page's. */
export function listUrl(resource: Resource, params: ListParams, config = defaultApiConfig): string {
  // Absolute, so it means the same in the browser and in tests.
  return new URL(`${config.baseUrl}${listPath(resource, params)}`, globalThis.location.href).href;
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
  const { reading, contentType, totalHeader, transferMs } = await askUntilRead(
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
