/**
 * One family of errors for everything that can go wrong between the explorer and the catalogue
 * service. `message` is written for the person using the explorer; the other fields are for
 * whoever has to find out why.
 */
import type { Resource } from '../contract/wire';

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'unreadable' | 'contract';

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** Whether trying again may succeed. */
  abstract readonly retryable: boolean;

  constructor(
    message: string,
    /** The address that was asked. */
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class NetworkError extends ApiError {
  readonly kind = 'network';
  readonly retryable = true;
  constructor(url: string, cause?: unknown) {
    super('The catalogue service could not be reached. Check the connection and try again.', url, {
      cause,
    });
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  readonly retryable = true;
  constructor(
    url: string,
    readonly timeoutMs: number,
    phase: 'answer' | 'finish' = 'answer',
  ) {
    super(
      phase === 'answer'
        ? `The catalogue service did not answer within ${formatSeconds(timeoutMs)}.`
        : `The catalogue service did not finish sending its answer within ${formatSeconds(timeoutMs)}.`,
      url,
    );
  }
}

export class HttpError extends ApiError {
  readonly kind = 'http';
  readonly retryable: boolean;
  /** When the wait the service asked for (429, 503) is over, in ms since the epoch. */
  readonly retryAt: number | null;
  constructor(
    url: string,
    readonly status: number,
    /** The service's own explanation (`detail`), when it gave one. */
    readonly detail: string | null,
    /** How long the service asked us to wait (429, 503), when it said. */
    readonly retryAfterMs: number | null = null,
    /** The wait was longer than the client sits through, so it did not try again at all. */
    readonly waitTooLong = false,
  ) {
    super(httpMessage(status, detail, retryAfterMs, waitTooLong), url);
    this.retryable = status === 429 || status >= 500;
    this.retryAt = retryAfterMs === null ? null : Date.now() + retryAfterMs;
  }

  get needsCredentials(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** The message as it reads at `now`: the wait the service asked for counts down. */
  messageAt(now: number): string {
    const left = this.retryAt === null ? null : this.retryAt - now;
    return httpMessage(this.status, this.detail, left, this.waitTooLong);
  }

  /** The same refusal for another request to the same list, with the wait that is left. */
  again(url: string, now = Date.now()): HttpError {
    const left = this.retryAt === null ? null : Math.max(0, this.retryAt - now);
    return new HttpError(url, this.status, this.detail, left, this.waitTooLong);
  }
}

/** The body was not JSON, or was cut off. */
export class UnreadableResponseError extends ApiError {
  readonly kind = 'unreadable';
  constructor(
    url: string,
    reason: string,
    /** A body cut off in transit may arrive whole next time; a web page instead of data will not. */
    readonly retryable: boolean,
    cause?: unknown,
  ) {
    super(`The catalogue service sent something unreadable: ${reason}.`, url, { cause });
  }
}

/**
 * The answer was larger than the explorer reads in one go (or never ended): reading stopped at
 * that size. Asking again would bring as much again.
 */
export class OversizedAnswerError extends ApiError {
  readonly kind = 'unreadable';
  readonly retryable = false;
  constructor(
    url: string,
    /** Where reading stopped, in bytes. */
    readonly maxBytes: number,
  ) {
    super(
      `The catalogue service sent more than ${formatSize(maxBytes)} in one answer, so the explorer stopped reading it there: an answer that large, or one that never ends, cannot be shown.`,
      url,
    );
  }
}

/** A size in mebibytes when it is a whole number of them ("256 MB"), else in bytes. */
function formatSize(bytes: number): string {
  const mb = bytes / 1_048_576;
  return Number.isInteger(mb) ? `${mb.toLocaleString('en-US')} MB` : units(bytes, 'byte');
}

/** The body was JSON but not the list the contract promises. */
export class ContractError extends ApiError {
  readonly kind = 'contract';
  readonly retryable = false;
  constructor(url: string, reason: string) {
    super(`The catalogue service's answer is not in the expected form: ${reason}.`, url);
  }
}

const NOUNS: Record<Resource, [one: string, many: string]> = {
  collection: ['collection', 'collections'],
  seed: ['seed', 'seeds'],
  seed_group: ['seed group', 'seed groups'],
  press_item: ['press item', 'press items'],
};

/** The service sent records, but not one with an id the explorer can read. */
export class NoReadableRecordsError extends ApiError {
  readonly kind = 'contract';
  /** The service may send a readable list next time, as it did before. */
  readonly retryable = true;
  constructor(
    url: string,
    resource: Resource,
    readonly received: number,
  ) {
    const [one, many] = NOUNS[resource];
    const sent =
      received === 1
        ? `1 ${one}, which has no readable id`
        : `${received.toLocaleString('en-US')} ${many}, none of which has a readable id`;
    super(`The catalogue service sent ${sent}.`, url);
  }
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function units(n: number, unit: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? unit : `${unit}s`}`;
}

function twoUnits(big: number, bigUnit: string, small: number, smallUnit: string): string {
  return small === 0
    ? units(big, bigUnit)
    : `${units(big, bigUnit)} and ${units(small, smallUnit)}`;
}

/**
 * A wait in words, never rounded down to nothing: "12 seconds", "4 minutes and 5 seconds",
 * "3 hours and 20 minutes", "11 days and 13 hours".
 */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / SECOND));
  const whole = seconds * SECOND;
  if (whole < MINUTE) return units(seconds, 'second');
  if (whole < HOUR) return twoUnits(Math.floor(seconds / 60), 'minute', seconds % 60, 'second');
  if (whole < DAY) {
    return twoUnits(
      Math.floor(whole / HOUR),
      'hour',
      Math.floor((whole % HOUR) / MINUTE),
      'minute',
    );
  }
  return twoUnits(Math.floor(whole / DAY), 'day', Math.floor((whole % DAY) / HOUR), 'hour');
}

function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds.toLocaleString('en-US')} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** What a refusal tells the user to do about credentials; with --sign-in the session gate says its own. */
export const credentialsHint = {
  text: 'If the explorer reads from a real service (--upstream), set ARCHIVE_IT_USERNAME and ARCHIVE_IT_PASSWORD before starting it.',
};

/**
 * What a status means for the user. With a wait from Retry-After (`waitMs`, what is left of it):
 * one the client would not sit through is stated at once; one it sat through, until its retries
 * ran out, is a countdown to trying again.
 */
function httpMessage(
  status: number,
  detail: string | null,
  waitMs: number | null,
  waitTooLong: boolean,
): string {
  const said = detail ? ` It said: “${detail}”` : '';
  if (status === 401)
    return `The catalogue service needs credentials (HTTP 401). ${credentialsHint.text}`;
  if (status === 403) {
    return `The catalogue service refused access (HTTP 403): it needs valid credentials for this catalogue. ${credentialsHint.text}`;
  }
  if (status === 404) return `The catalogue service has no such list (HTTP 404).${said}`;
  let plain: string;
  if (status === 429) plain = 'The catalogue service is limiting requests (HTTP 429)';
  else if (status >= 500) plain = `The catalogue service failed to answer (HTTP ${status})`;
  else if (status >= 400) plain = `The catalogue service rejected the request (HTTP ${status})`;
  else plain = `The catalogue service answered with an unexpected status (HTTP ${status})`;
  // The throttling message has no use for the service's stock "Request was throttled."
  const reason = status === 429 ? '' : said;
  if (waitMs === null) {
    return status === 429 ? `${plain}. Try again in a moment.` : `${plain}.${reason}`;
  }
  if (waitMs <= 0) return `${plain}.${reason} The wait it asked for is over: try again.`;
  if (waitTooLong) return `${plain} and asks us to wait ${formatWait(waitMs)}.${reason}`;
  return `${plain}.${reason} Try again in ${formatWait(waitMs)}.`;
}
