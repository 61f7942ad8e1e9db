/**
 * Fault injection over real HTTP: each fault does to the wire what it says, only for the resource
 * and the number of requests it was given, and the `--faults` option reads the same faults from
 * the command line (off unless given).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { embeddedApiHandler } from '../../src/server/api-handler';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import {
  createFaultInjector,
  HTML_ERROR_PAGE,
  LEAKED_SECRET_MARKER,
  parseFaultSpec,
  type FaultInjector,
} from '../../src/server/faults';
import { OptionsError, parseStartOptions } from '../../src/server/options';
import { serveApp, type Running } from './http-helpers';

let server: Running;
let faults: FaultInjector;

beforeAll(async () => {
  const catalogue = generateCatalogue({ seeds: 500 });
  faults = createFaultInjector(embeddedApiHandler(createCatalogueApi(catalogue)));
  server = await serveApp(faults.handler);
});
afterAll(() => server.close());
afterEach(() => {
  faults.clear();
});

const api = (path: string, init?: RequestInit) => fetch(`${server.url}/api/${path}`, init);

describe('nothing misbehaves unless asked', () => {
  it('answers every list as the embedded API does', async () => {
    const response = await api('seed?limit=3');
    expect(response.status).toBe(200);
    expect(response.headers.get('Total-Row-Count')).toBe('500');
    expect(await response.json()).toHaveLength(3);
    expect(faults.requests.at(-1)).toMatchObject({ resource: 'seed', faults: [] });
  });
});

describe('a status for the next N requests to one resource', () => {
  it.each([500, 502, 503, 401, 403, 404])('%i, then normal answers again', async (status) => {
    faults.inject('seed', { kind: 'status', status }, { times: 2 });
    const first = await api('seed?limit=1');
    const second = await api('seed?limit=1');
    const third = await api('seed?limit=1');
    expect([first.status, second.status, third.status]).toEqual([status, status, 200]);
    expect(await first.json()).toEqual({ detail: expect.any(String) });
  });

  it('only for that resource', async () => {
    faults.inject('collection', { kind: 'status', status: 503 });
    expect((await api('seed?limit=1')).status).toBe(200);
    expect((await api('collection?limit=1')).status).toBe(503);
  });

  it('429 carries Retry-After', async () => {
    faults.inject('*', { kind: 'status', status: 429, retryAfterSeconds: 7 }, { times: 1 });
    const response = await api('press_item');
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('7');
  });

  it('401 challenges for Basic credentials, as the real service does', async () => {
    faults.inject('seed', { kind: 'status', status: 401 }, { times: 1 });
    expect((await api('seed')).headers.get('WWW-Authenticate')).toMatch(/^Basic/);
  });

  it('only for the requests a condition picks, such as pages after the first', async () => {
    faults.inject(
      'seed',
      { kind: 'status', status: 500 },
      { when: (url) => url.searchParams.has('offset') },
    );
    expect((await api('seed?limit=5')).status).toBe(200);
    expect((await api('seed?limit=5&offset=5')).status).toBe(500);
  });
});

describe('slow and silent services', () => {
  it('delays an answer', async () => {
    faults.inject('seed', { kind: 'delay', ms: 300 }, { times: 1 });
    const started = Date.now();
    expect((await api('seed?limit=1')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('hangs until the client gives up, and lets go when the faults are cleared', async () => {
    faults.inject('seed', { kind: 'hang' });
    const gaveUp = await api('seed?limit=1', { signal: AbortSignal.timeout(300) }).catch(
      (e: unknown) => e,
    );
    expect(gaveUp).toMatchObject({ name: 'TimeoutError' });
    const waiting = api('seed?limit=1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    faults.clear();
    expect((await waiting).status).toBe(200);
  });
});

describe('bodies that cannot be read', () => {
  it('cuts the body off half-way and drops the connection', async () => {
    faults.inject('seed', { kind: 'cut-off' }, { times: 1 });
    const response = await api('seed?limit=50');
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect((await api('seed?limit=50')).status).toBe(200);
  });

  it('sends an HTML error page with status 200', async () => {
    faults.inject('seed', { kind: 'html-page' }, { times: 1 });
    const response = await api('seed');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(HTML_ERROR_PAGE);
  });

  it('labels JSON with another Content-Type', async () => {
    faults.inject('seed', { kind: 'content-type', contentType: 'text/plain' }, { times: 1 });
    const response = await api('seed?limit=2');
    expect(response.headers.get('Content-Type')).toBe('text/plain');
    expect(await response.json()).toHaveLength(2);
  });
});

describe('other list shapes', () => {
  it('leaves out Total-Row-Count', async () => {
    faults.inject('seed', { kind: 'no-count' }, { times: 1 });
    const response = await api('seed?limit=2');
    expect(response.headers.has('Total-Row-Count')).toBe(false);
    expect(await response.json()).toHaveLength(2);
  });

  it('says whatever count it is told to', async () => {
    faults.inject('seed', { kind: 'count', count: '9007199254740991' }, { times: 1 });
    const response = await api('seed?limit=2');
    expect(response.headers.get('Total-Row-Count')).toBe('9007199254740991');
    expect(await response.json()).toHaveLength(2);
  });

  it('wraps the page in the {count, next, previous, results} envelope', async () => {
    faults.inject('seed', { kind: 'envelope' });
    const response = await api('seed?limit=10&offset=20');
    expect(response.headers.has('Total-Row-Count')).toBe(false);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ count: 500, results: expect.any(Array) });
    expect(new URL(body.next as string).searchParams.get('offset')).toBe('30');
    expect(new URL(body.previous as string).searchParams.get('offset')).toBe('10');
  });

  it('combines with other faults: a delay and no count at once', async () => {
    faults.inject('seed', { kind: 'delay', ms: 50 }, { times: 1 });
    faults.inject('seed', { kind: 'no-count' }, { times: 1 });
    const response = await api('seed?limit=1');
    expect(response.headers.has('Total-Row-Count')).toBe(false);
    expect(faults.requests.at(-1)?.faults).toEqual(['delay', 'no-count']);
  });
});

describe('records that break the contract', () => {
  it('breaks four records and adds surprises the contract allows to two more', async () => {
    faults.inject('seed', { kind: 'invalid-records' }, { times: 1 });
    const records = (await (await api('seed?limit=7&format=api')).json()) as Record<
      string,
      unknown
    >[];
    expect(records[0]).not.toHaveProperty('url');
    expect(records[1]?.active).toBe('yes');
    expect(records[2]?.last_updated_date).toBe('yesterday afternoon');
    expect(records[3]).toHaveProperty('unexpected_field');
    expect(records[4]?.seed_type).toBe('twoHopsOff');
    expect(records[5]?.id).toBe('not a number');
    expect(records[6]?.url).toEqual(expect.any(String));
  });

  it('adds login fields and access tokens to every record, which the server never passes on', async () => {
    // As the injector answers (the server below it removes them: nothing of them reaches HTTP).
    const direct = (path: string) => faults.handler(new Request(`http://test/api/${path}`));
    faults.inject('*', { kind: 'secrets' }, { times: 2 });
    for (const path of ['collection?format=api', 'seed?limit=-1']) {
      const body = await (await api(path)).text();
      expect(body, path).not.toContain(LEAKED_SECRET_MARKER);
    }
    faults.inject('collection', { kind: 'secrets' }, { times: 1 });
    const records = (await (await direct('collection?format=api')).json()) as Record<
      string,
      unknown
    >[];
    for (const record of records) {
      expect(record.login_password).toContain(LEAKED_SECRET_MARKER);
      expect(record.private_access_token).toContain(LEAKED_SECRET_MARKER);
      expect(JSON.stringify(record.metadata)).toContain(LEAKED_SECRET_MARKER);
    }
    faults.inject('seed', { kind: 'secrets' }, { times: 1 });
    const seeds = (await (await direct('seed?format=api&limit=-1')).json()) as Record<
      string,
      unknown
    >[];
    const grouped = seeds.find((s) => Array.isArray(s.seed_groups) && s.seed_groups.length > 0);
    expect(JSON.stringify(grouped?.seed_groups)).toContain(LEAKED_SECRET_MARKER);
  });
});

describe('lists that do not add up, and records too big to hold', () => {
  type Wire = Record<string, unknown> & { id: number; url?: string; metadata?: object };
  const page = async (path: string) => {
    const response = await api(path);
    return {
      count: response.headers.get('Total-Row-Count'),
      records: (await response.json()) as Wire[],
    };
  };

  it('repeats every record once, right after itself, paging over the doubled list', async () => {
    const whole = await page('seed?limit=-1');
    faults.inject('seed', { kind: 'repeat-ids' });
    const first = await page('seed?limit=5');
    expect(first.count).toBe('1000');
    expect(first.records.map((r) => r.id)).toEqual(
      [0, 0, 1, 1, 2].map((i) => whole.records[i]?.id),
    );
    const later = await page('seed?limit=4&offset=5');
    expect(later.records.map((r) => r.id)).toEqual([2, 3, 3, 4].map((i) => whole.records[i]?.id));
  });

  it('ignores offset: every page starts the list again', async () => {
    faults.inject('seed', { kind: 'ignore-offset' });
    const first = await page('seed?limit=3');
    const later = await page('seed?limit=3&offset=300');
    expect(later.records.map((r) => r.id)).toEqual(first.records.map((r) => r.id));
  });

  it('makes a list of any length from its first record, paged as asked', async () => {
    faults.inject('seed', { kind: 'rows', rows: 1_000_000 });
    const far = await page('seed?limit=3&offset=999998&format=api');
    expect(far.count).toBe('1000000');
    expect(far.records.map((r) => r.id)).toEqual([100_999_998, 100_999_999]);
    expect(far.records[0]?.url).toBe('https://generated.example/999998/');
    expect((await page('seed?limit=2&offset=1000000')).records).toEqual([]);
  });

  it('gives the first record of the first page many fields, or huge values', async () => {
    faults.inject('seed', { kind: 'many-fields', fields: 12_345 }, { times: 2 });
    const [crowded, plain] = (await page('seed?limit=2')).records;
    expect(Object.keys(crowded?.metadata ?? {})).toHaveLength(12_345);
    expect(Object.keys(plain?.metadata ?? {}).length).toBeLessThan(50);
    expect(
      Object.keys((await page('seed?limit=1&offset=1')).records[0]?.metadata ?? {}).length,
    ).toBeLessThan(50);
    faults.inject('seed', { kind: 'huge-values', descriptionChars: 3_000_000, urlChars: 400_000 });
    const [huge] = (await page('seed?limit=1')).records;
    expect(huge?.url).toHaveLength(400_000);
    expect(JSON.stringify(huge?.metadata).length).toBeGreaterThan(3_000_000);
  });

  it('sends a body that never ends, until the client stops reading', async () => {
    faults.inject('seed', { kind: 'endless' });
    const response = await api('seed?limit=10');
    expect(response.headers.get('Total-Row-Count')).toBeNull();
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let bytes = 0;
    while (bytes < 20 * 1_048_576) bytes += (await reader.read()).value?.byteLength ?? 0;
    await reader.cancel();
    expect(bytes).toBeGreaterThanOrEqual(20 * 1_048_576);
  });
});

describe('--faults', () => {
  it('is off unless given', () => {
    expect(parseStartOptions([])).toMatchObject({ faults: null });
  });

  it('reads rules for lists, with counts, Retry-After and the pages after the first', () => {
    const spec = parseFaultSpec('hostile, seed.later=503x2 ,collection=429:3x1,all=delay:250');
    expect(spec.hostile).toBe(true);
    expect(spec.rules.map((r) => [r.resource, r.fault, r.options.times])).toEqual([
      ['seed', { kind: 'status', status: 503 }, 2],
      ['collection', { kind: 'status', status: 429, retryAfterSeconds: 3 }, 1],
      ['*', { kind: 'delay', ms: 250 }, undefined],
    ]);
    const later = spec.rules[0]?.options.when;
    expect(later?.(new URL('http://x/api/seed?offset=0'))).toBe(false);
    expect(later?.(new URL('http://x/api/seed?offset=100'))).toBe(true);
  });

  it.each([
    'hang',
    'cut-off',
    'html',
    'text',
    'no-count',
    'count:9007199254740991',
    'envelope',
    'invalid',
    'secrets',
    '404',
    '429:999999',
    'repeat-ids',
    'ignore-offset',
    'rows:1000000',
    'many-fields:100000',
    'huge-values',
    'endless',
  ])('knows the fault %s', (fault) => {
    expect(parseFaultSpec(`press_item=${fault}`).rules).toHaveLength(1);
  });

  it.each(['seed', 'seeds=500', 'seed=418', 'seed=explode', 'seed=delay:soon'])(
    'rejects "%s" with the rules it takes',
    (text) => {
      expect(() => parseStartOptions(['--faults', text])).toThrow(OptionsError);
      expect(() => parseStartOptions(['--faults', text])).toThrow(/LIST=FAULT/);
    },
  );

  it('cannot add hostile records to an upstream service', () => {
    expect(() =>
      parseStartOptions(['--faults', 'hostile', '--upstream', 'https://partner.example.org']),
    ).toThrow(/cannot be used with --upstream/);
  });
});
