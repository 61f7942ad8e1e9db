import { parseArgs } from 'node:util';
import { DEFAULT_SEED_COUNT } from './catalogue/generate';
import { parseFaultSpec, type FaultSpec } from './faults';
import { parseAllowedHost } from './host-check';
import { parseUpstreamBase } from './proxy/upstream';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from './sign-in/sign-in';

export interface StartOptions {
  port: number;
  host: string;
  /** Names besides the listening address that requests may be addressed to (`--allowed-host`). */
  allowedHosts: string[];
  seeds: number;
  /** Serve the sample catalogue as it stood at the end of this day (its start, UTC ms; `--as-of`). */
  asOf: number | null;
  upstream: URL | null;
  upstreamTimeoutMs: number;
  /** Serve the sample catalogue as the service shows it to a visitor without an account. */
  public: boolean;
  /** Misbehaviour on command, for trying out failures by hand; null (off) unless asked for. */
  faults: FaultSpec | null;
  /** Each person signs in with their own account (`--sign-in`). */
  signIn: boolean;
  /** How long a session lasts without a request. */
  sessionIdleMs: number;
  /** Believe a reverse proxy's `X-Forwarded-Proto` and `X-Forwarded-For`. */
  trustProxy: boolean;
  /** Let everyone who can reach the server read the account in the environment. */
  sharedAccount: boolean;
  /** Name the first pages of a page's lists in the page, for the browser to preload. */
  preloadFirstPages: boolean;
  dev: boolean;
}

export const USAGE = `Usage: npm start -- [options]

  --port N               port to listen on (default 5173; 0 picks a free one)
  --host H               address to listen on (default 127.0.0.1)
  --allowed-host NAME    also answer requests addressed to NAME (or NAME:PORT), as behind a
                         reverse proxy; repeatable. By default only 127.0.0.1, localhost and
                         [::1] on the port, and the --host address, are answered
  --seeds N              seeds in the embedded sample catalogue (default ${DEFAULT_SEED_COUNT.toLocaleString('en-US')})
  --as-of YYYY-MM-DD     serve the sample as it stood at the end of that day (UTC): records
                         added later absent, later changes not yet made
  --public               serve the sample as the service shows it to a visitor without an
                         account (no user names, no credentials)
  --upstream URL         read from a real catalogue service at URL instead of the sample;
                         credentials come from ARCHIVE_IT_USERNAME and ARCHIVE_IT_PASSWORD
  --upstream-timeout S   seconds to wait for the upstream service (default 30)
  --faults RULES         make the API misbehave on purpose, for trying out failures
                         (off by default; see the README's "Fault injection")
  --sign-in              each person signs in with their own account of the service (with
                         the sample catalogue: a demo account, its password printed at start)
  --session-idle TIME    with --sign-in, how long a session lasts without use: 8h (default),
                         30m, 90s; never more than 7 days, which is also the longest a session lasts
  --trust-proxy          read X-Forwarded-Proto and X-Forwarded-For from the reverse proxy in
                         front of the server (HTTPS sessions get a Secure cookie)
  --shared-account       with credentials in the environment, listen on an address other
                         machines reach all the same: everyone who reaches it reads the account
  --preload-first-pages  name the first page of each list a page reads in the page itself, so
                         the browser asks for them before the page's code runs (off by default:
                         see docs/performance.md)
  --help                 show this text
`;

export class OptionsError extends Error {}

function wholeNumber(
  name: string,
  text: string | undefined,
  fallback: number,
  max: number,
): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) > max) {
    throw new OptionsError(
      `--${name} must be a whole number from 0 to ${max.toLocaleString('en-US')}, not "${text}".`,
    );
  }
  return Number(text);
}

