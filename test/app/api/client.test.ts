/**
 * The HTTP client against the embedded engine (through MSW) and against injected failures: query
 * strings, counts, both list shapes, every error kind, and retries only where they can help.
 */
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPage, listUrl } from '../../../src/api/client';
import { defaultApiConfig, type ApiConfig } from '../../../src/api/config';
import {
  ContractError,
  formatWait,
  HttpError,
  NetworkError,
  OversizedAnswerError,
  TimeoutError,
  UnreadableResponseError,
} from '../../../src/api/errors';
import { exchangesRunIn } from '../../../src/api/exchange-runner';
import { readRetryAfter } from '../../../src/api/retries';
import { LONGEST_VALUE, MOST_FIELDS } from '../../../src/api/values';
import { liftWait } from '../../../src/api/waits';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { faultyCatalogue, setupCatalogueServer } from '../catalogue-server';
import { installFakeWorker, removeFakeWorker, type FakeWorker } from '../fake-worker';

const catalogue = generateCatalogue({ seeds: 1_000 });
const { server } = setupCatalogueServer(catalogue);

const fast: ApiConfig = { ...defaultApiConfig, timeoutMs: 2_000 };

/** Answers with each reply in turn (the last one repeats), counting the requests. */
function sequence(...replies: (() => Response | Promise<Response>)[]) {
  const seen: string[] = [];
  server.use(
    http.get('*/api/seed', ({ request }) => {
      seen.push(request.url);
      const reply = replies[Math.min(seen.length - 1, replies.length - 1)];
      return reply ? reply() : HttpResponse.json([]);
    }),
  );
  return seen;
}

const ok = () => HttpResponse.json([], { headers: { 'Total-Row-Count': '0' } });

describe('requests', () => {
  it('builds the service parameter names from typed parameters', () => {
    const url = new URL(
      listUrl('seed', {
        limit: 100,
        offset: 200,
        format: 'api',
        collection: 42,
        metadataName: 'Local Call Number',
        metadataPrefix: 'A & B',
      }),
    );
    expect(url.pathname).toBe('/api/seed');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '100',
      offset: '200',
      format: 'api',
      collection: '42',
      metadata__name: 'Local Call Number',
      metadata__value__startswith: 'A & B',
    });
  });

  it('leaves out unset and empty parameters', () => {
    expect(listUrl('collection', { state: undefined, format: 'api', metadataName: '' })).toMatch(
      /\/api\/collection\?format=api$/,
    );
  });

  it('puts the build-time base address before /api', () => {
    const url = listUrl(
      'seed',
      {},
      { ...defaultApiConfig, baseUrl: 'https://partner.example.org/v1' },
    );
    expect(url).toBe('https://partner.example.org/v1/api/seed');
  });
});

