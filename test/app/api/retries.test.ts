/**
 * The client's retry policy as a table: for each way an attempt can end (a status with or without
 * Retry-After, a timeout, a network failure, a body cut off or late) and each attempt, whether the
 * client asks again and after how long. Then Retry-After in every form HTTP allows, and the loop
 * that follows the policy. The client's own tests (client.test.ts) prove the same rules against a
 * service through MSW.
 */
import { describe, expect, it } from 'vitest';
import { defaultApiConfig } from '../../../src/api/config';
import { HttpError, UnreadableResponseError } from '../../../src/api/errors';
import type { Outcome } from '../../../src/api/exchange';
import {
  askUntilRead,
  nextTry,
  readRetryAfter,
  type Miss,
  type Next,
} from '../../../src/api/retries';

const NOW = Date.parse('2026-11-26T12:00:00Z');
/** An IMF-fixdate `seconds` from NOW: the form services send. */
const inSeconds = (seconds: number) => new Date(NOW + seconds * 1000).toUTCString();

const refused = (status: number, retryAfter?: string): Miss => ({
  kind: 'refused',
  status,
  statusText: '',
  headers: retryAfter === undefined ? [] : [['retry-after', retryAfter]],
  body: '',
});

/** The wait the service asked for: exact, and every request to the list keeps it. */
const asked = (waitMs: number): Next => ({ then: 'retry', waitMs, asked: true });
/** The client's own backoff, at its longest (the tests draw the largest jitter). */
const backoff = (waitMs: number): Next => ({ then: 'retry', waitMs, asked: false });
const atOnce: Next = { then: 'retry', waitMs: 0, asked: false };
const stop: Next = { then: 'stop' };

// The defaults: two retries after the first attempt, Retry-After sat through up to 30 seconds.
const policy = (miss: Miss, attempt: number) => nextTry(miss, attempt, defaultApiConfig, NOW, 1);

describe('the retry policy, by status × Retry-After × attempt', () => {
  it.each<[status: number, retryAfter: string | undefined, attempt: number, next: Next]>([
    // Server errors and limits are tried again after a backoff that doubles, twice at most.
    [500, undefined, 1, backoff(300)],
    [502, undefined, 2, backoff(600)],
    [503, undefined, 3, stop],
    [504, undefined, 1, backoff(300)],
    [429, undefined, 1, backoff(300)],
    // A 429 or 503 that says how long is tried again after exactly that long.
    [429, '2', 1, asked(2_000)],
    [503, '2', 2, asked(2_000)],
    [429, '0', 1, asked(0)],
    [429, inSeconds(10), 1, asked(10_000)],
    [503, 'Thursday, 26-Nov-26 12:00:05 GMT', 1, asked(5_000)],
    [429, 'Thu Nov 26 12:00:07 2026', 1, asked(7_000)],
    [503, inSeconds(-60), 1, asked(0)],
    // ... but no more often than the attempts allow.
    [429, '2', 3, stop],
    // A wait longer than the client sits through stops at once, on any attempt.
    [429, '31', 1, stop],
    [503, inSeconds(3_600), 1, stop],
    [429, '999999', 2, stop],
    [429, '30', 1, asked(30_000)],
    // A Retry-After in no form HTTP allows asks for nothing: the backoff, as without one.
    [429, 'soon', 1, backoff(300)],
    [429, '1.5', 1, backoff(300)],
    [503, '-5', 1, backoff(300)],
    [429, '2026-11-26T12:00:05Z', 1, backoff(300)],
    // Only a 429 or a 503 asks for a wait: elsewhere Retry-After changes nothing.
    [500, '20', 1, backoff(300)],
    [400, '2', 1, stop],
    // An answer a retry does not change is the answer, at once.
    [400, undefined, 1, stop],
    [401, undefined, 1, stop],
    [403, undefined, 1, stop],
    [404, undefined, 1, stop],
    [501, undefined, 1, stop],
  ])('%i, Retry-After %s, after attempt %i: %o', (status, retryAfter, attempt, next) => {
    expect(policy(refused(status, retryAfter), attempt)).toEqual(next);
  });

  it.each<[miss: Miss, attempt: number, next: Next]>([
    // No answer in time: one more go; a service that hangs twice is not going to answer.
    [{ kind: 'timeout' }, 1, backoff(300)],
    [{ kind: 'timeout' }, 2, stop],
    // No answer at all: the backoff, like a server error.
    [{ kind: 'network', message: 'Failed to fetch' }, 1, backoff(300)],
    [{ kind: 'network', message: 'Failed to fetch' }, 2, backoff(600)],
    [{ kind: 'network', message: 'Failed to fetch' }, 3, stop],
    // A body that broke off may come whole at once.
    [{ kind: 'cut', message: 'terminated' }, 1, atOnce],
    [{ kind: 'cut', message: 'terminated' }, 3, stop],
    // A body that began but did not end in time would take as long again.
    [{ kind: 'late' }, 1, stop],
    // An answer past the size the client reads is the same answer the next time.
    [{ kind: 'too-big', maxBytes: 256 * 2 ** 20 }, 1, stop],
  ])('%o after attempt %i: %o', (miss, attempt, next) => {
    expect(policy(miss, attempt)).toEqual(next);
  });

  it('spreads the backoff at random below its ceiling, which stops at 8 seconds', () => {
    expect(nextTry(refused(502), 2, defaultApiConfig, NOW, 0.5)).toEqual(backoff(300));
    expect(nextTry(refused(502), 2, defaultApiConfig, NOW, 0)).toEqual(backoff(0));
    const patient = { ...defaultApiConfig, retries: 10 };
    expect(nextTry(refused(502), 6, patient, NOW, 1)).toEqual(backoff(8_000));
    expect(nextTry(refused(502), 11, patient, NOW, 1)).toEqual(stop);
  });

  it('takes the longest wait it sits through from the client’s settings', () => {
    const impatient = { ...defaultApiConfig, maxRetryAfterMs: 500 };
    expect(nextTry(refused(429, '1'), 1, impatient, NOW, 1)).toEqual(stop);
    expect(nextTry(refused(429, '0'), 1, impatient, NOW, 1)).toEqual(asked(0));
  });
});

