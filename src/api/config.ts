import { FIRST_PAGE_SIZE } from '../addresses/service-lists';
import { deviceMemory, positiveInteger, rowCapFor } from './row-cap';

/**
 * Settings of the data layer. The API base is fixed at build time (VITE_API_BASE) for deployments
 * where the API lives on another origin; by default it is the app's own origin.
 */
export interface ApiConfig {
  /** Prefix before `/api/<resource>`; '' means the app's own origin. */
  baseUrl: string;
  /** How long a request may wait for its answer to begin, and then for its body to end. */
  timeoutMs: number;
  /** Retries after the first attempt, for failures a retry can cure. */
  retries: number;
  /**
   * The longest Retry-After the client sits through before trying again; a longer one goes
   * straight to the user, who is told how long the service asked for.
   */
  maxRetryAfterMs: number;
  /** The first page of a list: small, so the first rows paint at once. */
  firstPageSize: number;
  /** The pages after the first start at this many rows (and never ask for fewer). */
  pageSize: number;
  /**
   * Pages grow up to this many rows, to take about `pageMs` each at the pace the earlier ones
   * came: on a fast connection a few big pages cost the browser far less than many small ones,
   * while on a slow one the list still shows progress every second or so.
   */
  maxPageSize: number;
  pageMs: number;
  /** Pages requested at the same time. */
  concurrency: number;
  /**
   * The most rows one list loads, by the device's memory unless set at build time (row-cap.ts);
   * above it the user is told how many are left out.
   */
  rowCap: number;
  /**
   * The most bytes of one answer read: a larger answer (or one that never ends) is stopped there,
   * so no service can take the page's memory.
   */
  maxAnswerBytes: number;
}

function positive(value: unknown, fallback: number): number {
  return positiveInteger(value) ?? fallback;
}

/**
 * Pages of a list asked for at once, each read by a list worker of its own: one per core, from two
 * to four. On a fast connection the time a list takes is the time the browser spends reading it,
 * so the rest of a list is shared among as many pages as there are cores to read them.
 */
export const PARALLEL_PAGES = Math.min(4, Math.max(2, cores()));

function cores(): number {
  const count = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency;
  return typeof count === 'number' && Number.isFinite(count) ? count : 2;
}

export const defaultApiConfig: ApiConfig = {
  baseUrl: (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, ''),
  timeoutMs: positive(import.meta.env.VITE_API_TIMEOUT_MS, 30_000),
  retries: 2,
  maxRetryAfterMs: 30_000,
  firstPageSize: FIRST_PAGE_SIZE,
  pageSize: 5_000,
  maxPageSize: 50_000,
  pageMs: 2_000,
  concurrency: PARALLEL_PAGES,
  rowCap: rowCapFor(import.meta.env.VITE_ROW_CAP, deviceMemory()),
  maxAnswerBytes: 256 * 1_048_576,
};
