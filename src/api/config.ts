/**
 * Settings of the data layer. The API base is fixed at build time (VITE_API_BASE) for deployments
 * where the API lives on another origin; by default it is the app's own origin.
 */
export interface ApiConfig {
  /** Prefix before `/api/<resource>`; '' means the app's own origin. */
  baseUrl: string;
  /** How long one request may take, headers and body together. */
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
  /** The pages after the first. */
  pageSize: number;
  /** Pages requested at the same time. */
  concurrency: number;
  /** The most rows one list loads; above it the user is told how many are left out. */
  rowCap: number;
}

function positive(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export const defaultApiConfig: ApiConfig = {
  baseUrl: (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, ''),
  timeoutMs: positive(import.meta.env.VITE_API_TIMEOUT_MS, 30_000),
  retries: 2,
  maxRetryAfterMs: 30_000,
  firstPageSize: 100,
  pageSize: 5_000,
  concurrency: 3,
  rowCap: positive(import.meta.env.VITE_ROW_CAP, 500_000),
};