describe('Retry-After', () => {
  it.each<[header: string | null, waitMs: number | null]>([
    // delta-seconds
    ['120', 120_000],
    [' 3 ', 3_000],
    ['0', 0],
    ['99999999999999999999', Number.MAX_SAFE_INTEGER],
    // HTTP-date, in each of its three forms
    ['Thu, 26 Nov 2026 12:00:10 GMT', 10_000],
    ['Thursday, 26-Nov-26 12:00:10 GMT', 10_000],
    ['Thu Nov 26 12:00:10 2026', 10_000],
    ['Sun Dec  6 12:00:00 2026', 10 * 86_400_000],
    // a two-digit year more than 50 years ahead is in the past
    ['Thursday, 26-Nov-76 12:00:00 GMT', Date.UTC(2076, 10, 26, 12) - NOW],
    ['Friday, 26-Nov-77 12:00:00 GMT', 0],
    // a date already past is no wait
    ['Wed, 25 Nov 2026 12:00:00 GMT', 0],
    // anything else is no Retry-After at all
    [null, null],
    ['', null],
    ['soon', null],
    ['-5', null],
    ['1.5', null],
    ['2026-11-26T12:00:10Z', null],
    ['Thu, 26 Nov 2026 12:00:10 UTC', null],
    ['Thu, 32 Nov 2026 12:00:10 GMT', null],
    ['Thu, 26 Nov 2026 25:00:10 GMT', null],
  ])('%j waits %j ms', (header, waitMs) => {
    expect(readRetryAfter(header, NOW)).toBe(waitMs);
  });
});

describe('the retry loop', () => {
  const url = 'http://localhost/api/seed';
  const read = {
    kind: 'read',
    reading: { ok: false, failure: 'json', reason: 'not JSON' },
    contentType: 'application/json',
    totalHeader: null,
    transferMs: 0,
  } satisfies Outcome;

  /** An attempt that ends in each outcome in turn, counting the attempts. */
  function attempts(...outcomes: Outcome[]) {
    const made = { count: 0 };
    const attempt = () => Promise.resolve(outcomes[made.count++] ?? read);
    return { made, attempt };
  }

  it('asks until the page is read', async () => {
    const { made, attempt } = attempts({ kind: 'cut', message: 'terminated' }, refused(502), read);
    await expect(askUntilRead(url, attempt, undefined, defaultApiConfig)).resolves.toBe(read);
    expect(made.count).toBe(3);
  });

  it('gives every kind of miss one budget of retries, and reports the last', async () => {
    const cut: Miss = { kind: 'cut', message: 'terminated' };
    const { made, attempt } = attempts(cut, refused(502), cut, read);
    const error = await askUntilRead(url, attempt, undefined, defaultApiConfig).catch(
      (e: unknown) => e,
    );
    expect(made.count).toBe(3);
    expect(error).toBeInstanceOf(UnreadableResponseError);
    expect((error as Error).message).toMatch(/cut off before it ended/);
  });

  it('turns the refusal it stops at into the error the user reads, with the service’s detail', async () => {
    const { made, attempt } = attempts({
      ...refused(429, '999999'),
      body: '{"detail": "Request was throttled."}',
    } as Miss);
    const error = (await askUntilRead(url, attempt, undefined, defaultApiConfig).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(made.count).toBe(1);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 999_999_000, waitTooLong: true });
    expect(error.detail).toBe('Request was throttled.');
  });
});
