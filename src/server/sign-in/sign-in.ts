/**
 * Signing in (`--sign-in`): each person signs in with their own account of the catalogue service,
 * and the API answers only requests from a signed-in browser, with that person's credentials.
 *
 * - `POST /session` with `{"username", "password"}` (JSON, or a form's fields): the service is
 *   asked once with them (accounts.ts); accepted, the browser gets an opaque session cookie
 *   (HttpOnly, SameSite=Strict, Path=/; Secure with the `__Host-` prefix over HTTPS) and the
 *   credentials stay in this process's memory for the session (sessions.ts).
 * - `GET /session`: who is signed in, or 401. `DELETE /session`: signs out, and asks the browser to
 *   clear its cache and storage (`Clear-Site-Data`).
 * - At most 5 failures per user name and per client address in 15 minutes (throttle.ts).
 * - One line in the log per sign-in, sign out and expiry; never a password, a cookie or a header.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { createHmac, randomBytes } from 'node:crypto';
import { detailResponse } from '../api-handler';
import type { FailureLog } from '../log';
import type { AccountCheck } from './accounts';
import { createSessionStore, type Account, type Expiry } from './sessions';
import { createThrottle } from './throttle';

export interface SignInOptions {
  accounts: AccountCheck;
  /** How long a session lasts without a request (`--session-idle`). */
  idleMs: number;
  /** How long a session lasts at most. */
  maxAgeMs?: number;
  /** Read `X-Forwarded-Proto` and `X-Forwarded-For` from a reverse proxy (`--trust-proxy`). */
  trustProxy?: boolean;
  /** Which catalogue the server serves (source.ts): each person's saved lists are kept apart by it. */
  catalogueSource: string;
  log: FailureLog;
  now?: () => number;
}

export interface SignIn {
  /** Answers `/session`. */
  session(c: Context): Promise<Response>;
  /** The account an `/api/` request is made for, or the 401 to answer it with. */
  guard(c: Context): { account: Account; token: string } | Response;
  /** Ends a session whose credentials the service no longer accepts. */
  refused(token: string, c: Context): void;
  /** Whose accounts these are, for the sign-in page: the service's host, or `demo`. */
  readonly name: string;
  /** Whether the service can stop accepting a session's credentials. */
  readonly remote: boolean;
  /** Stops the timer that ends idle sessions. */
  close(): void;
}

export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const MOST_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** A sign-in's body is a user name and a password: anything longer is not one. */
const LONGEST_BODY = 8 * 1024;
const SWEEP_EVERY_MS = 60 * 1000;

const COOKIE = 'explorer-session';
/** Over HTTPS: a cookie only this origin can set, sent only over HTTPS. */
const SECURE_COOKIE = `__Host-${COOKIE}`;

const REFUSED = 'The service did not accept this user name and password.';
const SIGN_IN_FIRST =
  'Sign in first: this explorer reads the catalogue with each person’s own account.';

