/**
 * Forwards the explorer's read requests to a real catalogue service. The upstream is fixed when the
 * server starts: no request can choose another host or a path outside `/api/`, credentials go only
 * to that upstream, and nothing the upstream says about authentication reaches the browser.
 *
 * It is over 300 lines because each of these rules (paths, methods, redirects, types,
 * timeouts, logging) is a defence, and they are checked in one place.
 */
import { detailResponse, type ApiConnection, type ApiHandler } from '../api-handler';

export interface UpstreamOptions {
  /** Base address of the service; requests go to `<base>/api/<resource>`. */
  base: URL;
  /** Credentials for every request; a request made for a signed-in person carries theirs instead. */
  username?: string | undefined;
  password?: string | undefined;
  /** How long to wait for the upstream's response headers, and then for each part of its body. */
  timeoutMs: number;
  /** Where failures are reported, one line each; never given credentials or query strings. */
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

/**
 * Upstream headers the browser may see. Authentication challenges and cookies are not among them,
 * nor Content-Type, which is checked and written anew.
 */
const PASSED_HEADERS = ['total-row-count', 'allow', 'vary', 'retry-after', 'etag', 'last-modified'];
const MAX_REDIRECTS = 3;
/** How much of a body that is not JSON the 502's detail quotes. */
const QUOTED_BYTES = 120;
/** A media type's name: `type/subtype`, RFC 9110 tokens. */
const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;
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
  const fixed =
    options.username !== undefined && options.username !== ''
      ? basicAuthorization({ username: options.username, password: options.password ?? '' })
      : undefined;

  function target(pathname: string, search: string): URL | null {
    if (!isForwardablePath(pathname)) return null;
    const url = new URL(origin);
    url.pathname = basePath + pathname;
    url.search = search;
    return url.origin === origin && url.pathname === basePath + pathname ? url : null;
  }

  return async (request, connection) => {
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
    const where = `${method} ${incoming.pathname}`;
    const log = (what: string) => options.log?.(`${where}: upstream ${what}`);

    // Always JSON: a browser's own Accept (text/html on a navigation) makes a Django REST
    // framework service answer with its HTML browsable view.
    const headers = new Headers({ Accept: 'application/json', 'User-Agent': 'catalogue-explorer' });
    // A signed-in person's own credentials (--sign-in), or the server's (from the environment).
    const authorization = connection?.account ? basicAuthorization(connection.account) : fixed;
    if (authorization) headers.set('Authorization', authorization);

    // The clock runs only while the service is awaited: for its headers, then for each part of
    // its body, not while the browser takes its time to read.
    const gone = new AbortController();
    const signal = AbortSignal.any([gone.signal, request.signal]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        gone.abort(new TimeoutError());
      }, options.timeoutMs);
    };
    const disarm = () => {
      clearTimeout(timer);
    };
    const timedOut = () => gone.signal.reason instanceof TimeoutError;
    arm();
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
            disarm();
            log('redirected to another address; not followed');
            return detailResponse(
              502,
              'The catalogue service redirected to an address the explorer does not follow.',
            );
          }
          url = followed;
          continue;
        }
        disarm();
        const passed = new Headers();
        for (const name of PASSED_HEADERS) {
          const value = response.headers.get(name);
          if (value !== null) passed.set(name, value);
        }
        const type = passedType(response.headers.get('content-type'), incoming.searchParams);
        if (type !== null) passed.set('Content-Type', type);
        if (method === 'HEAD' || response.body === null) {
          await response.body?.cancel();
          return type !== null || !response.headers.has('content-type')
            ? new Response(null, { status: response.status, headers: passed })
            : notJson(response, new Uint8Array(), log);
        }
        const reader = response.body.getReader();
        if (type === null) {
          arm();
          const start = await readUpTo(reader, QUOTED_BYTES).finally(disarm);
          await reader.cancel();
          // Nothing at all cannot run or render: the status (a 503, say) still tells the explorer
          // what it needs to know.
          if (start.length === 0)
            return new Response(null, { status: response.status, headers: passed });
          return notJson(response, start, log);
        }
        let received = 0;
        let cancelled = false;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            arm();
            let part: ReadableStreamReadResult<Uint8Array>;
            try {
              part = await reader.read();
            } catch (error) {
              if (cancelled) return;
              log(
                `${timedOut() ? `stopped sending for ${seconds(options.timeoutMs)}` : `broke off (${errorCode(error)})`} ` +
                  `after ${received.toLocaleString('en-US')} bytes of the body; the connection was dropped`,
              );
              dropOrFail(controller, connection);
              return;
            } finally {
              disarm();
            }
            if (cancelled) return;
            if (part.done) {
              controller.close();
              return;
            }
            received += part.value.length;
            controller.enqueue(part.value);
          },
          cancel() {
            // The browser went away: nothing to report, and the service need not send the rest.
            cancelled = true;
            disarm();
            gone.abort();
            return reader.cancel().catch(() => undefined);
          },
        });
        return new Response(body, { status: response.status, headers: passed });
      }
    } catch (error) {
      disarm();
      // The browser gave up first: there is no one to answer, and nothing went wrong upstream.
      if (request.signal.aborted) return detailResponse(502, 'The request was cancelled.');
      if (timedOut()) {
        log(`did not answer within ${seconds(options.timeoutMs)}`);
        return detailResponse(
          504,
          `The catalogue service at ${origin} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`,
        );
      }
      const reason = errorCode(error);
      log(`could not be reached (${reason})`);
      return detailResponse(
        502,
        `The catalogue service at ${origin} could not be reached (${reason}).`,
      );
    }
  };
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

