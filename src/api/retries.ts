/**
 * The client's retry policy, decided on an exchange's outcome (exchange.ts): which outcomes a
 * retry can cure, how long to wait before it (the service's Retry-After, or a backoff), when to
 * stop, and the error the user is told of then. `nextTry` is the policy, pure, so that its test
 * reads as a table; `askUntilRead` is the one loop that follows it.
 */
import type { ApiConfig } from './config';
import {
  ApiError,
  HttpError,
  NetworkError,
  OversizedAnswerError,
  TimeoutError,
  UnreadableResponseError,
} from './errors';
import type { Outcome } from './exchange';
import { awaitTurn, pauseList, refuseList, sleep } from './waits';

/** An exchange that ended in anything but a page read. */
export type Miss = Exclude<Outcome, { kind: 'read' }>;

/** What the client does after a miss: try again after `waitMs`, or stop. */
export type Next =
  | {
      readonly then: 'retry';
      readonly waitMs: number;
      /** The wait is the one the service asked for: every request to the list keeps it. */
      readonly asked: boolean;
    }
  | { readonly then: 'stop' };

/** The statuses that may ask for a wait with Retry-After. */
const ASKS_TO_WAIT = [429, 503];
/** The statuses a retry can cure; anything else the service says is its answer. */
const RETRY_STATUSES = [429, 500, 502, 503, 504];
/** The first backoff is up to this long, and each next one up to twice the last. */
const BACKOFF_BASE_MS = 300;
const BACKOFF_LIMIT_MS = 8_000;

/**
 * After attempt number `attempt` (from 1) ended in `miss`: whether to try again, and after how
 * long. `now` reads an HTTP date; `jitter` (0 to 1) spreads the backoff.
 */
export function nextTry(
  miss: Miss,
  attempt: number,
  config: Pick<ApiConfig, 'retries' | 'maxRetryAfterMs'>,
  now = Date.now(),
  jitter = Math.random(),
): Next {
  const stop = { then: 'stop' } as const;
  if (attempt > config.retries) return stop;
  const backoff = {
    then: 'retry',
    waitMs: Math.min(BACKOFF_LIMIT_MS, jitter * BACKOFF_BASE_MS * 2 ** (attempt - 1)),
    asked: false,
  } as const;
  switch (miss.kind) {
    // A body that broke off may arrive whole at once.
    case 'cut':
      return { then: 'retry', waitMs: 0, asked: false };
    case 'network':
      return backoff;
    // One more go after a timeout; a service that hangs twice is not going to answer.
    case 'timeout':
      return attempt === 1 ? backoff : stop;
    // A body that began but did not end in time: asking again would take as long.
    case 'late':
      return stop;
    // An answer past the size the client reads: asking again gets the same answer.
    case 'too-big':
      return stop;
    case 'refused': {
      const asked = askedWait(miss, now);
      // A wait longer than the client sits through goes to the user at once, not retried early.
      if (asked !== null && asked > config.maxRetryAfterMs) return stop;
      if (!RETRY_STATUSES.includes(miss.status)) return stop;
      // The service's own timing, without jitter.
      return asked === null ? backoff : { then: 'retry', waitMs: asked, asked: true };
    }
  }
}

/**
 * Asks for a page until it is read or the policy stops, every attempt in turn with the waits the
 * service asked for (waits.ts). Rejects with the ApiError the last miss stands for, or with the
 * signal's reason once it aborts.
 */
export async function askUntilRead(
  url: string,
  attempt: (signal: AbortSignal) => Promise<Outcome>,
  signal: AbortSignal | undefined,
  config: ApiConfig,
): Promise<Extract<Outcome, { kind: 'read' }>> {
  const live = signal ?? new AbortController().signal;
  try {
    for (let tried = 1; ; tried++) {
      await awaitTurn(url, signal);
      const outcome = await attempt(live);
      live.throwIfAborted();
      if (outcome.kind === 'read') return outcome;
      const next = nextTry(outcome, tried, config);
      if (next.then === 'stop') throw failureOf(outcome, url, config);
      if (next.asked) pauseList(url, Date.now() + next.waitMs);
      await sleep(next.waitMs, signal);
    }
  } catch (error) {
    // A cancelled request is not a failure: let the caller see its own abort.
    if (signal?.aborted) throw signal.reason ?? error;
    if (error instanceof ApiError) throw error;
    throw new NetworkError(url, error);
  }
}

