/**
 * The saved catalogue, on an in-memory IndexedDB: a whole list comes back exactly, at once, under
 * its own service, catalogue and filters only, for a day; nothing secret is stored; a store that
 * refuses means no saving, said once; and the clear control empties it.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultApiConfig } from '../../../src/api/config';
import { listView, useSeeds } from '../../../src/api/hooks';
import { loadList, type ListData } from '../../../src/api/load-list';
import { toPlain } from '../../../src/api/row-block';
import {
  SAVED_FOR_MS,
  clearSavedLists,
  restoreList,
  saveList,
  savedListKey,
  savesWritten,
} from '../../../src/api/saved-lists';
import { savingState, setSaving } from '../../../src/api/saved-store';
import { SavedData } from '../../../src/components/saved-data';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';

const catalogue = generateCatalogue({ seeds: 1_500 });
const engine = createCatalogueApi(catalogue);
const { server } = setupCatalogueServer(catalogue);

const config = { ...defaultApiConfig, firstPageSize: 100, pageSize: 400, maxPageSize: 400 };

async function loadWhole(filters = {}): Promise<ListData<unknown>> {
  let last: ListData<unknown> | undefined;
  for await (const snapshot of loadList('seed', { format: 'api', ...filters }, { config })) {
    last = snapshot;
  }
  if (!last) throw new Error('no list');
  return last;
}

function setSource(name: string | null) {
  document.head.querySelector('meta[name="catalogue-source"]')?.remove();
  if (name === null) return;
  const meta = document.createElement('meta');
  meta.name = 'catalogue-source';
  meta.content = name;
  document.head.append(meta);
}

/** How many blocks of rows the store holds. */
async function storedBlocks(): Promise<number> {
  const db = await openDatabase();
  const keys = await new Promise<IDBValidKey[]>((resolve) => {
    const request = db.transaction('saved-lists').objectStore('saved-lists').getAllKeys();
    request.onsuccess = () => {
      resolve(request.result);
    };
  });
  db.close();
  return keys.filter((key) => typeof key === 'string' && key.startsWith('block:')).length;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('catalogue-explorer');
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error('open failed'));
    };
  });
}

/** Every string the store holds, however deep. */
async function storedText(): Promise<string> {
  const db = await openDatabase();
  const values = await new Promise<unknown[]>((resolve) => {
    const request = db.transaction('saved-lists').objectStore('saved-lists').getAll();
    request.onsuccess = () => {
      resolve(request.result as unknown[]);
    };
  });
  db.close();
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object' && !ArrayBuffer.isView(value))
      for (const inner of Object.values(value)) walk(inner);
  };
  walk(values);
  return strings.join('\n');
}

beforeEach(() => {
  setSaving(true);
  setSource('sample-a');
});

afterEach(async () => {
  await clearSavedLists();
  setSaving(false);
  setSource(null);
  vi.restoreAllMocks();
});