export function createSignIn(options: SignInOptions): SignIn {
  const now = options.now ?? Date.now;
  const store = createSessionStore({
    idleMs: options.idleMs,
    maxAgeMs: options.maxAgeMs ?? SESSION_MAX_AGE_MS,
  });
  const throttle = createThrottle(MOST_FAILURES, FAILURE_WINDOW_MS);
  const { log, accounts } = options;
  // Each person's saved lists are filed under a digest of the catalogue and their name, keyed
  // afresh at every start (a restart ends every session, and a browser clears its lists then).
  const filing = randomBytes(32);
  const savedUnder = (username: string) =>
    createHmac('sha256', filing)
      .update(`${options.catalogueSource}\n${username}`)
      .digest('hex')
      .slice(0, 32);

  const expired = (account: Account, why: Expiry) => {
    log(
      `session of ${quoted(account.username)} expired: ${why === 'idle' ? `${duration(options.idleMs)} without a request` : `${duration(options.maxAgeMs ?? SESSION_MAX_AGE_MS)} since signing in`}`,
    );
  };
  const sweeper = setInterval(() => {
    const at = now();
    for (const ended of store.sweep(at)) expired(ended.session.account, ended.expired);
    throttle.sweep(at);
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  /** The session a request's cookie names, if it is live; expired ones are logged and end. */
  const current = (c: Context) => {
    const request = requestOf(c, options.trustProxy ?? false);
    const token = cookie(c.req.header('cookie'), request.https ? SECURE_COOKIE : COOKIE);
    if (token === null) return { request, token, session: null };
    const found = store.find(token, now());
    if (found !== null && 'expired' in found) {
      expired(found.session.account, found.expired);
      return { request, token, session: null };
    }
    return { request, token, session: found };
  };

  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: {
        ...(body === null ? {} : { 'Content-Type': 'application/json' }),
        'Cache-Control': 'no-store',
        ...headers,
      },
    });

  async function signIn(c: Context): Promise<Response> {
    const { request, token } = current(c);
    const given = await credentials(c.req.raw);
    if (typeof given === 'string') return detailResponse(given === 'too long' ? 413 : 400, given);
    const from = request.address;
    const attempt = throttle.attempt(
      [`user:${given.username.toLowerCase()}`, `from:${from}`],
      now(),
    );
    if ('retryAfterMs' in attempt) {
      const seconds = Math.ceil(attempt.retryAfterMs / 1000);
      log(`sign-in throttled: ${quoted(given.username)} from ${from}`);
      return answer(
        429,
        {
          detail: `Too many failed sign-ins for this user name or from this address. Try again in ${duration(seconds * 1000)}.`,
        },
        { 'Retry-After': String(seconds) },
      );
    }
    const verdict = await accounts.check(given, c.req.raw.signal);
    const at = now();
    attempt.settle(verdict.kind === 'refused', at);
    if (verdict.kind === 'unknown') {
      log(`sign-in not checked: ${quoted(given.username)} from ${from}: ${verdict.log}`);
      return answer(verdict.status, { detail: verdict.detail });
    }
    if (verdict.kind === 'refused') {
      log(`sign-in refused: ${quoted(given.username)} from ${from}`);
      return answer(401, { detail: REFUSED });
    }
    throttle.forgive(`user:${given.username.toLowerCase()}`);
    // A browser signing in again leaves its old session behind: it ends now.
    if (token !== null) store.end(token);
    const fresh = store.begin(given, at);
    log(`sign-in accepted: ${quoted(given.username)} from ${from}`);
    return answer(204, null, { 'Set-Cookie': setCookie(request.https, fresh) });
  }

  return {
    name: accounts.name,
    remote: accounts.remote,
    async session(c) {
      const method = c.req.method.toUpperCase();
      if (method === 'POST') return signIn(c);
      if (method === 'GET' || method === 'HEAD') {
        const { request, token, session } = current(c);
        if (session === null) {
          return answer(
            401,
            { detail: 'Not signed in.' },
            token === null ? {} : { 'Set-Cookie': clearCookie(request.https) },
          );
        }
        const { username } = session.account;
        return answer(200, { username, catalogue: savedUnder(username) });
      }
      if (method === 'DELETE') {
        const { request, token } = current(c);
        const ended = token === null ? null : store.end(token);
        if (ended !== null)
          log(`sign-out: ${quoted(ended.account.username)} from ${request.address}`);
        return answer(204, null, {
          'Set-Cookie': clearCookie(request.https),
          'Clear-Site-Data': '"cache", "storage"',
        });
      }
      return answer(
        405,
        { detail: `${method} is not a way to sign in or out.` },
        {
          Allow: 'GET, HEAD, POST, DELETE',
        },
      );
    },
    guard(c) {
      const { request, token, session } = current(c);
      if (token === null || session === null) {
        return answer(
          401,
          { detail: token === null ? SIGN_IN_FIRST : 'The session has ended: sign in again.' },
          token === null ? {} : { 'Set-Cookie': clearCookie(request.https) },
        );
      }
      return { account: session.account, token };
    },
    refused(token, c) {
      const ended = store.end(token);
      if (ended === null) return;
      const { address } = requestOf(c, options.trustProxy ?? false);
      log(
        `session of ${quoted(ended.account.username)} from ${address} ended: the service no longer accepts its credentials`,
      );
    },
    close() {
      clearInterval(sweeper);
    },
  };
}

/** Where a request came from, and whether over HTTPS (as a trusted proxy says, if one does). */
function requestOf(c: Context, trustProxy: boolean): { address: string; https: boolean } {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  let address = incoming?.socket.remoteAddress ?? 'an unknown address';
  let https = (incoming?.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) address = forwarded;
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    if (proto !== undefined) https = proto === 'https';
  }
  return { address: printable(address.replace(/^::ffff:(?=\d+\.)/, ''), 60), https };
}

/** The user name and password of a sign-in, or what is wrong with it. */
async function credentials(request: Request): Promise<Account | string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > LONGEST_BODY) return 'too long';
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const text = await readUpTo(request, LONGEST_BODY);
  if (text === null) return 'too long';
  let username: unknown;
  let password: unknown;
  if (type === 'application/json') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return 'The sign-in is not JSON: send {"username": …, "password": …}.';
    }
    if (body !== null && typeof body === 'object') {
      ({ username, password } = body as Record<string, unknown>);
    }
  } else if (type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(text);
    username = form.get('username');
    password = form.get('password');
  } else {
    return 'Send the user name and password as JSON ({"username": …, "password": …}) or as a form.';
  }
  if (typeof username !== 'string' || typeof password !== 'string') {
    return 'Give a user name and a password.';
  }
  const name = username.trim();
  if (name === '' || password === '') return 'Give a user name and a password.';
  return { username: name, password };
}

/** The body as text, or null when it is longer than `limit` bytes. */
async function readUpTo(request: Request, limit: number): Promise<string | null> {
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

function cookie(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

const cookieAttributes = (https: boolean) =>
  `Path=/; HttpOnly; SameSite=Strict${https ? '; Secure' : ''}`;

function setCookie(https: boolean, token: string): string {
  return `${https ? SECURE_COOKIE : COOKIE}=${token}; ${cookieAttributes(https)}`;
}

function clearCookie(https: boolean): string {
  return `${https ? SECURE_COOKIE : COOKIE}=; Max-Age=0; ${cookieAttributes(https)}`;
}

/** A name as the log writes it: quoted, on one line, nothing in it that could pass for more. */
function quoted(name: string): string {
  return JSON.stringify(printable(name, 100));
}

function printable(text: string, max: number): string {
  const line = text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    '?',
  );
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** "8 hours", "15 minutes", "1 minute", "40 seconds". */
export function duration(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, unit] of units) {
    if (ms >= size && (ms % size === 0 || size <= 60_000)) {
      const count = Math.ceil(ms / size);
      return `${String(count)} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  return `${String(Math.ceil(ms / 1000))} seconds`;
}