/** What the user is told when the client stops after `miss`. */
function failureOf(miss: Miss, url: string, config: ApiConfig): ApiError {
  switch (miss.kind) {
    case 'refused': {
      const wait = askedWait(miss, Date.now());
      const refusal = new HttpError(
        url,
        miss.status,
        readDetail(miss.body),
        wait,
        wait !== null && wait > config.maxRetryAfterMs,
      );
      refuseList(url, refusal);
      return refusal;
    }
    case 'timeout':
      return new TimeoutError(url, config.timeoutMs);
    case 'late':
      return new TimeoutError(url, config.timeoutMs, 'finish');
    case 'too-big':
      return new OversizedAnswerError(url, miss.maxBytes);
    case 'cut':
      return new UnreadableResponseError(
        url,
        'the answer was cut off before it ended',
        true,
        new Error(miss.message),
      );
    case 'network':
      return new NetworkError(url, new TypeError(miss.message));
  }
}

/** The wait a 429 or 503 asks for with Retry-After, in ms; null when it asks for none. */
function askedWait(refusal: Extract<Outcome, { kind: 'refused' }>, now: number): number | null {
  if (!ASKS_TO_WAIT.includes(refusal.status)) return null;
  const header = refusal.headers.find(([name]) => name.toLowerCase() === 'retry-after');
  return readRetryAfter(header?.[1] ?? null, now);
}

/**
 * Retry-After in ms, in either form HTTP allows: a number of seconds, or an HTTP date (a date
 * already past is no wait). Null for anything else, which asks for no wait at all.
 */
export function readRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  // Capped so that even an absurd number of seconds stays a number the page can count down from.
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, Number.MAX_SAFE_INTEGER);
  const at = readHttpDate(value, now);
  return at === null ? null : Math.max(0, at - now);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = String.raw`(?<hh>\d\d):(?<mm>\d\d):(?<ss>\d\d)`;
/** The three forms of an HTTP date (RFC 9110, 5.6.7), all in GMT. */
const HTTP_DATES = [
  // Sun, 06 Nov 1994 08:49:37 GMT: the form services send.
  String.raw`^[A-Z][a-z]{2}, (?<day>\d\d) ${MONTH} (?<year>\d{4}) ${TIME} GMT$`,
  // Sunday, 06-Nov-94 08:49:37 GMT: obsolete.
  String.raw`^[A-Z][a-z]{5,8}, (?<day>\d\d)-${MONTH}-(?<yy>\d\d) ${TIME} GMT$`,
  // Sun Nov  6 08:49:37 1994: obsolete, and GMT though it does not say so.
  String.raw`^[A-Z][a-z]{2} ${MONTH} (?<day>[ \d]\d) ${TIME} (?<year>\d{4})$`,
].map((form) => new RegExp(form));

/** An HTTP date in ms since the epoch, or null. */
function readHttpDate(text: string, now: number): number | null {
  const parts = HTTP_DATES.map((form) => form.exec(text)?.groups).find(Boolean);
  if (!parts) return null;
  const [day = NaN, hh = NaN, mm = NaN, ss = NaN] = [parts.day, parts.hh, parts.mm, parts.ss].map(
    Number,
  );
  if (!(day >= 1 && day <= 31 && hh <= 23 && mm <= 59 && ss <= 60)) return null;
  let year = Number(parts.year);
  if (parts.yy !== undefined) {
    // A two-digit year more than 50 years ahead is the latest past year that ends so.
    const thisYear = new Date(now).getUTCFullYear();
    year = thisYear - (thisYear % 100) + Number(parts.yy);
    if (year > thisYear + 50) year -= 100;
  }
  return Date.UTC(year, MONTHS.indexOf(parts.month ?? ''), day, hh, mm, ss);
}

/** The service's `detail`, or its field errors, as one line of text. */
function readDetail(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
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
