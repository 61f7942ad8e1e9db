/**
 * Whose user name and password are good: the catalogue service's, asked once per sign-in with a
 * request that carries them; or, with the embedded catalogue, the demo account made at start.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { basicAuthorization, errorCode } from '../proxy/upstream';
import type { Account } from './sessions';

export type Verdict =
  | { kind: 'accepted' }
  | { kind: 'refused' }
  /** The service could not say: the status to answer with and why, for the person signing in. */
  | { kind: 'unknown'; status: 502 | 504; detail: string; log: string };

export interface AccountCheck {
  check(account: Account, signal?: AbortSignal): Promise<Verdict>;
  /** Whose accounts these are, for the sign-in page: the service's host, or `demo`. */
  readonly name: string;
  /** Whether the service can stop accepting the credentials during a session. */
  readonly remote: boolean;
}

export const DEMO_USERNAME = 'demo';

/** The demo account of the embedded catalogue: its password is made afresh at every start. */
export function demoAccounts(password = randomBytes(12).toString('base64url')): AccountCheck & {
  password: string;
} {
  const expected = createHash('sha256').update(password).digest();
  return {
    password,
    name: 'demo',
    remote: false,
    check(account) {
      const given = createHash('sha256').update(account.password).digest();
      // Compared in constant time, and the name only after, so the time says nothing of either.
      const good = timingSafeEqual(given, expected) && account.username === DEMO_USERNAME;
      return Promise.resolve({ kind: good ? 'accepted' : 'refused' });
    },
  };
}

/**
 * The service's accounts: one request for a collection, carrying the credentials. 401 and 403
 * mean refused; any answer in the 2xx accepted; anything else (no answer, a 5xx) leaves it open.
 */
export function serviceAccounts(options: {
  base: URL;
  timeoutMs: number;
  fetch?: typeof fetch;
}): AccountCheck {
  const doFetch = options.fetch ?? fetch;
  const url = new URL(`${options.base.pathname.replace(/\/+$/, '')}/api/collection`, options.base);
  url.search = 'limit=1';
  const origin = options.base.origin;
  return {
    name: options.base.host,
    remote: true,
    async check(account, signal) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: {
            Accept: 'application/json',
            Authorization: basicAuthorization(account),
            'User-Agent': 'catalogue-explorer',
          },
          redirect: 'manual',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (timeout.aborted) {
          return {
            kind: 'unknown',
            status: 504,
            detail: `The catalogue service at ${origin} did not answer within ${String(Math.round(options.timeoutMs / 1000))} s, so the user name and password could not be checked. Try again in a moment.`,
            log: 'the service did not answer in time',
          };
        }
        const code = errorCode(error);
        return {
          kind: 'unknown',
          status: 502,
          detail: `The catalogue service at ${origin} could not be reached (${code}), so the user name and password could not be checked. Try again in a moment.`,
          log: `the service could not be reached (${code})`,
        };
      }
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 401 || response.status === 403) return { kind: 'refused' };
      if (response.status >= 200 && response.status < 300) return { kind: 'accepted' };
      return {
        kind: 'unknown',
        status: 502,
        detail: `The catalogue service at ${origin} failed to answer (HTTP ${String(response.status)}), so the user name and password could not be checked. Try again in a moment.`,
        log: `the service answered HTTP ${String(response.status)}`,
      };
    },
  };
}
