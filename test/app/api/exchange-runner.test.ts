/**
 * Where a page of a list is asked for and read: a big one in the list worker, a small one in the
 * page, and every one in the page when the worker cannot start or dies, with the same rows each
 * way; a cancelled request is cancelled in the worker too.
 */
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPage } from '../../../src/api/client';
import { PARALLEL_PAGES } from '../../../src/api/config';
import { exchangesRunIn } from '../../../src/api/exchange-runner';
import { toPlain } from '../../../src/api/row-block';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';
import { installFakeWorker, removeFakeWorker } from '../fake-worker';

const { server } = setupCatalogueServer(generateCatalogue({ seeds: 3_000 }));

afterEach(() => {
  removeFakeWorker();
});

const asked = (workers: readonly { asked: number }[]) =>
  workers.reduce((sum, worker) => sum + worker.asked, 0);

/** Pages of 2,000 and of 100 seeds, read wherever they are read now, as plain records. */
async function pages() {
  const big = await fetchPage('seed', { limit: 2_000, offset: 500, format: 'api' });
  const small = await fetchPage('seed', { limit: 100, format: 'api' });
  // What was read, not how long it took to arrive.
  return [big, small].map((page) => ({
    ...page,
    records: page.records.map(toPlain),
    block: null,
    transferMs: null,
  }));
}

describe('where pages are read', () => {
  it('a big page in the list worker, a small one in the page, each as the page would read it', async () => {
    exchangesRunIn('page');
    const inPage = await pages();
    const workers = installFakeWorker();
    const placed = await pages();
    // One worker per page asked for at once, started with the first big page.
    expect(workers).toHaveLength(PARALLEL_PAGES);
    expect(asked(workers)).toBe(1);
    expect(placed).toEqual(inPage);
    expect(placed[0]?.records).toHaveLength(2_000);
  });

  it('starts no worker for small pages: a page whose lists are all small loads no worker code', async () => {
    const workers = installFakeWorker();
    await fetchPage('seed', { limit: 100, format: 'api' });
    await fetchPage('seed_group', { limit: 1_000, format: 'api' });
    expect(workers).toHaveLength(0);
  });

  it('every page in the page when the worker cannot start, none lost', async () => {
    exchangesRunIn('page');
    const inPage = await pages();
    installFakeWorker('fails');
    expect(await pages()).toEqual(inPage);
  });

  it('asks again from the page what a dying worker held, and uses the page from then on', async () => {
    exchangesRunIn('page');
    const inPage = await pages();
    const workers = installFakeWorker('dies');
    const big = () => fetchPage('seed', { limit: 2_000, offset: 500, format: 'api' });
    await big();
    const [again] = await Promise.all([big(), big()]);
    expect(again.records.map(toPlain)).toEqual(inPage[0]?.records);
    expect(asked(workers)).toBe(3);
    expect((await big()).records).toHaveLength(2_000);
    expect(asked(workers)).toBe(3);
  });

  it('a cancelled page is cancelled in the worker, and the request rejects with the abort', async () => {
    const workers = installFakeWorker();
    const seen: string[] = [];
    server.use(
      http.get('*/api/seed', async ({ request }) => {
        seen.push(request.url);
        await delay(300);
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const request = fetchPage('seed', { limit: 2_000 }, { signal: controller.signal });
    await vi.waitFor(() => {
      expect(seen).toHaveLength(1);
    });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(workers.reduce((sum, worker) => sum + worker.cancelled, 0)).toBe(1);
    await delay(400);
    expect(seen).toHaveLength(1);
  });

  it('every page in the page where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    exchangesRunIn('by size');
    const [big] = await pages();
    expect(big?.records).toHaveLength(2_000);
  });
});
