/**
 * Progressive loading on a 20,000-seed catalogue, in ten pages: complete, in order, no duplicates, no gaps,
 * bounded concurrency, the cap, the services that ignore offset or send no count, and
 * cancellation that leaves no stray requests.
 */
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { defaultApiConfig, type ApiConfig } from '../../../src/api/config';
import { addsUp, loadList, PageSizes, type ListData } from '../../../src/api/load-list';
import type { Seed } from '../../../src/api/records';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { faultyCatalogue, setupCatalogueServer } from '../catalogue-server';

const catalogue = generateCatalogue({ seeds: 20_000 });
const engine = createCatalogueApi(catalogue);
const { server } = setupCatalogueServer(catalogue);
const serviceOrder = catalogue.seeds.map((s) => s.id);

/**
 * Pages of one size, three at a time: what these tests are about is order and gaps. Small pages,
 * so that the list takes ten of them, each boundary a place for a gap, while every test moves few
 * enough seeds to stay quick.
 */
const config: ApiConfig = {
  ...defaultApiConfig,
  firstPageSize: 100,
  pageSize: 2_000,
  maxPageSize: 2_000,
  concurrency: 3,
};

async function collect(iterator: AsyncGenerator<ListData<Seed>>): Promise<ListData<Seed>[]> {
  const snapshots: ListData<Seed>[] = [];
  for await (const snapshot of iterator) snapshots.push(snapshot);
  return snapshots;
}

/** Serves seeds through the engine, letting a test tamper with each request and count them. */
function seedHandler(
  tamper: (url: URL) => URL | Response | Promise<URL | Response> = (url) => url,
) {
  const log: { url: URL; at: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  server.use(
    http.get('*/api/seed', async ({ request }) => {
      const url = new URL(request.url);
      log.push({ url, at: Date.now() });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await delay(5);
        const changed = await tamper(url);
        if (changed instanceof Response) return changed;
        const answer = engine.handle('GET', changed.pathname + changed.search);
        return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
      } finally {
        inFlight--;
      }
    }),
  );
  return { log, maxInFlight: () => maxInFlight };
}

