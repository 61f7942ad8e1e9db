/**
 * Forwards the explorer's read requests to a real catalogue service. The upstream is fixed when the
 * server starts: no request can choose another host or a path outside `/api/`, credentials go only
 * to that upstream, and nothing the upstream says about authentication reaches the browser.
 */
import { detailResponse, type ApiHandler } from '../api-handler';

export interface UpstreamOptions {
  /** Base address of the service; requests go to `<base>/api/<resource>`. */
  base: URL;
  username?: string | undefined;
  password?: string | undefined;
  /** How long to wait for the upstream's response headers. */
  timeoutMs: number;
  /** Where failures are reported; never given credentials. */
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

/** Upstream headers the browser may see. Authentication challenges and cookies are not among them. */
const PASSED_HEADERS = [
  'content-type',
  'total-row-count',
  'allow',
  'vary',
  'retry-after',
  'etag',
  'last-modified',
];
const MAX_REDIRECTS = 3;
/** Segments of a path the proxy will forward: plain names, no encoding, no dot segments. */
const SAFE_PATH = /^\/api(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)*\/?$/;

/** Checks a `--upstream` value; the message says what is wrong with it. */
export function parseUpstreamBase(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--upstream must be an absolute http(s) address, not "${text}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--upstream must use http or https, not ${url.protocol.replace(':', '')}.`);
  }
  if (url.username || url.password) {
    throw new Error(
      '--upstream must not contain credentials; set ARCHIVE_IT_USERNAME and ARCHIVE_IT_PASSWORD instead.',
    );
  }
  if (url.search || url.hash) {
    throw new Error('--upstream must be a base address with no query string or fragment.');
  }
  return url;
}

export function isForwardablePath(pathname: string): boolean {
  return SAFE_PATH.test(pathname) && !pathname.includes('/.');
}

export function upstreamApiHandler(options: UpstreamOptions): ApiHandler {
  const doFetch = options.fetch ?? fetch;
  const origin = options.base.origin;
  // '' for a service at the root of its host, '/prefix' for one below it.
  const basePath = options.base.pathname.replace(/\/+$/, '');
  const authorization =
    options.username !== undefined && options.username !== ''
      ? `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`
      : undefined;

  function target(pathname: string, search: string): URL | null {
    if (!isForwardablePath(pathname)) return null;
    const url = new URL(origin);
    url.pathname = basePath + pathname;
    url.search = search;
    return url.origin === origin && url.pathname === basePath + pathname ? url : null;
  }

  return async (request) => {
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      return detailResponse(
        403,
        `This explorer only reads from the catalogue service: ${method} requests are not forwarded.`,
      );
    }
    const incoming = new URL(request.url);
    const first = target(incoming.pathname, incoming.search);
    if (first === null) return detailResponse(404, 'Not found.');
    let url: URL = first;

    const headers = new Headers({
      Accept: request.headers.get('accept') ?? 'application/json',
      'User-Agent': 'catalogue-explorer',
    });
    if (authorization) headers.set('Authorization', authorization);

    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = AbortSignal.any([timeout, request.signal]);
    try {
      for (let hop = 0; ; hop++) {
        const response: Response = await doFetch(url, {
          method,
          headers,
          signal,
          redirect: 'manual',
        });
        if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
          await response.body?.cancel();
          const next: URL = new URL(response.headers.get('location') ?? '', url);
          const followed: URL | null =
            next.origin === origin && next.pathname.startsWith(`${basePath}/`)
              ? target(next.pathname.slice(basePath.length), next.search)
              : null;
          if (hop >= MAX_REDIRECTS || followed === null) {
            options.log?.(
              `upstream ${method} ${incoming.pathname} redirected to another address; not followed`,
            );
            return detailResponse(
              502,
              'The catalogue service redirected to an address the explorer does not follow.',
            );
          }
          url = followed;
          continue;
        }
        const passed = new Headers();
        for (const name of PASSED_HEADERS) {
          const value = response.headers.get(name);
          if (value !== null) passed.set(name, value);
        }
        return new Response(method === 'HEAD' ? null : response.body, {
          status: response.status,
          headers: passed,
        });
      }
    } catch (error) {
      if (timeout.aborted) {
        options.log?.(
          `upstream ${method} ${incoming.pathname} timed out after ${options.timeoutMs} ms`,
        );
        return detailResponse(
          504,
          `The catalogue service at ${origin} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`,
        );
      }
      const reason = errorCode(error);
      options.log?.(`upstream ${method} ${incoming.pathname} failed: ${reason}`);
      return detailResponse(
        502,
        `The catalogue service at ${origin} could not be reached (${reason}).`,
      );
    }
  };
}

function errorCode(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown error';
}