// Every answer is asked for and read in the page, and again in the list worker: the same outcome
// each way.
describe.each(['in the page', 'in the list worker'])('%s', (place) => {
  let workers: FakeWorker[] = [];
  beforeEach(() => {
    if (place === 'in the page') return;
    workers = installFakeWorker();
    exchangesRunIn('worker');
  });
  afterEach(() => {
    removeFakeWorker();
  });
  it('asks where it says', async () => {
    await fetchPage('seed', { limit: 10 });
    expect(workers.reduce((sum, w) => sum + w.asked, 0)).toBe(place === 'in the page' ? 0 : 1);
  });

  describe('lists', () => {
    it('reads records and the count of all matches', async () => {
      const page = await fetchPage('seed', { limit: 10, format: 'api' });
      expect(page.records).toHaveLength(10);
      expect(page.total).toBe(1_000);
      expect(page.totalCertain).toBe(true);
    });

    it('accepts the paginated envelope and takes its count', async () => {
      sequence(() =>
        HttpResponse.json({ count: 77, next: null, previous: null, results: [] }, { status: 200 }),
      );
      const page = await fetchPage('seed', { limit: 0 });
      expect(page).toMatchObject({ records: [], total: 77, totalCertain: true });
    });

    it('falls back to the array length and says the count is uncertain', async () => {
      const raw = JSON.parse(JSON.stringify(catalogue.seedGroups.slice(0, 3))) as unknown[];
      server.use(http.get('*/api/seed_group', () => HttpResponse.json(raw)));
      const page = await fetchPage('seed_group', {});
      expect(page).toMatchObject({ total: 3, totalCertain: false });
    });

    it('ignores a count header that is not a whole number', async () => {
      sequence(() => HttpResponse.json([], { headers: { 'Total-Row-Count': 'lots' } }));
      expect((await fetchPage('seed', {})).totalCertain).toBe(false);
    });
  });

  describe('errors', () => {
    it('gives the service detail for a rejected request and does not retry it', async () => {
      const seen = sequence(() => HttpResponse.json({ detail: 'limit must be…' }, { status: 400 }));
      const error = await fetchPage('seed', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toContain('limit must be…');
      expect(seen).toHaveLength(1);
    });

    it('reads field errors in the Django REST framework style', async () => {
      sequence(() => HttpResponse.json({ state: ['Select a valid choice.'] }, { status: 400 }));
      const error = (await fetchPage('seed', {}).catch((e: unknown) => e)) as HttpError;
      expect(error.detail).toBe('state: Select a valid choice.');
    });

    it.each([401, 403])(
      '%i says the catalogue needs credentials and how to give them',
      async (status) => {
        const seen = sequence(() => HttpResponse.json({ detail: 'no' }, { status }));
        const error = (await fetchPage('seed', {}).catch((e: unknown) => e)) as HttpError;
        expect(error.needsCredentials).toBe(true);
        expect(error.message).toMatch(/credentials/);
        expect(error.message).toMatch(/ARCHIVE_IT_USERNAME/);
        expect(seen).toHaveLength(1);
      },
    );

    it('404 says there is no such list', async () => {
      sequence(() => HttpResponse.json({ detail: 'Not found.' }, { status: 404 }));
      await expect(fetchPage('seed', {})).rejects.toThrow(/no such list \(HTTP 404\)/);
    });

    it('recovers from one server error by itself', async () => {
      const seen = sequence(() => new HttpResponse(null, { status: 502 }), ok);
      await expect(fetchPage('seed', {})).resolves.toMatchObject({ total: 0 });
      expect(seen).toHaveLength(2);
    });

    it('gives up after a bounded number of retries on a persistent failure', async () => {
      const seen = sequence(() => HttpResponse.json({ detail: 'down' }, { status: 503 }));
      const error = (await fetchPage('seed', {}).catch((e: unknown) => e)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.message).toBe(
        'The catalogue service failed to answer (HTTP 503). It said: “down”',
      );
      expect(seen).toHaveLength(defaultApiConfig.retries + 1);
    });

    it('waits as long as Retry-After asks before trying again after a 429', async () => {
      const times: number[] = [];
      sequence(
        () => {
          times.push(Date.now());
          return new HttpResponse(null, { status: 429, headers: { 'Retry-After': '1' } });
        },
        () => {
          times.push(Date.now());
          return ok();
        },
      );
      await fetchPage('seed', {});
      expect(times).toHaveLength(2);
      expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
    });

    it('a persistent 429 says when to try again', async () => {
      sequence(() => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '0' } }));
      const error = (await fetchPage('seed', {}).catch((e: unknown) => e)) as HttpError;
      expect(error.status).toBe(429);
      expect(error.message).toMatch(/limiting requests/);
    });

    it('a network failure is retried, then reported as unreachable', async () => {
      const seen = sequence(() => HttpResponse.error());
      await expect(fetchPage('seed', {})).rejects.toBeInstanceOf(NetworkError);
      expect(seen).toHaveLength(defaultApiConfig.retries + 1);
    });

    it('a service that never answers ends in a timeout, not a wait without end', async () => {
      sequence(async () => {
        await delay('infinite');
        return ok();
      });
      const started = Date.now();
      const error = await fetchPage('seed', {}, { config: { ...fast, timeoutMs: 200 } }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).message).toMatch(/did not answer within 0\.2 seconds/);
      expect(Date.now() - started).toBeLessThan(3_000);
    });

    it('a web page instead of data is unreadable and says what came', async () => {
      sequence(() => HttpResponse.html('<html><body>Maintenance</body></html>'));
      const error = await fetchPage('seed', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnreadableResponseError);
      expect((error as Error).message).toBe(
        'The catalogue service sent something unreadable: it sent text/html instead of JSON.',
      );
    });

    it('JSON that stops half-way is unreadable', async () => {
      sequence(
        () =>
          new HttpResponse('[{"id": 1, "na', { headers: { 'Content-Type': 'application/json' } }),
      );
      await expect(fetchPage('seed', {})).rejects.toThrow(/not valid JSON/);
    });

    it('an object where a list belongs breaks the contract', async () => {
      sequence(() => HttpResponse.json({ hello: 'world' }));
      const error = await fetchPage('seed', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractError);
    });

    it('a cancelled request rejects with the abort and is not retried', async () => {
      const seen = sequence(async () => {
        await delay(200);
        return new HttpResponse(null, { status: 503 });
      });
      const controller = new AbortController();
      const request = fetchPage('seed', {}, { signal: controller.signal });
      setTimeout(() => {
        controller.abort();
      }, 50);
      await expect(request).rejects.toMatchObject({ name: 'AbortError' });
      await delay(400);
      expect(seen).toHaveLength(1);
    });
  });

  describe('a wait the service asks for', () => {
    const limited = (retryAfter: string, status = 429) =>
      HttpResponse.json(
        { detail: 'Request was throttled.' },
        {
          status,
          headers: { 'Retry-After': retryAfter },
        },
      );

    it('longer than the client waits: no retry, the wait in words at once', async () => {
      const seen = sequence(() => limited('999999'), ok);
      const started = Date.now();
      const error = (await fetchPage('seed', {}).catch((e: unknown) => e)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.message).toBe(
        'The catalogue service is limiting requests (HTTP 429) and asks us to wait 11 days and 13 hours.',
      );
      expect(seen).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(3_000);
    });

    it('an HTTP date far ahead on a 503 is read the same way', async () => {
      const inThreeHours = new Date(Date.now() + 3 * 3_600_000 + 5 * 60_000).toUTCString();
      const seen = sequence(() => limited(inThreeHours, 503), ok);
      const error = (await fetchPage('seed', {}).catch((e: unknown) => e)) as HttpError;
      expect(error.message).toMatch(
        /^The catalogue service failed to answer \(HTTP 503\) and asks us to wait 3 hours and [45] minutes\. It said: “Request was throttled\.”$/,
      );
      expect(seen).toHaveLength(1);
    });

    it('the limit is the client’s setting', async () => {
      const seen = sequence(() => limited('1'), ok);
      const config = { ...defaultApiConfig, maxRetryAfterMs: 500 };
      const error = (await fetchPage('seed', {}, { config }).catch((e: unknown) => e)) as HttpError;
      expect(error.message).toMatch(/asks us to wait 1 second\.$/);
      expect(seen).toHaveLength(1);
    });

    it('holds for every later request to that list, and only “Try again” lifts it', async () => {
      const seen = sequence(() => limited('999999'), ok);
      const first = await fetchPage('seed', {}).catch((e: unknown) => e);
      // Other filters of the same list are refused without asking, with the same wait.
      const again = (await fetchPage('seed', { collection: 3 }).catch(
        (e: unknown) => e,
      )) as HttpError;
      expect(again).toBeInstanceOf(HttpError);
      expect(again.message).toMatch(/asks us to wait 11 days and 13 hours\.$/);
      expect(seen).toHaveLength(1);
      // Other lists are not held back.
      await expect(fetchPage('collection', { limit: 1 })).resolves.toMatchObject({ received: 1 });
      liftWait(first);
      await expect(fetchPage('seed', {})).resolves.toMatchObject({ total: 0 });
      expect(seen).toHaveLength(2);
    });

    it('while the client waits to try again, other requests to that list wait too', async () => {
      const times: number[] = [];
      let limitedAt = 0;
      server.use(
        http.get('*/api/seed', () => {
          times.push(Date.now());
          if (limitedAt === 0) {
            limitedAt = Date.now();
            return limited('1');
          }
          return ok();
        }),
      );
      const first = fetchPage('seed', {});
      await vi.waitFor(() => {
        expect(limitedAt).toBeGreaterThan(0);
      });
      await fetchPage('seed', { offset: 100 });
      await first;
      expect(times).toHaveLength(3);
      for (const at of times.slice(1)) expect(at - limitedAt).toBeGreaterThanOrEqual(950);
    });

    it('says how long, in words', () => {
      expect(formatWait(400)).toBe('1 second');
      expect(formatWait(12_000)).toBe('12 seconds');
      expect(formatWait(61_000)).toBe('1 minute and 1 second');
      expect(formatWait(3_600_000)).toBe('1 hour');
      expect(formatWait(2 * 3_600_000 + 30 * 60_000)).toBe('2 hours and 30 minutes');
      expect(formatWait(999_999_000)).toBe('11 days and 13 hours');
    });
  });
});