// Each test moves 20,000 seeds through the mock service: seconds of work on a busy machine.
describe('loading a large list', { timeout: 30_000 }, () => {
  it('loads all 20,000 seeds in the service order: no duplicates, no gaps', async () => {
    const { log, maxInFlight } = seedHandler();
    const snapshots = await collect(loadList('seed', { format: 'api' }, { config }));
    const last = snapshots.at(-1);
    expect(last?.complete).toBe(true);
    expect(last?.rows.map((s) => s.id)).toEqual(serviceOrder);
    expect(last?.problems).toEqual([]);
    expect(last?.notLoaded).toBe(0);
    // The first page is small so rows paint at once; the rest come in larger pages.
    expect(snapshots[0]?.rows).toHaveLength(100);
    expect(snapshots[0]?.total).toBe(20_000);
    expect(log[0]?.url.searchParams.get('limit')).toBe('100');
    const limits = log.slice(1).map((r) => r.url.searchParams.get('limit'));
    expect(limits.slice(0, -2).every((limit) => limit === '2000')).toBe(true);
    expect(limits.at(-2)).toBe('1900');
    // A count is a hint: one record past it is asked for, alongside, to see that the list ends.
    expect(log.at(-1)?.url.searchParams.get('offset')).toBe('20000');
    expect(limits.at(-1)).toBe('1');
    expect(log).toHaveLength(2 + Math.ceil((20_000 - 100) / 2_000));
    // The pages asked for at once, and beside the last of them the one record past the count.
    expect(maxInFlight()).toBeLessThanOrEqual(config.concurrency + 1);
    expect(maxInFlight()).toBeGreaterThan(1);
  });

  it('on a fast connection, shares the rest among the pages asked for at once', async () => {
    const { log } = seedHandler();
    const fast = { ...defaultApiConfig, firstPageSize: 500, concurrency: 2 };
    const last = (await collect(loadList('seed', { format: 'api' }, { config: fast }))).at(-1);
    expect(last?.rows.map((s) => s.id)).toEqual(serviceOrder);
    const pages = log.map((r) => [
      r.url.searchParams.get('offset'),
      r.url.searchParams.get('limit'),
    ]);
    expect(pages).toEqual([
      ['0', '500'],
      ['500', '9750'],
      ['10250', '9750'],
      ['20000', '1'],
    ]);
  });

  it('asks for the one record past the count while the last pages are still on their way', async () => {
    // Slow pages: the record past the count must not wait a round trip after them.
    const { log } = seedHandler(async (url) => {
      if (url.searchParams.get('limit') !== '1') await delay(150);
      return url;
    });
    const fast = { ...defaultApiConfig, firstPageSize: 500, concurrency: 2 };
    const started = Date.now();
    const last = (await collect(loadList('seed', { format: 'api' }, { config: fast }))).at(-1);
    expect(last?.rows.map((s) => s.id)).toEqual(serviceOrder);
    const probe = log.find((r) => r.url.searchParams.get('limit') === '1');
    const pages = log.filter((r) => r !== probe && r.url.searchParams.get('offset') !== '0');
    expect(probe?.url.searchParams.get('offset')).toBe('20000');
    // Asked for with the last pages, before any of them answered (each takes 150 ms and more).
    const lastAsked = Math.max(...pages.map((r) => r.at));
    expect((probe?.at ?? Infinity) - lastAsked).toBeLessThan(100);
    expect(Date.now() - started).toBeGreaterThan(300);
  });

  it('asks for the pages after the first before the first rows are shown', async () => {
    const { log } = seedHandler();
    const load = loadList('seed', { format: 'api' }, { config });
    const first = (await load.next()).value as ListData<Seed>;
    expect(first.rows).toHaveLength(100);
    // The page is still showing the first rows (it has not asked for the next snapshot), and the
    // next pages are on their way all the same.
    await vi.waitFor(() => {
      expect(log.map((r) => r.url.searchParams.get('offset'))).toEqual([
        '0',
        '100',
        '2100',
        '4100',
      ]);
    });
    await load.return(undefined);
  });

  it('every snapshot is a growing prefix of the list, with its progress', async () => {
    seedHandler();
    const snapshots = await collect(loadList('seed', { format: 'api' }, { config }));
    let previous = 0;
    for (const snapshot of snapshots) {
      expect(snapshot.rows.length).toBeGreaterThanOrEqual(previous);
      expect(snapshot.rows.map((s) => s.id)).toEqual(serviceOrder.slice(0, snapshot.rows.length));
      previous = snapshot.rows.length;
    }
    expect(snapshots.length).toBeGreaterThan(5);
  });

  it('loads a filtered list with the filters on every page', async () => {
    const { log } = seedHandler();
    const snapshots = await collect(
      loadList('seed', { format: 'api', metadataName: 'Subject' }, { config }),
    );
    const expected = catalogue.seeds.filter((s) => s.metadata.Subject).map((s) => s.id);
    expect(snapshots.at(-1)?.rows.map((s) => s.id)).toEqual(expected);
    expect(log.every((r) => r.url.searchParams.get('metadata__name') === 'Subject')).toBe(true);
  });

  it('stops at the cap and says how many rows were not loaded', async () => {
    seedHandler();
    const snapshots = await collect(
      loadList('seed', { format: 'api' }, { config: { ...config, rowCap: 4_800 } }),
    );
    const last = snapshots.at(-1);
    expect(last?.rows).toHaveLength(4_800);
    expect(last?.notLoaded).toBe(15_200);
    expect(last?.capped).toBe(true);
    expect(last?.complete).toBe(true);
  });

  it('stops at the first page the service sends again (it ignores offset), asking for no more', async () => {
    const { log } = seedHandler((url) => {
      url.searchParams.delete('offset');
      return url;
    });
    const snapshots = await collect(loadList('seed', { format: 'api' }, { config }));
    const last = snapshots.at(-1);
    expect(last?.complete).toBe(true);
    expect(last?.repeatedFrom).toBe(100);
    expect(last?.rows.map((s) => s.id)).toEqual(serviceOrder.slice(0, 100));
    // The pages already asked for at once, and not one more.
    const asked = log.length;
    expect(asked).toBeLessThanOrEqual(1 + config.concurrency);
    await delay(200);
    expect(log).toHaveLength(asked);
    expect(last?.capped).toBe(false);
  });

  it('without a count, keeps asking until a page comes back short', async () => {
    seedHandler(async (url) => {
      const answer = engine.handle('GET', url.pathname + url.search);
      await Promise.resolve();
      return new HttpResponse(answer.body, { headers: { 'Content-Type': 'application/json' } });
    });
    const snapshots = await collect(
      loadList('seed', { format: 'api', metadataName: 'Title' }, { config }),
    );
    const expected = catalogue.seeds.filter((s) => s.metadata.Title).length;
    const last = snapshots.at(-1);
    expect(last?.totalCertain).toBe(false);
    expect(last?.rows).toHaveLength(expected);
    expect(last?.total).toBe(expected);
    expect(new Set(last?.rows.map((s) => s.id)).size).toBe(expected);
  });

  it('keeps records with unreadable fields, counts the fields, and leaves out only unreadable ids', async () => {
    seedHandler(async (url) => {
      const answer = engine.handle('GET', url.pathname + url.search);
      const records = JSON.parse(answer.body ?? '[]') as Record<string, unknown>[];
      if (url.searchParams.get('offset') === '2100') {
        records[1] = { ...records[1], url: 42 };
        records[7] = { ...records[7], created_date: 'never' };
        records[9] = { ...records[9], id: 'nine' };
      }
      if (url.searchParams.get('offset') === '4100') {
        records[3] = { ...records[3], created_date: undefined };
        records[4] = { ...records[4], created_date: 12 };
      }
      await Promise.resolve();
      return HttpResponse.json(records, { headers: answer.headers });
    });
    const last = (await collect(loadList('seed', { format: 'api' }, { config }))).at(-1);
    expect(last?.rows).toHaveLength(19_999);
    expect(last?.problems.map((p) => [p.index, p.field])).toEqual([[2109, 'id']]);
    expect(last?.gaps).toEqual({
      url: { missing: 0, unreadable: 1, excerpt: '42' },
      created: { missing: 1, unreadable: 2, excerpt: '"never"' },
    });
    const kept = last?.rows.find((s) => s.unknown?.url);
    expect(kept?.url).toBeNull();
    expect(kept?.unknown?.url).toEqual({ reason: 'unreadable', excerpt: '42' });
  });

  it('fails, saying why, when not one record has a readable id', async () => {
    seedHandler(async (url) => {
      const answer = engine.handle('GET', url.pathname + url.search);
      const records = JSON.parse(answer.body ?? '[]') as Record<string, unknown>[];
      await Promise.resolve();
      return HttpResponse.json(
        records.map((r) => ({ ...r, id: `#${String(r.id)}` })),
        { headers: answer.headers },
      );
    });
    const snapshots: ListData<Seed>[] = [];
    await expect(async () => {
      for await (const s of loadList('seed', { format: 'api' }, { config })) snapshots.push(s);
    }).rejects.toThrow('The catalogue service sent 20,000 seeds, none of which has a readable id.');
    // Nothing that looks like an empty list ever reaches the page.
    expect(snapshots.some((s) => s.complete)).toBe(false);
  });
});