describe('a saved list', () => {
  it('comes back exactly as it was saved: every row, every count, every notice', async () => {
    const list = await loadWhole();
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, list, 1_000_000);
    const back = await restoreList('seed', key, { now: 1_000_000 + 12 * 60_000 });
    expect(back?.savedAt).toBe(1_000_000);
    expect(back?.rows.map((row) => toPlain(row as object))).toEqual(
      list.rows.map((row) => toPlain(row as object)),
    );
    expect(back?.rows).toHaveLength(catalogue.seeds.length);
    expect({ ...back, rows: 0, blocks: 0, savedAt: 0 }).toEqual({
      ...list,
      rows: 0,
      blocks: 0,
      savedAt: 0,
    });
  });

  it('is kept for a day, and no longer', async () => {
    const list = await loadWhole();
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, list, 0);
    expect(await restoreList('seed', key, { now: SAVED_FOR_MS })).toBeDefined();
    expect(await restoreList('seed', key, { now: SAVED_FOR_MS + 1 })).toBeUndefined();
    // And it is gone from the store, not merely hidden.
    expect(await restoreList('seed', key, { now: 0 })).toBeUndefined();
  });

  it('belongs to its catalogue, service and filters: no other sees it', async () => {
    const list = await loadWhole();
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, list);
    setSource('sample-b');
    expect(
      await restoreList('seed', savedListKey('seed', { format: 'api' }, config)),
    ).toBeUndefined();
    setSource('sample-a');
    const elsewhere = { ...config, baseUrl: 'https://other.example' };
    expect(
      await restoreList('seed', savedListKey('seed', { format: 'api' }, elsewhere)),
    ).toBeUndefined();
    expect(
      await restoreList('seed', savedListKey('seed', { format: 'api', collection: 1 }, config)),
    ).toBeUndefined();
    expect(await restoreList('seed', key)).toBeDefined();
  });

  it('stays whole while a newer copy is written, which then replaces it', async () => {
    const list = await loadWhole();
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, list, 1_000);
    const save = { written: false };
    const saving = saveList(key, list, 2_000).then(() => {
      save.written = true;
    });
    // A reload at any moment of the new save finds a whole list: the old one, then the new one.
    const seen: number[] = [];
    while (!save.written) {
      const back = await restoreList('seed', key, { now: 3_000 });
      expect(back?.rows).toHaveLength(catalogue.seeds.length);
      seen.push(back?.savedAt ?? 0);
    }
    await saving;
    expect(seen).toContain(1_000);
    expect((await restoreList('seed', key, { now: 3_000 }))?.savedAt).toBe(2_000);
    // The old copy's rows are gone from the store, not merely unnamed.
    expect(await storedBlocks()).toBe(Math.ceil((catalogue.seeds.length - 100) / 400) + 1);
  });

  it('is only a whole list that matched its pages', async () => {
    const list = await loadWhole();
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, { ...list, complete: false });
    expect(await restoreList('seed', key)).toBeUndefined();
    // Rows skipped as repeats (the list moved while it loaded): not a copy to come back to.
    await saveList(key, { ...list, rows: list.rows.slice(1) });
    expect(await restoreList('seed', key)).toBeUndefined();
  });

  it('is never shown from a block that does not hold together', async () => {
    const list = await loadWhole();
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, list);
    expect(await restoreList('seed', key)).toBeDefined();
    // One block cut short in the store (another version's, a damaged disk): the list is not shown.
    const db = await openDatabase();
    const store = () => db.transaction('saved-lists', 'readwrite').objectStore('saved-lists');
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const request = store().getAllKeys();
      request.onsuccess = () => {
        resolve(request.result);
      };
    });
    const blockKey = keys.find((k) => typeof k === 'string' && k.startsWith('block:'));
    if (blockKey === undefined) throw new Error('no block stored');
    const block = await new Promise<{ length: number }>((resolve) => {
      const request = store().get(blockKey);
      request.onsuccess = () => {
        resolve(request.result as { length: number });
      };
    });
    await new Promise((resolve) => {
      store().put({ ...block, length: block.length + 1 }, blockKey).onsuccess = resolve;
    });
    db.close();
    expect(await restoreList('seed', key)).toBeUndefined();
  });

  it('never holds a secret the service sent', async () => {
    server.use(
      http.get('*/api/seed', ({ request }) => {
        const url = new URL(request.url);
        const answer = engine.handle('GET', url.pathname + url.search);
        const records = (JSON.parse(answer.body ?? '[]') as Record<string, unknown>[]).map(
          (seed) => ({
            ...seed,
            login_username: 'SECRET-user',
            login_password: 'SECRET-password',
            metadata: { ...(seed.metadata as object), Password: [{ id: 1, value: 'SECRET-m' }] },
          }),
        );
        return HttpResponse.json(records, { headers: answer.headers });
      }),
    );
    const list = await loadWhole();
    await saveList(savedListKey('seed', { format: 'api' }, config), list);
    const text = await storedText();
    expect(text).toContain(String(list.rows.length > 0 && catalogue.seeds[0]?.url));
    expect(text).not.toContain('SECRET');
    expect(text).not.toMatch(/login_|password/i);
  });
});

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

describe('after a reload', () => {
  it('shows the saved rows before the service answers, then the fresh list once it is whole', async () => {
    const first = renderHook(
      () => listView(useSeeds({ collection: catalogue.seeds[0]?.collection })),
      {
        wrapper: wrapper(new QueryClient()),
      },
    );
    await waitFor(() => {
      expect(first.result.current.data?.complete).toBe(true);
    });
    const loaded = first.result.current.rows.length;
    await savesWritten();
    first.unmount();

    // The service is slow now: the saved copy shows while the fresh one loads behind it.
    let answered = 0;
    server.use(
      http.get('*/api/seed', async ({ request }) => {
        await delay(300);
        answered++;
        const url = new URL(request.url);
        const answer = engine.handle('GET', url.pathname + url.search);
        return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
      }),
    );
    const reload = renderHook(
      () => listView(useSeeds({ collection: catalogue.seeds[0]?.collection })),
      { wrapper: wrapper(new QueryClient()) },
    );
    await waitFor(() => {
      expect(reload.result.current.rows).toHaveLength(loaded);
    });
    expect(answered).toBe(0);
    expect(reload.result.current.savedAt).not.toBeNull();
    expect(reload.result.current.refreshing).toBe(true);
    await waitFor(
      () => {
        expect(reload.result.current.savedAt).toBeNull();
      },
      { timeout: 5_000 },
    );
    expect(answered).toBeGreaterThan(0);
    expect(reload.result.current.rows).toHaveLength(loaded);
    expect(reload.result.current.refreshing).toBe(false);
  });
});