/** Reads the command line; throws OptionsError with a message for the person who typed it. */
export function parseStartOptions(args: readonly string[]): StartOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        seeds: { type: 'string' },
        'as-of': { type: 'string' },
        upstream: { type: 'string' },
        'upstream-timeout': { type: 'string' },
        faults: { type: 'string' },
        public: { type: 'boolean' },
        'sign-in': { type: 'boolean' },
        'session-idle': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        'shared-account': { type: 'boolean' },
        'preload-first-pages': { type: 'boolean' },
        dev: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new OptionsError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  let upstream: URL | null = null;
  if (values.upstream !== undefined) {
    try {
      upstream = parseUpstreamBase(values.upstream);
    } catch (error) {
      throw new OptionsError(error instanceof Error ? error.message : String(error));
    }
  }
  let faults: FaultSpec | null = null;
  if (values.faults !== undefined) {
    try {
      faults = parseFaultSpec(values.faults);
    } catch (error) {
      throw new OptionsError(error instanceof Error ? error.message : String(error));
    }
    if (faults.hostile && upstream !== null) {
      throw new OptionsError(
        '--faults hostile adds records to the sample catalogue, so it cannot be used with --upstream.',
      );
    }
  }
  if (values.public && upstream !== null) {
    throw new OptionsError(
      '--public shapes the sample catalogue; with --upstream, the service decides what it shows (its public representation when no credentials are set).',
    );
  }
  let allowedHosts: string[];
  try {
    allowedHosts = (values['allowed-host'] ?? []).map(parseAllowedHost);
  } catch (error) {
    throw new OptionsError(error instanceof Error ? error.message : String(error));
  }
  const asOf = values['as-of'] === undefined ? null : pastDay(values['as-of'], Date.now());
  if (asOf !== null && upstream !== null) {
    throw new OptionsError(
      '--as-of turns back the sample catalogue; a real service (--upstream) shows only its present.',
    );
  }
  const signIn = values['sign-in'] ?? false;
  if (signIn && values['shared-account']) {
    throw new OptionsError(
      '--sign-in and --shared-account do not go together: with --sign-in each person reads the catalogue with their own account, never a shared one.',
    );
  }
  if (!signIn && values['session-idle'] !== undefined) {
    throw new OptionsError('--session-idle sets how long a session lasts: it needs --sign-in.');
  }
  const timeoutSeconds = wholeNumber('upstream-timeout', values['upstream-timeout'], 30, 3600);
  if (timeoutSeconds === 0) throw new OptionsError('--upstream-timeout must be at least 1 second.');
  return {
    port: wholeNumber('port', values.port, 5173, 65_535),
    host: values.host ?? '127.0.0.1',
    allowedHosts,
    seeds: wholeNumber('seeds', values.seeds, DEFAULT_SEED_COUNT, 5_000_000),
    asOf,
    upstream,
    upstreamTimeoutMs: timeoutSeconds * 1000,
    public: values.public ?? false,
    faults,
    signIn,
    sessionIdleMs: duration('session-idle', values['session-idle'], SESSION_IDLE_MS),
    trustProxy: values['trust-proxy'] ?? false,
    sharedAccount: values['shared-account'] ?? false,
    preloadFirstPages: values['preload-first-pages'] ?? false,
    dev: values.dev ?? false,
  };
}

/** A day written YYYY-MM-DD, no later than today (UTC): its start in ms. */
function pastDay(text: string, now: number): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [];
  const ms = Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0);
  const date = new Date(ms);
  if (
    !match ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== (month ?? 0) - 1 ||
    date.getUTCDate() !== day
  ) {
    throw new OptionsError(
      `--as-of takes a day of the calendar written YYYY-MM-DD, not "${text}".`,
    );
  }
  if (ms > now) {
    throw new OptionsError(
      `--as-of ${text} is after today (${new Date(now).toISOString().slice(0, 10)}, UTC): the sample catalogue has no future.`,
    );
  }
  return ms;
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A time such as `8h`, `30m` or `90s`, at least a second and at most a session's longest life. */
function duration(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const match = /^(\d{1,9})([smhd])$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (UNITS[match[2] ?? ''] ?? 0) : Number.NaN;
  if (!(ms >= 1000 && ms <= SESSION_MAX_AGE_MS)) {
    throw new OptionsError(
      `--${name} takes a time from 1s to 7d, written as a whole number and a unit (90s, 30m, 8h, 2d), not "${text}".`,
    );
  }
  return ms;
}