/** Serves seeds through the engine, with `Total-Row-Count` replaced by `count`. */
function seedsCounted(count: string) {
  return seedHandler((url) => {
    const answer = engine.handle('GET', url.pathname + url.search);
    const headers = new Headers(answer.headers);
    headers.set('Total-Row-Count', count);
    return new HttpResponse(answer.body, { status: answer.status, headers });
  });
}

describe('a count the rows do not bear out', { timeout: 30_000 }, () => {
  const claimed = Number.MAX_SAFE_INTEGER;
  // A collection whose seeds fit in the first page.
  const small = catalogue.collections.find((c) => {
    const seeds = c.num_active_seeds + c.num_inactive_seeds;
    return seeds > 10 && seeds < 100;
  });

  it('a first page shorter than asked is the whole list, and its rows are the count', async () => {
    const expected = catalogue.seeds.filter((s) => s.collection === small?.id).map((s) => s.id);
    const { log } = seedsCounted(String(claimed));
    const snapshots = await collect(
      loadList('seed', { format: 'api', collection: small?.id }, { config }),
    );
    const last = snapshots.at(-1);
    expect(last?.complete).toBe(true);
    expect(last?.rows.map((s) => s.id)).toEqual(expected);
    expect(last?.total).toBe(expected.length);
    expect(last?.claimedTotal).toBe(claimed);
    expect(last?.notLoaded).toBe(0);
    expect(log).toHaveLength(1);
  });

  it('a later page shorter than asked ends the list: nothing is said to be left out', async () => {
    const expected = catalogue.seeds.filter((s) => s.metadata.Title).map((s) => s.id);
    const { log } = seedsCounted(String(claimed));
    const snapshots = await collect(
      loadList('seed', { format: 'api', metadataName: 'Title' }, { config }),
    );
    const last = snapshots.at(-1);
    expect(last?.rows.map((s) => s.id)).toEqual(expected);
    expect(last?.total).toBe(expected.length);
    expect(last?.claimedTotal).toBe(claimed);
    expect(last?.notLoaded).toBe(0);
    // The count promised the cap's worth of pages; the loader stopped at the first short one.
    expect(log.length).toBeLessThanOrEqual(
      1 + Math.ceil((expected.length - 100) / config.pageSize) + config.concurrency,
    );
  });

  it('a count lower than the rows that came gives way to the rows', async () => {
    const expected = catalogue.seeds.filter((s) => s.collection === small?.id).length;
    seedsCounted('3');
    const last = (
      await collect(loadList('seed', { format: 'api', collection: small?.id }, { config }))
    ).at(-1);
    expect(last?.rows).toHaveLength(expected);
    expect(last?.total).toBe(expected);
    expect(last?.claimedTotal).toBe(3);
  });

  it('a count lower than a page gives way to the rows: the rest are asked for while pages come back full', async () => {
    const expected = catalogue.seeds.filter((s) => s.metadata.Title).map((s) => s.id);
    for (const count of [800, 10]) {
      seedsCounted(String(count));
      const last = (
        await collect(loadList('seed', { format: 'api', metadataName: 'Title' }, { config }))
      ).at(-1);
      expect(last?.rows.map((s) => s.id)).toEqual(expected);
      expect(last?.total).toBe(expected.length);
      expect(last?.claimedTotal).toBe(count);
      expect(last?.capped).toBe(false);
    }
  });

  it('a count that matches the rows is not questioned', async () => {
    seedHandler();
    const last = (await collect(loadList('seed', { format: 'api' }, { config }))).at(-1);
    expect(last?.claimedTotal).toBeNull();
    expect(last?.total).toBe(20_000);
  });
});

