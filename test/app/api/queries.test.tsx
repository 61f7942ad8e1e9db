/**
 * The query factories and hooks, each test with a fresh QueryClient and MSW on the embedded engine:
 * keys carry every input, lists stream in, filter changes cancel, the cache makes going back
 * instant, and a failed refresh keeps the rows on screen.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultApiConfig } from '../../../src/api/config';
import { listView, useSeeds } from '../../../src/api/hooks';
import { collectionQueries, seedQueries, type SeedFilters } from '../../../src/api/queries';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';

const catalogue = generateCatalogue({ seeds: 12_000 });
const engine = createCatalogueApi(catalogue);
const { server } = setupCatalogueServer(catalogue);

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

function freshClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Serves seeds slowly through the engine and records every request. */
function slowSeeds(ms = 20, fail?: (url: URL) => boolean) {
  const log: URL[] = [];
  server.use(
    http.get('*/api/seed', async ({ request }) => {
      const url = new URL(request.url);
      log.push(url);
      await delay(ms);
      if (fail?.(url)) return HttpResponse.json({ detail: 'broken' }, { status: 500 });
      const answer = engine.handle('GET', url.pathname + url.search);
      return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
    }),
  );
  return log;
}

describe('query keys', () => {
  it('hold every input of the fetch, and unset filters are the same as none', () => {
    const a = seedQueries.list({ collection: 1 }).queryKey;
    const b = seedQueries.list({ collection: 2 }).queryKey;
    const c = seedQueries.list({ collection: 1, metadataName: 'Title' }).queryKey;
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
    expect(seedQueries.list({ collection: undefined, metadataPrefix: '' }).queryKey).toEqual(
      seedQueries.list({}).queryKey,
    );
    expect(collectionQueries.list({ state: 'ACTIVE' }).queryKey).toEqual([
      'collection',
      'list',
      { state: 'ACTIVE' },
    ]);
  });

  it('nest under key-only levels for invalidation', () => {
    expect(seedQueries.list({ collection: 3 }).queryKey.slice(0, 2)).toEqual(seedQueries.lists());
  });
});

/** Pages of fixed sizes, so a test can say which page a failure hits. */
const fixedPages = {
  ...defaultApiConfig,
  firstPageSize: 100,
  pageSize: 5_000,
  maxPageSize: 5_000,
};

describe('useSeeds', () => {
  it('paints the first page, reports progress, then holds every seed', async () => {
    // The pages after the first wait until the test has seen the progress.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/seed', async ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('offset') !== '0') await gate;
        const answer = engine.handle('GET', url.pathname + url.search);
        return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
      }),
    );
    const client = freshClient();
    const { result } = renderHook(() => listView(useQuery(seedQueries.list({}, fixedPages))), {
      wrapper: wrapper(client),
    });
    expect(result.current.loadingFirst).toBe(true);
    await waitFor(() => {
      expect(result.current.rows.length).toBeGreaterThan(0);
    });
    expect(result.current.total).toBe(12_000);
    expect(result.current.loadingMore).toBe(true);
    expect(result.current.loaded).toBe(100);
    release();
    await waitFor(() => {
      expect(result.current.data?.complete).toBe(true);
    });
    expect(result.current.loaded).toBe(12_000);
    expect(result.current.loadingMore).toBe(false);
  });

  it('a filter change cancels the old load: no request for the old filters starts afterwards', async () => {
    const log = slowSeeds(40);
    const client = freshClient();
    const target = catalogue.collections.find((c) => c.num_active_seeds > 50)?.id ?? 0;
    // Small pages, so most of the old load has not started when the filter changes.
    const config = { ...defaultApiConfig, pageSize: 500 };
    const { result, rerender } = renderHook(
      ({ filters }: { filters: SeedFilters }) =>
        listView(useQuery(seedQueries.list(filters, config))),
      { wrapper: wrapper(client), initialProps: { filters: {} } },
    );
    await waitFor(() => {
      expect(result.current.rows.length).toBeGreaterThan(0);
    });
    rerender({ filters: { collection: target } });
    const switchedAt = log.length;
    await waitFor(() => {
      expect(result.current.data?.complete).toBe(true);
    });
    await delay(300);
    const unfilteredAfter = log.slice(switchedAt).filter((u) => !u.searchParams.has('collection'));
    expect(unfilteredAfter).toEqual([]);
    expect(result.current.rows.every((s) => s.collectionId === target)).toBe(true);
  });

  it('going back to a list is instant from the cache', async () => {
    const log = slowSeeds(1);
    const client = freshClient();
    const first = renderHook(() => listView(useSeeds({ metadataName: 'Rights' })), {
      wrapper: wrapper(client),
    });
    await waitFor(() => {
      expect(first.result.current.data?.complete).toBe(true);
    });
    first.unmount();
    const requests = log.length;
    const again = renderHook(() => listView(useSeeds({ metadataName: 'Rights' })), {
      wrapper: wrapper(client),
    });
    expect(again.result.current.data?.complete).toBe(true);
    expect(again.result.current.loadingFirst).toBe(false);
    await delay(50);
    expect(log.length).toBe(requests);
  });

  it('a failed load keeps the rows that arrived; retry continues from there', async () => {
    let broken = true;
    const log = slowSeeds(1, (url) => broken && url.searchParams.get('offset') === '5100');
    const client = freshClient();
    const { result } = renderHook(() => listView(useQuery(seedQueries.list({}, fixedPages))), {
      wrapper: wrapper(client),
    });
    // The client retries a 500 twice, with backoff, before it gives up.
    await waitFor(
      () => {
        expect(result.current.error).not.toBeNull();
      },
      { timeout: 5_000 },
    );
    expect(result.current.error?.message).toMatch(/HTTP 500/);
    expect(result.current.rows).toHaveLength(5_100);
    broken = false;
    const before = log.length;
    act(() => {
      result.current.retry();
    });
    await waitFor(() => {
      expect(result.current.data?.complete).toBe(true);
    });
    expect(result.current.rows).toHaveLength(12_000);
    expect(result.current.error).toBeNull();
    expect(log.slice(before).some((u) => u.searchParams.get('offset') === '0')).toBe(false);
  });

  it('a failed background refresh keeps the rows on screen and marks them stale', async () => {
    let broken = false;
    slowSeeds(1, () => broken);
    const client = freshClient();
    const { result } = renderHook(() => listView(useSeeds({ metadataName: 'Coverage' })), {
      wrapper: wrapper(client),
    });
    await waitFor(() => {
      expect(result.current.data?.complete).toBe(true);
    });
    const rows = result.current.rows;
    broken = true;
    act(() => {
      result.current.retry();
    });
    await waitFor(
      () => {
        expect(result.current.stale).toBe(true);
      },
      { timeout: 5_000 },
    );
    expect(result.current.rows).toBe(rows);
    expect(result.current.error?.message).toMatch(/HTTP 500/);
  });
});