function seconds(ms: number): string {
  return `${String(Math.round(ms / 100) / 10)} s`;
}

/**
 * The Content-Type the browser gets: JSON, or CSV where it was asked for with `format=csv`, as the
 * service's own name for it and a plain charset, nothing else of what the service wrote; null for
 * anything else. A browser runs or renders neither.
 */
function passedType(header: string | null, query: URLSearchParams): string | null {
  if (header === null || header.includes(',')) return null;
  const [name = '', ...parameters] = header.split(';');
  const essence = name.trim().toLowerCase();
  if (!MEDIA_TYPE.test(essence)) return null;
  // A structured-syntax suffix on a plain name (vnd.api+json, problem+json), nothing stranger.
  const json =
    essence === 'application/json' || /^application\/[a-z0-9][a-z0-9.-]*\+json$/.test(essence);
  const csv = essence === 'text/csv' && query.get('format') === 'csv';
  if (!json && !csv) return null;
  const charset = parameters
    .map((p) => /^\s*charset\s*=\s*"?([a-z0-9._-]+)"?\s*$/i.exec(p)?.[1])
    .find((c) => c !== undefined);
  return charset === undefined ? essence : `${essence}; charset=${charset.toLowerCase()}`;
}

/** The 502 for a body that is not JSON: what the service sent, quoted as text, never passed on. */
function notJson(response: Response, start: Uint8Array, log: (what: string) => void): Response {
  const header = response.headers.get('content-type');
  const type = header === null ? 'no Content-Type' : printable(header, 80);
  // At most QUOTED_BYTES bytes decode to at most as many characters: nothing is clipped here.
  const quoted = printable(new TextDecoder().decode(start), QUOTED_BYTES);
  const more = start.length >= QUOTED_BYTES ? '…' : '';
  log(`sent ${type} instead of JSON (HTTP ${String(response.status)}); not passed on`);
  return detailResponse(
    502,
    `The catalogue service sent ${header === null ? 'a body with no Content-Type' : type} instead of ` +
      `JSON (HTTP ${String(response.status)})${quoted === '' ? '.' : `. It began: ${quoted}${more}`}`,
  );
}

/** Reads until `bytes` have arrived or the body ends; what arrived, at most `bytes` of it. */
async function readUpTo(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  bytes: number,
): Promise<Uint8Array> {
  const out = new Uint8Array(bytes);
  let filled = 0;
  while (filled < bytes) {
    const { done, value } = await reader.read();
    if (done) break;
    const part = value.subarray(0, bytes - filled);
    out.set(part, filled);
    filled += part.length;
  }
  return out.subarray(0, filled);
}

/**
 * Text safe to quote on one line: control characters (line breaks included) and direction
 * overrides, which could make the quote read as something else, become spaces.
 */
function printable(text: string, max: number): string {
  const line = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

function dropOrFail(
  controller: ReadableStreamDefaultController<Uint8Array>,
  connection: ApiConnection | undefined,
) {
  if (connection) {
    connection.drop();
    controller.close();
  } else {
    controller.error(new Error('the catalogue service broke off its answer'));
  }
}

/** HTTP Basic credentials for an account. */
export function basicAuthorization(account: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
}

/** What went wrong with a request, in a word: the system's code (ECONNREFUSED) or the error's name. */
export function errorCode(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown error';
}