describe('a background refresh', () => {
  async function reloadAfterSave(changed: boolean) {
    const key = savedListKey('seed', { format: 'api' }, defaultApiConfig);
    const first = renderHook(() => listView(useSeeds()), { wrapper: wrapper(new QueryClient()) });
    await waitFor(() => {
      expect(first.result.current.data?.complete).toBe(true);
    });
    await savesWritten();
    first.unmount();
    const savedBefore = (await restoreList('seed', key))?.savedAt;
    // The service answers slowly, the same rows or every address changed.
    server.use(
      http.get('*/api/seed', async ({ request }) => {
        await delay(200);
        const url = new URL(request.url);
        const answer = engine.handle('GET', url.pathname + url.search);
        const records = (JSON.parse(answer.body as string) as { url: string }[]).map((r) =>
          changed ? { ...r, url: `${r.url}#renamed` } : r,
        );
        return HttpResponse.json(records, { headers: answer.headers });
      }),
    );
    const reload = renderHook(() => listView(useSeeds()), { wrapper: wrapper(new QueryClient()) });
    await waitFor(() => {
      expect(reload.result.current.savedAt).not.toBeNull();
    });
    const shown = reload.result.current.rows;
    await waitFor(() => {
      expect(reload.result.current.savedAt).toBeNull();
    });
    await savesWritten();
    const saved = await restoreList('seed', key);
    return { shown, after: reload.result.current.rows, savedBefore, saved };
  }

  it('that brought the same rows keeps those on screen, and dates the saved copy afresh', async () => {
    const { shown, after, savedBefore, saved } = await reloadAfterSave(false);
    expect(after).toBe(shown);
    expect(saved?.savedAt).toBeGreaterThanOrEqual(savedBefore ?? Infinity);
    expect(saved?.rows).toHaveLength(catalogue.seeds.length);
  });

  it('that brought changed rows shows and saves those', async () => {
    const { shown, after, saved } = await reloadAfterSave(true);
    expect(after).not.toBe(shown);
    expect(after).toHaveLength(catalogue.seeds.length);
    expect((after[0] as { url: string }).url).toMatch(/#renamed$/);
    expect((saved?.rows[0] as { url: string } | undefined)?.url).toMatch(/#renamed$/);
  });
});

describe('a store that refuses', () => {
  it('means no saving, said once, and every list still loads', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    render(<SavedData />);
    const list = await loadWhole();
    await act(() => saveList(savedListKey('seed', { format: 'api' }, config), list));
    await act(() => saveList(savedListKey('seed', { format: 'api', collection: 2 }, config), list));
    expect(savingState()).toEqual({
      kind: 'unavailable',
      reason: expect.stringContaining('no room'),
    });
    expect(screen.getAllByRole('status').filter((s) => s.textContent !== '')).toHaveLength(1);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'Lists are not kept for faster reloads: the browser has no room left for them.',
    );
    expect(list.rows).toHaveLength(catalogue.seeds.length);
  });

  it('once, after a list was saved, still clears everything on request', async () => {
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, await loadWhole());
    expect(await storedBlocks()).toBeGreaterThan(0);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    render(<SavedData />);
    const other = savedListKey('seed', { format: 'api', collection: 2 }, config);
    const list = await loadWhole();
    await act(() => saveList(other, list));
    expect(put).toHaveBeenCalled();
    expect(savingState().kind).toBe('unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Clear saved data' }));
    expect(await screen.findByText('Saved data cleared.', { exact: false })).toBeVisible();
    expect(await storedText()).toBe('');
    expect(await storedBlocks()).toBe(0);
  });
});

describe('a list that does not add up', () => {
  it('is never kept: cut, repeated, capped, miscounted or sent again', async () => {
    const list = await loadWhole();
    const key = savedListKey('seed', { format: 'api' }, config);
    const spoilt: Partial<ListData<unknown>>[] = [
      { oversize: { cut: 1, longest: 52_428_800, crowded: 0, mostFields: 0 } },
      { oversize: { cut: 0, longest: 0, crowded: 1, mostFields: 100_000 } },
      { repeated: 1_500 },
      { repeatedFrom: 500 },
      { capped: true },
      { capped: true, notLoaded: 500_000 },
      { claimedTotal: 2_000 },
    ];
    for (const change of spoilt) {
      await saveList(key, { ...list, ...change });
      expect(await restoreList('seed', key), JSON.stringify(change)).toBeUndefined();
    }
    await saveList(key, list);
    expect(await restoreList('seed', key)).toBeDefined();
  });
});

describe('a restore', () => {
  it(
    'that takes too long is dropped, with a quiet note, and the list loads afresh',
    { timeout: 10_000 },
    async () => {
      const key = savedListKey('seed', { format: 'api' }, config);
      await saveList(key, await loadWhole());
      render(<SavedData />);
      // The store does not answer the restore's first read.
      vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementationOnce(() => ({}) as IDBRequest);
      const started = Date.now();
      expect(await restoreList('seed', key)).toBeUndefined();
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(
        await screen.findByText(
          'A saved list could not be read back in time, so it was loaded from the catalogue service instead.',
          { exact: false },
        ),
      ).toBeVisible();
      // And it is gone, so the next visit does not wait for it again.
      await savesWritten();
      expect(await restoreList('seed', key)).toBeUndefined();
    },
  );
});

describe('the clear control', () => {
  it('empties the saved catalogue', async () => {
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, await loadWhole());
    expect(await restoreList('seed', key)).toBeDefined();
    render(<SavedData />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear saved data' }));
    expect(await screen.findByText('Saved data cleared.', { exact: false })).toBeVisible();
    expect(await restoreList('seed', key)).toBeUndefined();
    expect(await storedText()).toBe('');
  });
});