/** Bytes of a page of `limit` seeds as the service sends them, in one string. */
const pageOf = (limit: number) =>
  JSON.stringify(JSON.parse(JSON.stringify(catalogue.seeds.slice(0, limit))) as unknown[]);

// The limits hold wherever an answer is read: in the page; in the list worker (with the seeds'
// fast route); and in the page for a small page whose answer turns out big, read in the worker.
describe.each(['in the page', 'in the list worker', 'in the page, then in the worker'])(
  'records too big to hold, read %s',
  (place) => {
    let workers: FakeWorker[] = [];
    beforeEach(() => {
      if (place === 'in the page') return;
      workers = installFakeWorker();
      exchangesRunIn(place === 'in the list worker' ? 'worker' : 'by size');
    });
    afterEach(() => {
      removeFakeWorker();
    });

    it('a value longer than a mebibyte is kept cut, its full length named', async () => {
      const faults = faultyCatalogue(server, catalogue);
      faults.inject('seed', {
        kind: 'huge-values',
        descriptionChars: 3_000_000,
        urlChars: 1_500_000,
      });
      const page = await fetchPage('seed', { limit: 100, format: 'api' });
      const [first, second] = page.records;
      const cut = (length: number) => `… [cut: ${length.toLocaleString('en-US')} characters]`;
      expect(first?.url?.length).toBe(LONGEST_VALUE + cut(1_500_000).length);
      expect(first?.url?.endsWith(cut(1_500_000))).toBe(true);
      expect(first?.url?.startsWith('https://example.org/uuu')).toBe(true);
      const description = first?.metadata.Description?.[0]?.value ?? '';
      expect(description).toBe(`${'d'.repeat(LONGEST_VALUE)}${cut(3_000_000)}`);
      expect(page.oversize).toEqual({ cut: 1, longest: 3_000_000, crowded: 0, mostFields: 0 });
      // The other records are whole.
      expect(second?.url).toBe(catalogue.seeds[1]?.url);
      expect(page.records).toHaveLength(100);
      if (place === 'in the page, then in the worker') {
        expect(workers.reduce((sum, w) => sum + w.asked, 0)).toBe(1);
      }
    });

    it('a record with more than 10,000 metadata fields keeps the first 10,000', async () => {
      const faults = faultyCatalogue(server, catalogue);
      faults.inject('seed', { kind: 'many-fields', fields: 60_000 });
      const page = await fetchPage('seed', { limit: 100, format: 'api' });
      const fields = Object.keys(page.records[0]?.metadata ?? {});
      expect(fields).toHaveLength(MOST_FIELDS);
      expect(fields.at(0)).toBe('Field 1');
      expect(fields.at(-1)).toBe(`Field ${String(MOST_FIELDS)}`);
      expect(page.oversize).toEqual({ cut: 0, longest: 0, crowded: 1, mostFields: 60_000 });
      expect(page.records[1]?.metadata).toEqual(catalogue.seeds[1]?.metadata);
    });

    it('an answer larger than the limit, or one that never ends, is stopped there, once', async () => {
      const small = { ...fast, maxAnswerBytes: 4 * 1_048_576 };
      const faults = faultyCatalogue(server, catalogue);
      faults.inject('seed', { kind: 'endless' });
      const endless = await fetchPage('seed', { limit: 100 }, { config: small }).catch(
        (e: unknown) => e,
      );
      expect(endless).toBeInstanceOf(OversizedAnswerError);
      expect((endless as Error).message).toBe(
        'The catalogue service sent more than 4 MB in one answer, so the explorer stopped reading it there: an answer that large, or one that never ends, cannot be shown.',
      );
      faults.clear();
      // A whole answer of a stated length over the limit is not read at all.
      const seen = sequence(
        () => new HttpResponse(pageOf(1_000), { headers: { 'Content-Type': 'application/json' } }),
      );
      const limit = { ...fast, maxAnswerBytes: 100_000 };
      const big = await fetchPage('seed', { limit: 1_000 }, { config: limit }).catch(
        (e: unknown) => e,
      );
      expect(big).toBeInstanceOf(OversizedAnswerError);
      expect((big as Error).message).toContain('more than 100,000 bytes');
      // Asking again would bring as much again.
      expect(seen).toHaveLength(1);
    });
  },
);

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(readRetryAfter('3')).toBe(3_000);
    expect(readRetryAfter(null)).toBeNull();
    expect(readRetryAfter('soon')).toBeNull();
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(readRetryAfter(inTenSeconds)).toBeGreaterThan(8_000);
  });
});