describe('lists that do not add up', { timeout: 30_000 }, () => {
  const sized = (min: number, max: number) =>
    catalogue.collections.find((c) => {
      const seeds = c.num_active_seeds + c.num_inactive_seeds;
      return seeds >= min && seeds <= max;
    })?.id;

  it('shows each id repeated within pages once, and counts the repeats', async () => {
    const collection = sized(400, 1_200);
    const expected = catalogue.seeds.filter((s) => s.collection === collection).map((s) => s.id);
    faultyCatalogue(server, catalogue).inject('seed', { kind: 'repeat-ids' });
    const last = (await collect(loadList('seed', { format: 'api', collection }, { config }))).at(
      -1,
    );
    expect(last?.rows.map((s) => s.id)).toEqual(expected);
    expect(last?.repeated).toBe(expected.length);
    expect(last?.repeatedFrom).toBeNull();
    expect(last?.complete).toBe(true);
    expect(addsUp(last as ListData<Seed>)).toBe(false);
  });

  it('without a count, stops at the cap and says there may be more', async () => {
    faultyCatalogue(server, catalogue).inject('seed', { kind: 'no-count' });
    const last = (
      await collect(loadList('seed', { format: 'api' }, { config: { ...config, rowCap: 4_800 } }))
    ).at(-1);
    expect(last?.rows).toHaveLength(4_800);
    expect(last?.capped).toBe(true);
    expect(last?.notLoaded).toBe(0);
    expect(last?.totalCertain).toBe(false);
  });

  it('with a count above the cap, stops there and says how many are not loaded', async () => {
    const faults = faultyCatalogue(server, catalogue);
    faults.inject('seed', { kind: 'rows', rows: 1_000_000 });
    const last = (
      await collect(loadList('seed', { format: 'api' }, { config: { ...config, rowCap: 4_800 } }))
    ).at(-1);
    expect(last?.rows).toHaveLength(4_800);
    expect(last?.capped).toBe(true);
    expect(last?.total).toBe(1_000_000);
    expect(last?.notLoaded).toBe(995_200);
    // Never past the cap.
    expect(Math.max(...faults.requests.map((r) => offsetAndLimit(r.url)))).toBe(4_800);
  });

  it('a whole list that matched its count adds up', async () => {
    seedHandler();
    const last = (
      await collect(loadList('seed', { format: 'api', collection: sized(10, 400) }, { config }))
    ).at(-1);
    expect(addsUp(last as ListData<Seed>)).toBe(true);
  });
});

/** Where a request's page ends. */
const offsetAndLimit = (url: URL) =>
  Number(url.searchParams.get('offset') ?? 0) + Number(url.searchParams.get('limit') ?? 0);

describe('failures and cancellation', { timeout: 30_000 }, () => {
  it('a page that keeps failing stops the load; a retry continues from where it stopped', async () => {
    let broken = true;
    const { log } = seedHandler((url) =>
      broken && url.searchParams.get('offset') === '4100'
        ? HttpResponse.json({ detail: 'down' }, { status: 500 })
        : url,
    );
    const snapshots: ListData<Seed>[] = [];
    await expect(async () => {
      for await (const s of loadList('seed', { format: 'api' }, { config })) snapshots.push(s);
    }).rejects.toThrow(/HTTP 500/);
    const partial = snapshots.at(-1);
    expect(partial?.complete).toBe(false);
    expect(partial?.rows).toHaveLength(4_100);

    broken = false;
    const before = log.length;
    const resumed = await collect(
      loadList('seed', { format: 'api' }, { config, resumeFrom: partial }),
    );
    expect(resumed.at(-1)?.rows.map((s) => s.id)).toEqual(serviceOrder);
    // The retry did not fetch the first pages again.
    expect(log.slice(before).map((r) => r.url.searchParams.get('offset'))).not.toContain('0');
  });

  it('cancelling stops every request: none starts or finishes afterwards', async () => {
    const { log } = seedHandler(async (url) => {
      await delay(40);
      return url;
    });
    const controller = new AbortController();
    const load = collect(
      loadList('seed', { format: 'api' }, { config, signal: controller.signal }),
    );
    await delay(120);
    controller.abort();
    await expect(load).rejects.toMatchObject({ name: 'AbortError' });
    const requestsAtAbort = log.length;
    await delay(300);
    expect(log.length).toBe(requestsAtAbort);
    expect(requestsAtAbort).toBeLessThan(1 + Math.ceil(19_900 / 2_000));
  });
});

describe('the size of the next page', () => {
  const sizes = { ...defaultApiConfig, pageSize: 5_000, maxPageSize: 50_000, pageMs: 2_000 };

  it('is as many rows as came in two seconds at the pace of the last page, in thousands', () => {
    const next = new PageSizes(sizes, null);
    expect(next.next()).toBe(5_000);
    next.took(5_000, 1_000);
    expect(next.next()).toBe(10_000);
    next.took(10_000, 1_600);
    expect(next.next()).toBe(13_000);
  });

  it('stays between the least and the largest page', () => {
    const next = new PageSizes(sizes, null);
    next.took(5_000, 20_000);
    expect(next.next()).toBe(5_000);
    next.took(5_000, 10);
    expect(next.next()).toBe(50_000);
  });

  it('starts from the pace of the first page once its answer had begun, for twice as long', () => {
    // A slow connection: 500 rows took half a second to arrive.
    expect(new PageSizes(sizes, { rows: 500, ms: 500 }).next()).toBe(5_000);
    expect(new PageSizes(sizes, { rows: 500, ms: 100 }).next()).toBe(20_000);
    // A fast one: they were there at once.
    expect(new PageSizes(sizes, { rows: 500, ms: 3 }).next()).toBe(50_000);
    expect(new PageSizes(sizes, { rows: 500, ms: 0 }).next()).toBe(50_000);
    // Nothing to measure by: the least page.
    expect(new PageSizes(sizes, { rows: 0, ms: 0 }).next()).toBe(5_000);
  });
});
